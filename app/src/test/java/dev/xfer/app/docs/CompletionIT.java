package dev.xfer.app.docs;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The shipped completion script in a real interactive bash and zsh (bashcompinit), each in a tmux
 * pane: the test types a command line and presses Tab, and the shell's own word splitting reaches
 * the script, which is how --opt=value differs between the two shells (bash makes '=' a word of
 * its own, zsh does not). A wrapper records what the script offered (COMPREPLY). tmux and zsh are
 * installed with apt-get when missing; in CI their absence fails the test.
 */
class CompletionIT {
    private static final String SOCKET = "xfer-completion-it-" + ProcessHandle.current().pid();
    private static Path tmux;
    private static Path zsh;
    private static Path script;
    @TempDir
    static Path dir;

    @BeforeAll
    static void toolsAndScript() throws IOException, InterruptedException {
        tmux = DebianTool.require("tmux", "tmux");
        zsh = DebianTool.require("zsh", "zsh");
        script = dir.resolve("xfer_completion");
        Files.write(script, shippedScript());
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/results.json"), "{}");
        // tmux's server exits with its last session; one left open keeps it up between the cases, or
        // a case's new session could reach a server that is shutting down.
        tmux("new-session", "-d", "-s", "keep", "cat");
    }

    @AfterAll
    static void stopTmux() throws IOException, InterruptedException {
        if (tmux != null) {
            new ProcessBuilder(tmux.toString(), "-L", SOCKET, "kill-server").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static byte[] shippedScript() throws IOException {
        Path target = RepositoryFiles.root().resolve("app/target");
        List<Path> tarballs;
        try (Stream<Path> files = Files.list(target)) {
            tarballs = files.filter(p -> p.getFileName().toString().matches("xfer-.*-linux-x86_64\\.tar\\.gz")).toList();
        }
        assertEquals(1, tarballs.size(), "expected one distribution tarball in " + target + ", found " + tarballs);
        Map<String, byte[]> entries;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tarballs.getFirst()))) {
            entries = DistributionIT.Tar.entries(in);
        }
        return entries.entrySet().stream().filter(e -> e.getKey().endsWith("/completion/xfer_completion"))
                .map(Map.Entry::getValue).findFirst().orElseThrow(() -> new AssertionError("no completion script"));
    }

    /** What the completion script offers when {@code line} is typed in {@code shell} and Tab pressed. */
    private static List<String> complete(String shell, String line) throws IOException, InterruptedException {
        String name = shell + "-" + Integer.toHexString(line.hashCode()) + "-" + System.nanoTime();
        Path ready = dir.resolve(name + ".ready");
        Path offered = dir.resolve(name + ".offered");
        Path setup = dir.resolve(name + ".setup");
        String init = shell.equals("zsh")
                ? "autoload -U +X compinit && compinit -u\nautoload -U +X bashcompinit && bashcompinit\n" : "";
        Files.writeString(setup, init
                + "source '" + script + "'\n"
                + "_xfer_capture() { _complete_xfer; printf '%s\\n' \"${COMPREPLY[@]}\" > '" + offered + ".tmp'; mv '"
                + offered + ".tmp' '" + offered + "'; }\n"
                + "complete -F _xfer_capture -o default xfer\n"
                + "cd '" + dir + "'\n"
                + ": > '" + ready + "'\n");
        String start = shell.equals("zsh") ? zsh + " -f -i" : "bash --norc --noprofile -i";
        tmux("new-session", "-d", "-s", name, "-x", "200", "-y", "50", start);
        try {
            tmux("send-keys", "-t", name, "-l", "source '" + setup + "'");
            tmux("send-keys", "-t", name, "Enter");
            await(ready, shell + " did not start and source the script");
            tmux("send-keys", "-t", name, "-l", line);
            tmux("send-keys", "-t", name, "Tab");
            await(offered, shell + " ran no completion for '" + line + "'");
            return Files.readAllLines(offered).stream().filter(s -> !s.isEmpty()).toList();
        } finally {
            tmux("kill-session", "-t", name);
        }
    }

    private static void await(Path file, String failure) throws InterruptedException {
        Instant end = Instant.now().plus(Duration.ofSeconds(20));
        while (!Files.exists(file)) {
            if (Instant.now().isAfter(end)) {
                fail(failure);
            }
            Thread.sleep(50);
        }
    }

    private static void tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(tmux.toString(), "-L", SOCKET, "-f", "/dev/null"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("TERM", "xterm");
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "tmux " + String.join(" ", args) + " hung");
        assertEquals(0, p.exitValue(), "tmux " + String.join(" ", args) + ": " + output);
    }

    /** zsh offers whole words and matches them against the word on the line itself; bash gets them filtered. */
    private static void assertOffers(List<String> offered, String... expected) {
        for (String value : expected) {
            assertTrue(offered.contains(value), value + " not offered: " + offered);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aValueAsTheNextWord(String shell) throws Exception {
        assertOffers(complete(shell, "xfer bandwidth --memory "), "pageable", "pinned", "all");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aValueAfterTheEqualsSign(String shell) throws Exception {
        List<String> offered = complete(shell, "xfer bandwidth --memory=");
        if (shell.equals("bash")) {
            assertOffers(offered, "pageable", "pinned", "write-combined");
        } else {
            assertOffers(offered, "--memory=pageable", "--memory=pinned", "--memory=write-combined");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void theNextItemOfACommaList(String shell) throws Exception {
        List<String> offered = complete(shell, "xfer bandwidth --memory pinned,");
        assertOffers(offered, "pinned,pageable", "pinned,heap");
        assertTrue(!offered.contains("pinned,pinned"), "an item already listed is offered again: " + offered);
        assertOffers(complete(shell, "xfer overlap --schedules sequential,"), "sequential,v1", "sequential,v2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aCommaListAfterTheEqualsSign(String shell) throws Exception {
        List<String> offered = complete(shell, "xfer bandwidth --direction=h2d,d");
        if (shell.equals("bash")) {
            assertEquals(List.of("h2d,d2h", "h2d,d2d", "h2d,d2d-read", "h2d,d2d-write"), offered);
        } else {
            assertOffers(offered, "--direction=h2d,d2h", "--direction=h2d,d2d");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aFileAfterTheEqualsSign(String shell) throws Exception {
        List<String> offered = complete(shell, "xfer bandwidth --output=out/res");
        assertOffers(offered, shell.equals("bash") ? "out/results.json" : "--output=out/results.json");
        assertOffers(complete(shell, "xfer plot --title x out/res"), "out/results.json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void optionsAndCommandsAsBefore(String shell) throws Exception {
        List<String> options = complete(shell, "xfer bandwidth --mem");
        assertOffers(options, "--memory");
        assertOffers(complete(shell, "xfer pip"), "pipeline");
    }
}
