package dev.xfer.app.slurm;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scripts/slurm/xfer-healthcheck.sh on a fake 8-GPU node: a sysfs tree with eight NVIDIA 3D
 * controllers (and their audio functions, and another vendor's VGA, which do not count), a
 * fake xfer that plays a script of outcomes and writes the documents they would, and a fake
 * scontrol that records the drain. Shows the timeout arithmetic, confirm-before-drain, NO RESULT,
 * the reason's shape and length, and that XFER_SMOKE_ARGS is never evaluated.
 */
class HealthCheckScriptTest {
    private static final Path SCRIPT = Path.of("..", "scripts", "slurm", "xfer-healthcheck.sh").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Path sysfs;

    @BeforeEach
    void fakeNode() throws IOException {
        sysfs = dir.resolve("sys");
        for (int i = 0; i < 8; i++) {
            pci("0000:1" + i + ":00.0", "0x10de", "0x030200");
            pci("0000:1" + i + ":00.1", "0x10de", "0x040300");
        }
        pci("0000:00:02.0", "0x8086", "0x030000");
        pci("0000:00:1f.0", "0x10de", "0x068000"); // an NVSwitch-like bridge: not a GPU
        executable("xfer", """
                #!/bin/bash
                dir=$(dirname "$0")
                printf '%s\\n' "$*" >> "$dir/calls"
                n=$(wc -l < "$dir/calls")
                out=; while [ $# -gt 0 ]; do [ "$1" = --output ] && out=$2; shift; done
                ok='{"schemaVersion": 3, "command": "smoke", "devices": [{"context": {}}], "passed": true}'
                case "$(sed -n ${n}p "$dir/outcomes")" in
                  pass) echo "$ok" > "$out"; echo "smoke: PASS"; exit 0 ;;
                  fail41) echo "$ok" > "$out"
                     echo "device 3 (NVIDIA H200): FAIL pinned.h2d.64MiB >= 70%link (measured 41.23%link)"; exit 1 ;;
                  fail40) echo "$ok" > "$out"
                     echo "device 3 (NVIDIA H200): FAIL pinned.h2d.64MiB >= 70%link (measured 40.2%link)"; exit 1 ;;
                  wrong) echo "$ok" > "$out"
                     echo "device 5 (NVIDIA H200): FAIL check.d2h-sync: wrong data: 2 of 3 trials"; exit 1 ;;
                  incomplete) echo '{"command": "smoke", "complete": false, "devices": []}' > "$out"; echo "smoke: PASS"; exit 0 ;;
                  nodoc) echo "smoke: FAIL"; exit 1 ;;
                  nocuda) echo "xfer: CUDA is not usable here: cudaErrorInsufficientDriver (35)" >&2; exit 3 ;;
                  usage) echo "xfer: Unknown option: '--bad'" >&2; exit 2 ;;
                  disturbed) printf '%s\n' '{"schemaVersion": 1, "command": "smoke", "devices": [{"context": {},' \
                       '  "disturbances": [{"kind": "foreign-link-traffic",' \
                       '    "detail": "foreign PCIe rx 41.2 GB/s during pinned h2d 64MiB on GPU 3", "evidence": {}},' \
                       '    {"kind": "foreign-process",' \
                       '     "detail": "pid 4711 (python) holds a context on GPU 3", "evidence": {"pid": 4711}}]}],' \
                       '  "passed": false}' > "$out"
                     echo "device 3 (NVIDIA H200): FAIL pinned.h2d.64MiB >= 70%link (measured 22.1%link)"
                     echo "GPU 3 disturbed: pid 4711 (python) holds a context; foreign PCIe rx 41.2 GB/s" >&2
                     echo "smoke: DISTURBED (a check failed on a disturbed GPU: nothing judged, re-run)"; exit 6 ;;
                  throttled) echo '{"schemaVersion": 1, "command": "smoke", "devices": [{"context": {}, "disturbances": [{"kind": "throttle", "detail": "sw_power_cap during pinned h2d 64MiB on GPU 2", "evidence": {}}]}]}' > "$out"
                     echo "smoke: DISTURBED"; exit 6 ;;
                esac
                """);
        executable("scontrol", "#!/bin/bash\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/drained\"\n");
    }

    private void pci(String address, String vendor, String pciClass) throws IOException {
        Path device = Files.createDirectories(sysfs.resolve("bus/pci/devices").resolve(address));
        Files.writeString(device.resolve("vendor"), vendor + "\n");
        Files.writeString(device.resolve("class"), pciClass + "\n");
    }

    private void executable(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Run(int exit, List<String> calls, List<String> drain, String stderr) {
        String reason() {
            return drain.stream().filter(a -> a.startsWith("reason=")).findFirst().orElseThrow().substring(7);
        }
    }

    private Run run(Map<String, String> env, String... outcomes) throws IOException, InterruptedException {
        Files.write(dir.resolve("outcomes"), List.of(outcomes));
        Files.deleteIfExists(dir.resolve("calls"));
        Files.deleteIfExists(dir.resolve("drained"));
        ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString()).directory(dir.toFile())
                .redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.put("XFER", dir.resolve("xfer").toString());
        environment.put("SCONTROL", dir.resolve("scontrol").toString());
        environment.put("XFER_NODE", "gpu-node-7");
        environment.put("XFER_SYSFS", sysfs.toString());
        environment.put("XFER_HEALTH_DIR", dir.resolve("documents").toString());
        environment.putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        Path drained = dir.resolve("drained");
        return new Run(process.exitValue(), Files.readAllLines(dir.resolve("calls")),
                Files.exists(drained) ? Files.readAllLines(drained) : List.of(), output);
    }

    private Run run(String... outcomes) throws IOException, InterruptedException {
        return run(Map.of(), outcomes);
    }

    @Test
    void theTimeoutCoversEightGpusWithMargin() throws Exception {
        Run run = run("pass");
        assertEquals(0, run.exit(), run.stderr());
        // 15 s for the start and 5 s for each of the 8 GPUs: the quick profile's 12 s on 8 GPUs, times 4.5.
        assertEquals(List.of("--timeout 55s smoke --quick --device all --output " + dir.resolve("documents/gpu-node-7.first.json")),
                run.calls());
        assertEquals(List.of(), run.drain(), "a passing node is not drained");
    }

    @Test
    void withoutSysfsGpusItCountsNvidiaSmiAndAnExplicitTimeoutWins() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("nvidia-smi"), "#!/bin/sh\nfor i in 0 1; do echo \"GPU $i: NVIDIA H200 (UUID: GPU-$i)\"; done\n");
        Files.setPosixFilePermissions(bin.resolve("nvidia-smi"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>(Map.of("XFER_SYSFS", dir.resolve("empty").toString(),
                "PATH", bin + ":" + System.getenv("PATH")));
        assertTrue(run(env, "pass").calls().getFirst().startsWith("--timeout 25s smoke --quick "));
        env.put("XFER_HEALTH_TIMEOUT", "2m");
        assertTrue(run(env, "pass").calls().getFirst().startsWith("--timeout 2m smoke --quick "));
        env.put("XFER_HEALTH_PROFILE", "standard");
        assertTrue(run(env, "pass").calls().getFirst().startsWith("--timeout 2m smoke --device all "));
    }

    @Test
    void aTransientFailIsMeasuredAgainAndDoesNotDrain() throws Exception {
        Run run = run("fail41", "pass");
        assertEquals(2, run.calls().size(), "measured once more");
        assertTrue(run.calls().get(1).endsWith("gpu-node-7.again.json"), run.calls().toString());
        assertEquals(List.of(), run.drain(), run.stderr());
        assertTrue(run.stderr().contains("not draining gpu-node-7: the first run was FAIL"), run.stderr());
    }

    @Test
    void aRepeatedFailDrainsWithBothValuesAndTheBoundFirst() throws Exception {
        Run run = run("fail41", "fail40");
        assertEquals(List.of("update", "nodename=gpu-node-7", "state=drain", "reason=GPU3 h2d 41,40% <70%"), run.drain());
        assertTrue(run.reason().length() <= 20, "what sinfo -R shows (%20E)");
        assertTrue(Files.exists(dir.resolve("documents/gpu-node-7.first.json")));
        assertTrue(Files.exists(dir.resolve("documents/gpu-node-7.again.json")), "both runs' documents are kept");
    }

    @Test
    void aLongReasonIsCutAtAWordBoundary() throws Exception {
        Run run = run("wrong", "wrong");
        assertEquals("GPU5 check.d2h-sync", run.reason(), run.stderr());
        assertTrue(run.stderr().contains("in full: GPU5 check.d2h-sync: wrong data: 2 of 3 trials"), run.stderr());
        assertEquals("GPU5 check.d2h-sync: wrong data", run(Map.of("XFER_REASON_MAX", "33"), "wrong", "wrong").reason(),
                "no separator left at the end");
    }

    @Test
    void noResultDrainsTooWhenItRepeats() throws Exception {
        assertEquals("NO RESULT incomplete", run("incomplete", "incomplete").reason(), "exit 0, but the document is incomplete");
        assertEquals("NO RESULT no doc", run("nodoc", "nodoc").reason(), "exit 1 with no FAIL line and no document");
        assertEquals(List.of(), run("incomplete", "pass").drain());
    }

    @Test
    void noUsableGpuDrainsAndAUsageErrorNeverDoes() throws Exception {
        assertEquals("CUDA is not usable", run("nocuda", "nocuda").reason());
        Run usage = run("usage");
        assertEquals(List.of(), usage.drain());
        assertEquals(1, usage.calls().size(), "a usage error is not measured again");
        assertTrue(usage.stderr().contains("usage error in the health check itself"), usage.stderr());
    }

    @Test
    void aDisturbanceThatIsGoneOnTheReMeasureDoesNotDrain() throws Exception {
        Run run = run("disturbed", "pass");
        assertEquals(2, run.calls().size(), "measured again at once");
        assertEquals(List.of(), run.drain(), run.stderr());
        assertTrue(run.stderr().contains("the first run was DISTURBED (pid 4711 (python) holds a context on GPU 3), measured again: PASS"),
                run.stderr());
        assertTrue(Files.exists(dir.resolve("documents/gpu-node-7.disturbed.json")), "the disturbed run's document is kept");
    }

    @Test
    void aPersistingDisturbanceDrainsNamingTheEvidenceAForeignProcessFirst() throws Exception {
        Run run = run("disturbed", "disturbed");
        assertEquals(2, run.calls().size());
        assertEquals(List.of("update", "nodename=gpu-node-7", "state=drain", "reason=pid 4711 (python)"), run.drain());
        assertTrue(run.stderr().contains("in full: pid 4711 (python) holds a context on GPU 3;"), run.stderr());
        assertEquals("pid 4711 (python) holds a context on GPU 3",
                run(Map.of("XFER_REASON_MAX", "60"), "disturbed", "disturbed").reason());
        assertEquals("sw_power_cap during pinned h2d 64MiB on GPU 2",
                run(Map.of("XFER_REASON_MAX", "60"), "disturbed", "throttled").reason(), "the disturbance of the run that persisted");
    }

    @Test
    void theRunAfterAGoneDisturbanceIsJudgedAsAFirstRun() throws Exception {
        Run confirmed = run("disturbed", "fail41", "fail40");
        assertEquals(3, confirmed.calls().size());
        assertEquals("GPU3 h2d 41,40% <70%", confirmed.reason(), "its failure confirmed by a third run drains");
        Run transient_ = run("disturbed", "fail41", "pass");
        assertEquals(List.of(), transient_.drain(), transient_.stderr());
    }

    @Test
    void aFailWhoseConfirmingRunIsDisturbedIsNotConfirmed() throws Exception {
        Run run = run("fail41", "disturbed");
        assertEquals(2, run.calls().size());
        assertEquals(List.of(), run.drain(), run.stderr());
        assertTrue(run.stderr().contains("the second DISTURBED (pid 4711 (python) holds a context on GPU 3): not confirmed"), run.stderr());
    }

    @Test
    void extraArgumentsAreSplitButNeverEvaluatedOrGlobbed() throws Exception {
        Path marker = dir.resolve("evaluated");
        Run run = run(Map.of("XFER_SMOKE_ARGS", "--concurrent $(touch " + marker + ") *"), "pass");
        assertFalse(Files.exists(marker), "XFER_SMOKE_ARGS was evaluated");
        assertTrue(run.calls().getFirst().endsWith(" --concurrent $(touch " + marker + ") *"), run.calls().toString());
    }
}
