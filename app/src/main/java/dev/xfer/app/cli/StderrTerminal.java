package dev.xfer.app.cli;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Whether stderr is a terminal, by libc's {@code isatty(2)} through the FFM API. The JDK's
 * {@code System.console()} answers for stdin and stdout, so {@code xfer ... --csv | tee} (stdout
 * a pipe, stderr the user's terminal) would lose its progress line, and a log file on stderr with
 * a terminal on stdout would get one.
 */
public final class StderrTerminal {
    private static final int STDERR = 2;

    private StderrTerminal() {
    }

    public static boolean isTerminal() {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle isatty = linker.downcallHandle(linker.defaultLookup().find("isatty").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            return (int) isatty.invokeExact(STDERR) == 1;
        } catch (Throwable e) {
            // No libc isatty (or native access refused): no terminal is the safe answer, logs stay clean.
            return false;
        }
    }
}
