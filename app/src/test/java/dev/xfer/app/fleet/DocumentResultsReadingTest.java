package dev.xfer.app.fleet;

import dev.xfer.app.result.BaseUnit;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Documents of today's version (the golden and H200 files) read into results, bound into their
 * commands' records; bad fields refused by name.
 */
class DocumentResultsReadingTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path H200 = Path.of("src/test/resources/h200");

    @TempDir
    Path dir;

    private final Reader reader = new Reader();

    /** The gates' reader, as fleet and compare read a file. */
    private static final class Reader {
        private final DocumentReader documents = new DocumentReader();

        List<GpuResults> read(Path file) {
            return documents.results(file, documents.parse(file));
        }
    }

    @Test
    void stagedAndDriverRowsAreDifferentResults() {
        GpuResults gpu = reader.read(GOLDEN.resolve("bandwidth-staged.json")).getFirst();
        assertEquals(20, gpu.results().size());
        Set<String> names = gpu.results().stream().map(r -> r.identity().name()).collect(Collectors.toSet());
        assertEquals(20, names.size(), names.toString());
        assertTrue(names.contains("pageable.h2d.64MiB.gbps"), names.toString());
        assertTrue(names.contains("pageable.staged.h2d.64MiB.gbps"), names.toString());
        Result staged = gpu.results().stream().filter(r -> r.identity().name().equals("pageable.staged.h2d.64MiB.gbps"))
                .findFirst().orElseThrow();
        assertEquals(50.25e9, staged.measured().orElseThrow().median());
        assertEquals(50.25, staged.displayed().orElseThrow().median());
        assertEquals(BaseUnit.BYTES_PER_SECOND, staged.quantity().unit());
        assertTrue(staged.higherIsBetter());
        assertEquals(CheckOutcome.PASSED, staged.check());
        assertEquals(20, staged.measured().orElseThrow().n());
    }

    @Test
    void overlapAtDifferentStreamCountsAreDifferentResults() {
        Set<String> names = new java.util.HashSet<>();
        for (String streams : List.of("1", "4", "16")) {
            GpuResults gpu = reader.read(H200.resolve("overlap-" + streams + ".json")).getFirst();
            for (Result r : gpu.results()) {
                assertEquals(Long.parseLong(streams), r.identity().streams().orElseThrow());
                assertTrue(names.add(r.identity().name()), r.identity().name());
            }
        }
        assertTrue(names.contains("overlap.pinned.v1.16MiB.elements4194304.streams16.block256.kernel1.milliseconds"),
                names.toString());
    }

    @Test
    void aPeerRowsWaysAreEachCheckedByTheirOwnData() throws IOException {
        // The first pair's copies both ways came back wrong, one way right: only both ways fails.
        String written = Files.readString(GOLDEN.resolve("bandwidth-devices-p2p.json"))
                .replaceFirst("\"bidirVerified\": true", "\"bidirVerified\": false");
        Path file = dir.resolve("p2p-bidir-wrong.json");
        Files.writeString(file, written);
        Map<String, CheckOutcome> checks = reader.read(file).getFirst().results().stream()
                .collect(Collectors.toMap(r -> r.identity().name(), Result::check));
        assertEquals(CheckOutcome.PASSED, checks.get("p2p.16MiB.src0.dst1.gbps"), checks.toString());
        assertEquals(CheckOutcome.State.FAILED, checks.get("p2p.16MiB.src0.dst1.bidir-gbps").state(), checks.toString());
    }

    @Test
    void peerAndConcurrentRowsBelongToTheirGpus() {
        List<GpuResults> p2p = reader.read(GOLDEN.resolve("bandwidth-devices-p2p.json"));
        assertEquals(3, p2p.size());
        List<String> first = p2p.getFirst().results().stream().map(r -> r.identity().name()).toList();
        assertTrue(first.contains("p2p.16MiB.src0.dst1.gbps"), first.toString());
        assertTrue(first.contains("p2p.16MiB.src0.dst1.bidir-gbps"), first.toString());
        List<GpuResults> concurrent = reader.read(GOLDEN.resolve("bandwidth-devices-concurrent.json"));
        List<String> second = concurrent.get(1).results().stream().map(r -> r.identity().name()).toList();
        assertTrue(second.contains("pinned.h2d.concurrent.16MiB.gpu1.gbps"), second.toString());
        assertTrue(concurrent.getFirst().results().stream()
                .anyMatch(r -> r.identity().name().equals("pinned.h2d.concurrent.16MiB.aggregate-gbps")));
    }

    @Test
    void checkExportsItsWrongTrialsAndABrokenVerdictFails() {
        List<Result> results = reader.read(GOLDEN.resolve("check.json")).getFirst().results();
        Result nosync = results.stream().filter(r -> r.identity().word(IdentityField.SCENARIO).orElseThrow().equals("d2h-nosync"))
                .findFirst().orElseThrow();
        assertEquals(4, nosync.measured().orElseThrow().median());
        assertEquals(BaseUnit.COUNT, nosync.quantity().unit());
        assertFalse(nosync.check().failed(), "a race seen where none is prevented is what the scenario shows");
    }

    @Test
    void everyGoldenAndH200ResultsDocumentReads() throws IOException {
        int read = 0;
        for (Path folder : List.of(GOLDEN, H200)) {
            try (var files = Files.list(folder)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                    String name = file.getFileName().toString();
                    if (Set.of("devices.json", "topo.json", "doctor.json", "fleet.json", "compare.json", "fleet-formats.json")
                            .contains(name)) {
                        BadDocumentException e = assertThrows(BadDocumentException.class, () -> reader.read(file));
                        assertTrue(e.getMessage().contains("carry no GPU results"), e.getMessage());
                        continue;
                    }
                    List<GpuResults> gpus = reader.read(file);
                    assertFalse(gpus.isEmpty(), name);
                    for (GpuResults gpu : gpus) {
                        Set<Identity> identities = new java.util.HashSet<>();
                        gpu.results().forEach(r -> assertTrue(identities.add(r.identity()), name + ": " + r.identity()));
                    }
                    read++;
                }
            }
        }
        assertTrue(read >= 20, Integer.toString(read)); // more when new commands add golden documents
    }
    /** A read row is a result of its own; a row that says write is the row that says nothing, as before. */
    @Test
    void theReadFormOfAPeerCopyIsAResultOfItsOwn() throws IOException {
        List<String> first = reader.read(GOLDEN.resolve("bandwidth-devices-p2p-read.json")).getFirst().results()
                .stream().map(r -> r.identity().name()).toList();
        assertTrue(first.containsAll(List.of("p2p.64MiB.src0.dst1.gbps", "p2p.read.64MiB.src0.dst1.gbps",
                "kernel.p2p.read.64MiB.src0.dst1.bidir-gbps")), first.toString());
        String written = Files.readString(GOLDEN.resolve("bandwidth-devices-p2p.json"));
        assertTrue(written.contains("\"peerAccess\""));
        Path saysWrite = dir.resolve("write.json");
        Files.writeString(saysWrite, written.replace("\"peerAccess\"", "\"initiation\": \"write\", \"peerAccess\""));
        assertEquals(identities(GOLDEN.resolve("bandwidth-devices-p2p.json")), identities(saysWrite));
        Path saysRead = dir.resolve("read.json");
        Files.writeString(saysRead, written.replace("\"peerAccess\"", "\"initiation\": \"read\", \"peerAccess\""));
        assertTrue(identities(saysRead).stream().allMatch(i -> i.word(IdentityField.INITIATION).equals(
                java.util.Optional.of("read"))), identities(saysRead).toString());
    }

    private List<Identity> identities(Path file) {
        return reader.read(file).stream().flatMap(g -> g.results().stream()).map(Result::identity).toList();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "bytes as text     | \"bytes\": 67108864          | \"bytes\": \"67108864\"  | results[0].bytes: expected a whole number, got text \"67108864\"",
            "bytes 1.5         | \"bytes\": 67108864          | \"bytes\": 1.5            | results[0].bytes: expected a whole number, got the number 1.5",
            "bytes 2^70        | \"bytes\": 67108864          | \"bytes\": 1180591620717411303424 | results[0].bytes: expected a whole number, got the number 1180591620717411303424",
            "bytes -1          | \"bytes\": 67108864          | \"bytes\": -1             | results[0]: bytes: expected a whole number, 1 or more, got the number -1",
            "median fast       | \"median\": 9.61             | \"median\": \"fast\"      | results[0].gbps.median: expected a number, got text \"fast\"",
            "samples absurd    | \"n\": 20                    | \"n\": 100000000000       | results[0].gbps.n: expected a whole number from -2147483648 to 2147483647, got the number 100000000000",
            "device index      | \"index\": 0                 | \"index\": 99999          | context.device.index: expected a whole number from 0 to 1023, got 99999",
            "schemaVersion '1' | \"schemaVersion\": 1         | \"schemaVersion\": \"1\"  | schemaVersion: expected a whole number, got text \"1\"",
            "no context        | \"context\"                  | \"contexts\"              | context: expected an object, got nothing",
    })
    void aBadFieldIsNamedWithWhatWasExpected(String what, String from, String to, String message) throws IOException {
        String golden = Files.readString(GOLDEN.resolve("bandwidth-staged.json"));
        assertTrue(golden.contains(from), from);
        Path file = dir.resolve("bad.json");
        Files.writeString(file, golden.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> reader.read(file));
        assertTrue(e.getMessage().startsWith(file + ": " + message), e.getMessage());
    }

    @Test
    void absurdStreamCountsAreRefused() throws IOException {
        String overlap = Files.readString(H200.resolve("overlap-4.json"));
        Path file = dir.resolve("overlap.json");
        Files.writeString(file, overlap.replaceFirst("\"streams\": 4", "\"streams\": 1000000"));
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> reader.read(file));
        assertEquals(file + ": parameters.streams: expected a whole number from 1 to 1024, got 1000000", e.getMessage());
    }

    @Test
    void aLinkOfWidthOrGenerationZeroIsUnknown() throws IOException {
        String golden = Files.readString(GOLDEN.resolve("bandwidth.json"));
        Path file = dir.resolve("zero.json");
        Files.writeString(file, golden.replaceFirst("\"width\": 16", "\"width\": 0"));
        assertTrue(reader.read(file).getFirst().gpu().orElseThrow().link().isEmpty());
        assertTrue(reader.read(GOLDEN.resolve("bandwidth.json")).getFirst().gpu().orElseThrow().link().isPresent());
    }

    /** A peer copy's figure says whether its data were right; a null beside no figure is what the schema allows. */
    @Test
    void aPeerFigureWithoutItsCheckIsRefusedAndAPatternRoundWithoutOthersReads() throws IOException {
        String p2p = Files.readString(GOLDEN.resolve("bandwidth-devices-p2p.json"));
        Path unchecked = dir.resolve("unchecked.json");
        Files.writeString(unchecked, p2p.replaceFirst("\"bidirVerified\": true", "\"bidirVerified\": null"));
        BadDocumentException e = assertThrows(BadDocumentException.class, () -> reader.read(unchecked));
        assertEquals(unchecked + ": p2p[0]: bidirVerified: expected true or false beside bidirGbps, got nothing or null",
                e.getMessage());

        String patterns = Files.readString(GOLDEN.resolve("bandwidth-devices-patterns.json"));
        Path without = dir.resolve("without-others.json");
        Files.writeString(without, patterns.replaceAll("\"others\": \\[[0-9,\\s]*\\],\\s*", ""));
        assertFalse(Files.readString(without).contains("\"others\""));
        assertEquals(identities(GOLDEN.resolve("bandwidth-devices-patterns.json")), identities(without));
    }
}
