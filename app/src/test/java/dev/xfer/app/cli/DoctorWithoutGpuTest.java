package dev.xfer.app.cli;

import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.sysfs.SysfsFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code xfer doctor} in-process on a machine without a driver: exit 3, the reason as the one line
 * on stderr, and still what sysfs shows (the GPUs, their links, config space) on stdout.
 */
class DoctorWithoutGpuTest {
    private static final String H100 = SysfsFixtures.root(SysfsFixtures.H100_VM_ROOT).toString();

    @BeforeAll
    static void noDriverHere() {
        XferRun.assumeNoDriver();
    }

    @Test
    void thisMachineExits3AndStillReports() {
        XferRun run = XferRun.of("doctor");
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("xfer: CUDA is not usable here: "), run.err());
        assertTrue(run.out().startsWith("GPUs from sysfs: CUDA is not usable here (why: on stderr)\n"), run.out());
        assertTrue(run.out().lines().toList().getLast().startsWith("doctor: "), run.out());
        assertFalse(run.out().contains("Exception"), run.out());
    }

    @Test
    void theH100VmsSysfsWithoutCuda() {
        XferRun run = XferRun.of("doctor", "--sysfs-root", H100);
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals("0000:00:06.0  Gen5 x16 (max Gen5 x16)  not probed: CUDA is not usable", lines.get(1));
        assertTrue(run.out().contains("  0000:00:06.0  link-below-maximum: at its maximum, Gen5 x16\n"), run.out());
        assertTrue(run.out().contains("  0000:00:06.0  max-payload: MaxPayload 256 B, the most both ends support\n"),
                run.out());
        assertTrue(run.out().contains("  host  cpu-governor: unknown: "), run.out());
        assertFalse(run.out().contains("findings, most costly first"), run.out());
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonAndJUnit(@TempDir Path dir) throws IOException {
        Path junit = dir.resolve("doctor.xml");
        XferRun run = XferRun.of("doctor", "--sysfs-root", H100, "--json", "--junit", junit.toString());
        assertEquals(ExitCode.CUDA_UNAVAILABLE, run.exitCode(), run.err());
        Map<String, Object> doc = (Map<String, Object>) JsonMaps.parse(run.out());
        assertEquals("doctor", doc.get("command"));
        assertEquals(false, ((Map<String, Object>) doc.get("cuda")).get("usable"));
        assertEquals(false, doc.get("costsBandwidth"));
        assertEquals(List.of(), doc.get("findings"));
        String xml = Files.readString(junit);
        assertTrue(xml.contains("name=\"max-payload\""), xml);
        assertTrue(xml.contains("<skipped message=\"unknown: "), xml);
    }

    @Test
    void aBadDeviceIsAUsageError() {
        XferRun.of("doctor", "--device", "zero").assertOneLine(ExitCode.USAGE, "xfer: ");
    }
}
