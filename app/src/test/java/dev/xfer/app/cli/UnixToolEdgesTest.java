package dev.xfer.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a Unix tool owes its pipes and files, at the command line: exit codes and the one line. */
class UnixToolEdgesTest {
    @TempDir
    Path dir;

    @Test
    void fleetRefusesASecondOutputOnStdout() {
        XferRun.of("fleet", "--json", "-", "--junit", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --junit - writes standard output, which carries the report (text, --json or --csv): give --junit a file");
        XferRun.of("fleet", "--openmetrics", "-", "src/test/resources/h200").assertOneLine(ExitCode.USAGE,
                "xfer: --openmetrics - writes standard output, which carries the report (text, --json or --csv): give --openmetrics a file");
    }

    /** The same rule, before CUDA is loaded, for every command whose results go to stdout without --output. */
    @ParameterizedTest
    @ValueSource(strings = {"bandwidth", "overlap", "check", "batch", "pipeline", "latency"})
    void aMeasuringCommandRefusesASecondOutputOnStdout(String command) {
        XferRun.of(command, "--junit", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --junit - writes standard output, which carries the results without --output (text, --json, --csv or --jsonl): give --junit a file");
        XferRun.of(command, "--output", "-", "--openmetrics", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --output - and --openmetrics - name the same standard output: give each output its own");
    }

    @Test
    void smokeRefusesASecondOutputOnStdout() {
        XferRun.of("smoke", "--json", "--junit", "-").assertOneLine(ExitCode.USAGE,
                "xfer: --junit - writes standard output, which carries the results without --output (text or --json): give --junit a file");
    }

    @Test
    void aReplacedReportKeepsItsMode() throws Exception {
        Path junit = Files.writeString(dir.resolve("fleet.xml"), "old");
        Files.setPosixFilePermissions(junit, PosixFilePermissions.fromString("rw-------"));
        XferRun run = XferRun.of("fleet", "--junit", junit.toString(), "src/test/resources/h200");
        assertTrue(run.exitCode() <= ExitCode.CHECK_FAILED, run.err());
        assertTrue(Files.readString(junit).startsWith("<?xml"), Files.readString(junit));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(junit)));
    }

    @Test
    void aParserMessageIsInPlainWords() throws Exception {
        Path nan = Files.writeString(dir.resolve("nan.json"), "{\"schemaVersion\": 1, \"x\": NaN}");
        XferRun.of("fleet", nan.toString()).assertOneLine(ExitCode.USAGE, "xfer: " + nan
                + ": not JSON: invalid JSON at line 1, column 30: 'NaN' is not a JSON number (JSON has no NaN or Infinity)");
        XferRun.of("compare", nan.toString(), nan.toString()).assertOneLine(ExitCode.USAGE, "xfer: " + nan
                + ": not JSON: invalid JSON at line 1, column 30: 'NaN' is not a JSON number (JSON has no NaN or Infinity)");
    }

    /** An empty file, and a second document after the first, said as they always were: exit 2. */
    @Test
    void anEmptyFileAndASecondDocumentAreSaidInPlainWords() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.json"), " \n");
        XferRun.of("compare", empty.toString(), empty.toString())
                .assertOneLine(ExitCode.USAGE, "xfer: " + empty + ": not JSON: the file is empty");
        Path two = Files.writeString(dir.resolve("two.json"), "{\"schemaVersion\": 1}\n{\"schemaVersion\": 1}\n");
        XferRun.of("fleet", two.toString())
                .assertOneLine(ExitCode.USAGE, "xfer: " + two + ": not JSON: more text after the document");
    }

    /** A document the system cannot read (as root too: /proc/self/mem gives EIO): the reason, exit 2. */
    @Test
    void anUnreadableDocumentIsItsReasonAndExit2() {
        XferRun.of("fleet", "/proc/self/mem").assertOneLine(ExitCode.USAGE, "xfer: /proc/self/mem: cannot read: Input/output error");
        XferRun.of("plot", "/proc/self/mem", "-o", dir.resolve("p.html").toString())
                .assertOneLine(ExitCode.USAGE, "xfer: /proc/self/mem: cannot read: Input/output error");
    }

    /** Permissions, where they hold (not for root): a document and a folder this user may not read. */
    @Test
    void aDocumentOrFolderWithoutPermissionIsItsReasonAndExit2() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "root reads anything");
        Path file = Files.writeString(dir.resolve("private.json"), "{}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        XferRun.of("fleet", file.toString()).assertOneLine(ExitCode.USAGE, "xfer: " + file + ": cannot read: permission denied");
        Path folder = Files.createDirectories(dir.resolve("nodes/locked"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("---------"));
        try {
            XferRun.of("fleet", dir.resolve("nodes").toString()).assertOneLine(ExitCode.USAGE, "xfer: " + dir.resolve("nodes")
                    + ": cannot list the folder: permission denied: " + folder);
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /**
     * A --cudart that is not a library, in a real process: the JVM's stack-guard warning, which it
     * prints to the process's stderr for such a file, would come before xfer's line.
     */
    @Test
    void aCudartThatIsNoLibraryIsOneLine() throws Exception {
        Path notALibrary = Files.writeString(dir.resolve("libcudart.so"), "not an ELF file\n");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "dev.xfer.app.Main", "--cudart", notALibrary.toString(), "devices").start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(ExitCode.CUDA_UNAVAILABLE, p.exitValue(), err);
        assertEquals("", out);
        assertEquals("xfer: CUDA is not usable here: cannot load " + notALibrary + " (found via --cudart): not a shared"
                + " library (no ELF header): pass --cudart with a libcudart.so for this machine\n", err);
    }
}
