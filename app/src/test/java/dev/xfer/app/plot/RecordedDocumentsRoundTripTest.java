package dev.xfer.app.plot;

import dev.xfer.app.devices.DeviceInventoryDocument;
import dev.xfer.app.doctor.DoctorDocument;
import dev.xfer.app.documents.MeasuredDocument;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.topo.TopoDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every JSON document among the test resources (the goldens, the real H200 documents, the recorded
 * noise runs), found by walking the folders rather than listed, binds into the records its command
 * writes and writes back byte for byte: the net a change of reader must pass through.
 */
class RecordedDocumentsRoundTripTest {

    /** The folders of documents xfer wrote; the others hold inputs of other tools (sysfs, nvbandwidth, schemas). */
    private static final List<String> FOLDERS = List.of("golden", "h200", "noise");

    static Stream<String> documents() throws IOException, URISyntaxException {
        Path root = Path.of(RecordedDocumentsRoundTripTest.class.getResource("/golden").toURI()).getParent();
        List<String> names = new java.util.ArrayList<>();
        for (String folder : FOLDERS) {
            try (Stream<Path> files = Files.walk(root.resolve(folder))) {
                files.filter(f -> f.toString().endsWith(".json"))
                        .map(f -> root.relativize(f).toString().replace('\\', '/'))
                        .sorted()
                        .forEach(names::add);
            }
        }
        return names.stream();
    }

    @ParameterizedTest
    @MethodSource("documents")
    void bindsAndWritesBackByteForByte(String name) throws IOException, URISyntaxException {
        Path file = Path.of(RecordedDocumentsRoundTripTest.class.getResource("/" + name).toURI());
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(text, Json.write(bound(text)), name);
    }

    /** {@code text} bound to its command's records: those plot reads, else the inventories' own. */
    private static Object bound(String text) {
        return switch (PlotDocument.of(text)) {
            case PlotDocument.Measured measured -> switch (measured.document()) {
                case MeasuredDocument.Run run -> run.document();
                case MeasuredDocument.Repeated repeated -> repeated.document();
                case MeasuredDocument.Smoke smoke -> smoke.document();
            };
            case PlotDocument.Fleet fleet -> fleet.document();
            case PlotDocument.Compare compare -> compare.document();
            case PlotDocument.Other other -> new RecordBinder().read(text, inventory(other.command()));
        };
    }

    private static Class<?> inventory(String command) {
        return switch (command) {
            case TopoDocument.COMMAND -> TopoDocument.class;
            case DoctorDocument.COMMAND -> DoctorDocument.class;
            case DeviceInventoryDocument.COMMAND -> DeviceInventoryDocument.class;
            default -> throw new AssertionError(command + " has no records to bind to");
        };
    }
}
