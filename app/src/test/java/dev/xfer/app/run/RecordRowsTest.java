package dev.xfer.app.run;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.ExpectationRow;
import dev.xfer.app.output.Extras;
import dev.xfer.app.output.FieldMap;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.Stopped;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A command's own records plug into the envelope where its maps do today ({@link FieldMap}), and
 * every output of the document (JSON, JSON Lines rows and summary, the devices and --runs shapes)
 * is byte for byte the same either way: moving a command from maps to records changes no file.
 */
class RecordRowsTest {
    record Plan(List<Long> sizes, int iterations) implements Parameters {
        @Override
        public void identity(IdentityFields into) {
        }
    }

    record Copy(String direction, long bytes, double gbps) implements Row {
        @Override
        public List<Result> results(RowScope scope) {
            return List.of();
        }

        @Override
        public MeasuringDocument.Row status() {
            return RowStatus.judged(false).row();
        }
    }

    record Model(double idealMs) implements Extras {
    }

    record Added(Model model) implements Extras {
    }

    private static GpuDocument typed() {
        return GpuDocument.of("bandwidth", ResultsFixtures.context(), new Plan(List.of(4096L), 5),
                List.of(new Copy("h2d", 4096, 12.5), new Copy("d2h", 4096, 11.0)), List.of())
                .withExtras(new Added(new Model(1.5)));
    }

    private static GpuDocument maps() {
        return Documents.document("bandwidth", ResultsFixtures.context(),
                        JsonMaps.object("sizes", List.of(4096L), "iterations", 5),
                        List.of(JsonMaps.object("direction", "h2d", "bytes", 4096L, "gbps", 12.5),
                                JsonMaps.object("direction", "d2h", "bytes", 4096L, "gbps", 11.0)), List.of())
                .withExtras(FieldMap.of(JsonMaps.object("model", JsonMaps.object("idealMs", 1.5))));
    }

    @Test
    void aCommandsRecordsAreWrittenAsItsMapsWere() {
        assertEquals(Json.write(maps()), Json.write(typed()));
    }

    @Test
    void theJsonLinesRowsAndSummaryAreTheSameEitherWay() {
        RunDocument typed = typed().withOutcome(List.<ExpectationRow>of(),
                Optional.of(new Stopped("SIGINT", 1, 2, "interrupted (SIGINT) after 1 of 2 configurations")));
        RunDocument maps = maps().withOutcome(List.of(),
                Optional.of(new Stopped("SIGINT", 1, 2, "interrupted (SIGINT) after 1 of 2 configurations")));
        assertEquals(RowStream.resultLines(maps, 2), RowStream.resultLines(typed, 2));
        assertEquals(Json.writeLine(RowStream.summary(maps, false)), Json.writeLine(RowStream.summary(typed, false)));
        assertEquals("{\"record\": \"result\", \"command\": \"bandwidth\", \"device\": 0, \"run\": 2,"
                + " \"direction\": \"h2d\", \"bytes\": 4096, \"gbps\": 12.5}", RowStream.resultLines(typed, 2).getFirst());
    }

    @Test
    void theSeveralDeviceShapeIsTheSameEitherWay() {
        DevicesDocument typed = DevicesDocument.of("bandwidth", new Plan(List.of(4096L), 5), List.of(typed(), typed()));
        DevicesDocument maps = Documents.devicesDocument("bandwidth",
                JsonMaps.object("sizes", List.of(4096L), "iterations", 5), List.of(maps(), maps()));
        assertEquals(Json.write(maps), Json.write(typed));
        assertEquals(RowStream.resultLines(maps), RowStream.resultLines(typed));
    }
}
