package dev.xfer.app.docs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A program a test runs that comes from a Debian package (mandoc, zsh): installed with apt-get when
 * missing. In CI ({@code CI=true}, root, apt reachable) a tool that cannot be had fails the test,
 * so a check never silently stops running; elsewhere the test is skipped, saying why.
 */
final class DebianTool {
    private DebianTool() {
    }

    /** The path of {@code command}, installing {@code debianPackage} first when it is not on PATH. */
    static Path require(String command, String debianPackage) {
        Path found = onPath(command);
        if (found == null) {
            String why = install(debianPackage);
            found = onPath(command);
            if (found == null) {
                String message = command + " is needed and could not be installed (apt-get install "
                        + debianPackage + "): " + why;
                if ("true".equals(System.getenv("CI"))) {
                    fail(message);
                }
                assumeTrue(false, message);
            }
        }
        return found;
    }

    private static Path onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, command);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String install(String debianPackage) {
        if (onPath("apt-get") == null) {
            return "no apt-get here";
        }
        String first = run(List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", debianPackage));
        if (first.isEmpty()) {
            return "";
        }
        // A fresh container has no package lists yet.
        String update = run(List.of("apt-get", "update", "-q"));
        String second = run(List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", debianPackage));
        return second.isEmpty() ? "" : first + "; " + update + "; " + second;
    }

    /** Runs {@code command}; "" when it exited 0, else what went wrong. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return String.join(" ", command) + " took over 10 minutes";
            }
            return p.exitValue() == 0 ? "" : String.join(" ", command) + " exited " + p.exitValue();
        } catch (IOException e) {
            return String.join(" ", command) + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
