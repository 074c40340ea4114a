package dev.xfer.app.fleet;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.XferRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fleet and compare read their inputs by one rule (DocumentSet): an entry of a folder that is named
 * like a document and cannot be one is exit 2 naming it, or, with --skip-bad, a line on stderr and
 * a count on the summary line; never a node silently left out of a PASS (issue 41).
 */
class GateInputsTest {
    private static final Path SMOKE = Path.of("src/test/resources/noise/h200-2026-11-23-quick/smoke-1.json");

    @TempDir
    Path dir;

    private Path nodes;
    private Path baseline;

    @BeforeEach
    void aFolderWithOneGoodDocument() throws IOException {
        nodes = Files.createDirectories(dir.resolve("nodes"));
        Files.copy(SMOKE, nodes.resolve("s00.json"));
        baseline = Files.copy(SMOKE, dir.resolve("baseline.json"));
    }

    /** Makes {@code nodes/n2.json} the kind of entry named, returning it. */
    private Path bad(String kind) throws IOException, InterruptedException {
        Path entry = nodes.resolve("n2.json");
        switch (kind) {
            case "dangling" -> Files.createSymbolicLink(entry, Path.of("missing"));
            case "loop" -> Files.createSymbolicLink(entry, Path.of("n2.json"));
            case "fifo" -> assertEquals(0, new ProcessBuilder("mkfifo", entry.toString()).start().waitFor());
            case "folder-link" -> Files.createSymbolicLink(entry, Files.createDirectories(dir.resolve("elsewhere")));
            // Unreadable even for root: the kernel gives EIO for /proc/self/mem read from offset 0.
            case "unreadable" -> Files.createSymbolicLink(entry, Path.of("/proc/self/mem"));
            default -> throw new IllegalArgumentException(kind);
        }
        return entry;
    }

    private static String why(String kind) {
        return switch (kind) {
            case "dangling" -> "a dangling symbolic link: its target missing does not exist";
            case "loop" -> "a symbolic link loop";
            case "fifo" -> "not a regular file (a FIFO, socket or device): in a folder only regular files are read";
            case "folder-link" -> "a symbolic link to a folder, which is not searched (name the folder itself)";
            case "unreadable" -> "cannot read: Input/output error";
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"dangling", "loop", "fifo", "folder-link", "unreadable"})
    void fleetNamesAnEntryThatCannotBeReadAndExits2(String kind) throws Exception {
        Path entry = bad(kind);
        XferRun.of("fleet", nodes.toString()).assertOneLine(ExitCode.USAGE, "xfer: " + entry + ": " + why(kind));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dangling", "loop", "fifo", "folder-link", "unreadable"})
    void compareNamesItOnEitherSide(String kind) throws Exception {
        Path entry = bad(kind);
        XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), nodes.toString())
                .assertOneLine(ExitCode.USAGE, "xfer: " + entry + ": " + why(kind));
        XferRun.of("compare", "--fail-on-regression", "5%", nodes.toString(), baseline.toString())
                .assertOneLine(ExitCode.USAGE, "xfer: " + entry + ": " + why(kind));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dangling", "loop", "fifo", "unreadable"})
    void skipBadNamesItAndCountsItInTheSummary(String kind) throws Exception {
        Path entry = bad(kind);
        XferRun fleet = XferRun.of("fleet", "--skip-bad", nodes.toString());
        assertEquals(ExitCode.OK, fleet.exitCode(), fleet.err());
        assertEquals(List.of("xfer: " + entry + ": " + why(kind) + " (skipped)"), List.of(fleet.errLines()));
        assertTrue(fleet.out().endsWith("fleet: 1 node PASS, 0 FAIL, 0 NO RESULT, 1 unreadable document skipped\nfleet: PASS\n"),
                fleet.out());
        XferRun compare = XferRun.of("compare", "--skip-bad", "--fail-on-regression", "5%", baseline.toString(), nodes.toString());
        assertEquals(ExitCode.OK, compare.exitCode(), compare.err());
        assertEquals(List.of("xfer: " + entry + ": " + why(kind) + " (skipped)"), List.of(compare.errLines()));
        assertTrue(compare.out().contains(" missing from the current runs, 1 unreadable document skipped\n"), compare.out());
    }

    /** One rule for a folder without documents: exit 2 naming it, for fleet and for either side of compare. */
    @Test
    void anEmptyFolderIsExit2WhereverItIsNamed() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        String line = "xfer: " + empty + ": no xfer document (*.json) in the folder";
        XferRun.of("fleet", empty.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", empty.toString(), baseline.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", baseline.toString(), empty.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", "--fail-on-regression", "5%", baseline.toString(), empty.toString())
                .assertOneLine(ExitCode.USAGE, line);
    }

    /** An empty path is a variable that was empty, not the current folder. */
    @Test
    void anEmptyPathIsAUsageError() {
        String line = "xfer: an empty path names no document: give a file or a folder (. for the current one)";
        XferRun.of("fleet", "").assertOneLine(ExitCode.USAGE, line);
        XferRun.of("fleet", "--skip-bad", "", nodes.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", "", baseline.toString()).assertOneLine(ExitCode.USAGE, line);
        XferRun.of("compare", baseline.toString(), "").assertOneLine(ExitCode.USAGE, line);
    }

    @Test
    void oneNodeIsSingular() {
        XferRun run = XferRun.of("fleet", nodes.toString());
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("fleet: 1 GPU run from 1 document on 1 node, 1 model group;"), run.out());
        assertTrue(run.out().contains("NVIDIA H200 (1 GPU run)"), run.out());
    }
}
