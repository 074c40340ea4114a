package dev.xfer.app;

import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.run.StopRequest;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An OutOfMemoryError, which picocli does not hand to xfer's exception handler, is one line and exit 5. */
class MainOutOfMemoryTest {
    @Command(name = "hungry")
    static final class Hungry implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), new StopRequest(),
                commandLine -> commandLine.addSubcommand(new CommandLine(new Hungry())));
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void oneLineAndExit5() {
        String[] ended = run("hungry");
        assertEquals("5", ended[0]);
        assertEquals("", ended[1]);
        assertEquals(ErrorLine.OUT_OF_JAVA_MEMORY + "\n", ended[2].replace("\r\n", "\n"));
    }

    @Test
    void alsoFromTheThreadThatRunsUnderATimeLimit() {
        String[] ended = run("--timeout", "1m", "hungry");
        assertEquals("5", ended[0]);
        assertEquals(ErrorLine.OUT_OF_JAVA_MEMORY + "\n", ended[2].replace("\r\n", "\n"));
    }
}
