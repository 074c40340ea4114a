package dev.xfer.app.bandwidth;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The p2p and pattern rows launch the copy kernel inside their timed windows: the launch shape
 * (the device's multiprocessor count) is read once with the round's resources, never per launch,
 * where the query would be timed with one-copy samples.
 */
class LaunchShapeOutsideTimingTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/xfer/app/bandwidth");

    @Test
    void peerRowsReadTheShapeOnlyAsALaneOpens() throws Exception {
        String lane = Files.readString(SOURCES.resolve("peer/PeerLane.java"));
        assertEquals(1, count(lane, "MULTIPROCESSOR_COUNT"), "once, in PeerLane.open");
        assertTrue(lane.indexOf("static PeerLane open(") < lane.indexOf("MULTIPROCESSOR_COUNT"),
                "the query is in PeerLane.open");
        try (var files = Files.list(SOURCES.resolve("peer"))) {
            for (Path file : files.filter(f -> !f.endsWith("PeerLane.java")).toList()) {
                assertEquals(0, count(Files.readString(file), "MULTIPROCESSOR_COUNT"), file + " asks the device");
            }
        }
        String kernel = Files.readString(SOURCES.resolve("peer/PeerKernelCopy.java"));
        assertTrue(kernel.contains("lane.shape(path)"), "the kernel launches in the lane's grid of its path");
    }

    @Test
    void patternRowsReadTheShapeWithTheRoundsResources() throws Exception {
        String benchmark = Files.readString(SOURCES.resolve("pattern/PatternBenchmark.java"));
        assertEquals(0, count(benchmark, "MULTIPROCESSOR_COUNT"), "no device query where copies are issued");
        assertTrue(benchmark.contains("c.shape()"), benchmark);
        String resources = Files.readString(SOURCES.resolve("pattern/RoundResources.java"));
        assertEquals(1, count(resources, "MULTIPROCESSOR_COUNT"), "once per copy, as the round's resources are made");
    }

    private static int count(String text, String word) {
        return text.split(java.util.regex.Pattern.quote(word), -1).length - 1;
    }
}
