package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What xfer says when a command line is wrong: one line in xfer's words on stderr and exit 2,
 * whatever else was on the line (--help included), and no Java class or type name in it.
 * None of these reach CUDA, so they hold on any machine.
 */
class CommandLineMessagesTest {

    /** A Java name in a user's error line: a package, an exception, a primitive type. */
    private static void assertNoJavaText(String line) {
        for (String java : new String[] {"dev.xfer", "java.", "Exception", "No enum constant", "not an int",
                "not a long", "picocli"}) {
            assertFalse(line.contains(java), "'" + java + "' in " + line);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"frobnicate --help", "frobnicate -h", "frobnicate", "--help frobnicate",
            "frobnicate --version"})
    void anUnknownCommandIsExit2EvenWithHelp(String line) {
        XferRun run = XferRun.of(line.split(" "));
        run.assertOneLine(ExitCode.USAGE, "xfer: unknown command 'frobnicate' (see xfer --help)");
    }

    @Test
    void aMisspeltCommandGetsTheNearestOne() {
        XferRun run = XferRun.of("bandwith", "--help");
        run.assertOneLine(ExitCode.USAGE, "xfer: unknown command 'bandwith', did you mean bandwidth? (see xfer --help)");
    }

    @Test
    void onlyNearCommandsAreSuggested() {
        assertEquals(java.util.List.of("bandwidth"), UsageLine.near("bandwith", java.util.List.of("batch", "bandwidth")));
        assertEquals(java.util.List.of("topo"), UsageLine.near("tpo", java.util.List.of("topo", "plot", "fleet")));
        assertEquals(java.util.List.of(), UsageLine.near("frobnicate", java.util.List.of("batch", "devices")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bandwidth --frobnicate --help", "fleet --help --frobnicate", "topo extra --help"})
    void anUnknownOptionOrWordIsExit2EvenWithHelp(String line) {
        XferRun run = XferRun.of(line.split(" "));
        assertEquals(ExitCode.USAGE, run.exitCode(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.out().isEmpty(), "no help on stdout: " + run.out());
        assertTrue(run.err().contains("frobnicate") || run.err().contains("extra"), run.err());
        assertNoJavaText(run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fleet", "compare", "plot"})
    void commandsThatOnlyReadDocumentsTakeNoCudaOptions(String command) {
        XferRun help = XferRun.of(command, "--help");
        assertEquals(ExitCode.OK, help.exitCode(), help.err());
        for (String cudaOnly : new String[] {"--cudart", "--timeout", "--label"}) {
            assertFalse(help.out().contains(cudaOnly), cudaOnly + " in " + help.out());
        }
        assertTrue(help.out().contains("--verbose"), help.out());

        XferRun run = XferRun.of(command, "--cudart", "/x", "-o", "x.html", "a.json", "b.json");
        run.assertOneLine(ExitCode.USAGE, "xfer: Unknown option");
        assertTrue(run.err().contains("'--cudart'"), run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"devices", "topo", "doctor", "bandwidth", "overlap", "check", "smoke", "batch", "pipeline"})
    void commandsThatLoadCudaTakeTheCudaOptionsBeforeOrAfterTheirName(String command) {
        String missing = "libcudart not found at /nonexistent/libcudart.so (from --cudart)";
        for (String[] args : new String[][] {{"--cudart", "/nonexistent/libcudart.so", command},
                {command, "--cudart", "/nonexistent/libcudart.so"}}) {
            XferRun run = XferRun.of(args);
            assertTrue(run.err().contains(missing), String.join(" ", args) + ": " + run.err());
        }
        assertTrue(XferRun.of(command, "--help").out().contains("--timeout=DURATION"), command);
    }

    @Test
    void helpOfAKnownCommandIsStillExit0() {
        XferRun run = XferRun.of("bandwidth", "--help");
        assertEquals(ExitCode.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("Usage: xfer bandwidth"), run.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bandwidth --iterations many", "overlap --elements 1e6", "batch --count 3.5",
            "pipeline --batches x", "overlap --streams 99999999999", "bandwidth --warmup 99999999999999999999"})
    void aBadCountNamesTheOptionAndTheValueNotAJavaType(String line) {
        String[] args = line.split(" ");
        XferRun run = XferRun.of(args);
        String value = args[2];
        if (value.matches("[0-9]+")) {
            // Too large for the type: the option's own range (OptionRangeTest), not the type's.
            run.assertOneLine(ExitCode.USAGE, "xfer: " + args[1] + " must be ");
            assertTrue(run.err().contains(", not " + value + " ("), run.err());
            // The option's range, which may end where the type does (issue 41: "0 to 2147483647" is
            // where --warmup really ends), but never named as a Java type.
            assertFalse(run.err().matches("(?s).*\\b(int|long|Integer|Long)\\b.*"), run.err());
        } else {
            run.assertOneLine(ExitCode.USAGE, "xfer: Invalid value for option '" + args[1] + "': '" + value + "' is not a whole number");
        }
        assertNoJavaText(run.err());
    }

    @Test
    void aCountStillReadsWithBlanksAndSign() {
        // +3 and blanks are what Integer.parseInt took before; the run then gets as far as CUDA (or its absence)
        XferRun run = XferRun.of("bandwidth", "--iterations", "+3", "--warmup", " 2");
        assertFalse(run.err().contains("Invalid value"), run.err());
    }

    @Test
    void anUnknownStageInADocumentIsNamedWithTheStagesAllowed(@TempDir Path dir) throws IOException {
        String golden = Files.readString(Path.of("src/test/resources/golden/overlap.json"));
        String bad = golden.replaceFirst("\"stage\": \"kernel\"", "\"stage\": \"warp\"");
        assertFalse(bad.equals(golden), "the golden overlap document has a kernel stage to spoil");
        Path doc = dir.resolve("overlap.json");
        Files.writeString(doc, bad);

        XferRun run = XferRun.of("plot", doc.toString(), "-o", dir.resolve("out.html").toString());
        run.assertOneLine(ExitCode.USAGE, "xfer: ");
        assertTrue(run.err().contains("timelines[0].ops[1].stage: expected one of h2d, kernel, d2h, got text \"warp\""),
                run.err());
        assertNoJavaText(run.err());
    }

    @Test
    void withVerboseTheLineDoesNotAskForVerbose() {
        IllegalStateException bug = new IllegalStateException("a bug");
        assertTrue(ErrorLine.line(bug).endsWith(" (run with --verbose for the stack trace)"), ErrorLine.line(bug));
        assertEquals("xfer: internal error: java.lang.IllegalStateException: a bug", ErrorLine.line(bug, true));

        java.io.StringWriter err = new java.io.StringWriter();
        assertEquals(ExitCode.INTERNAL, ErrorLine.report(bug, new java.io.PrintWriter(err), true));
        assertFalse(err.toString().contains("run with --verbose"), err.toString());
        assertTrue(err.toString().contains("\tat "), "the stack trace follows: " + err);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bandwidth --size 16MiB,|xfer: --size has an empty item at position 2 in '16MiB,' (see xfer bandwidth --help)",
            "bandwidth --memory pinned,,pageable|xfer: --memory has an empty item at position 2 in 'pinned,,pageable' (see xfer bandwidth --help)",
            "bandwidth --memory pinned,pinned|xfer: --memory names 'pinned' twice (see xfer bandwidth --help)",
            "bandwidth --memory pinned,PINNED|xfer: --memory names 'PINNED' twice (see xfer bandwidth --help)",
            "bandwidth --size 1KiB --size 1KiB|xfer: --size names '1KiB' twice (see xfer bandwidth --help)",
            "check --scenarios d2h-sync,d2h-sync|xfer: --scenarios names 'd2h-sync' twice (see xfer check --help)",
            "bandwidth --device 0,0|xfer: Invalid value for option '--device': '0,0' names GPU 0 twice (see xfer bandwidth --help)"})
    void everyCommaListRefusesAnEmptyItemAndAnItemGivenTwice(String lineAndMessage) {
        String[] parts = lineAndMessage.split("\\|");
        XferRun run = XferRun.of(parts[0].split(" "));
        run.assertOneLine(ExitCode.USAGE, parts[1]);
    }

    @Test
    void noCommaListItemIsCountedWhereNoneIsEmptyOrRepeated() {
        assertEquals(null, CommaLists.problem("--size", java.util.List.of("1KiB,4KiB", "16MiB")));
        assertEquals("--size has an empty item at position 2 in ',1KiB'",
                CommaLists.problem("--size", java.util.List.of("4KiB", ",1KiB")));
    }

    @Test
    void picocliOwnErrorWordIsNotInTheLine() {
        XferRun run = XferRun.of("bandwidth", "--size", "1KiB", "--sizes", "1KiB..4KiB");
        run.assertOneLine(ExitCode.USAGE, "xfer: --size=SIZE, --sizes=FROM..TO are mutually exclusive (specify only one)"
                + " (see xfer bandwidth --help)");
        assertEquals("Missing required argument(s): --a", UsageLine.problem("Error: Missing required argument(s): --a\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bandwidth --size", "bandwidth extra", "fleet", "bandwidth --iterations 1 --iterations 2",
            "bandwidth --size 1KiB --sizes 1KiB..4KiB", "latency --size 1KiB --sizes 1KiB..4KiB", "--label"})
    void everyUsageLineIsTheHouseLine(String line) {
        XferRun run = XferRun.of(line.split(" "));
        assertEquals(ExitCode.USAGE, run.exitCode(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        String error = run.errLines()[0];
        assertTrue(error.matches("xfer: [^E].* \\(see xfer( [a-z]+)? --help\\)"), error);
        assertFalse(error.contains("Error:"), error);
        assertNoJavaText(error);
    }
}
