package dev.xfer.app.cli;

import dev.xfer.app.run.StopRequest;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stdout's failures become stop requests: a closed pipe quietly (141), any other with one line (70). */
class StandardOutputTest {
    /** Takes {@code room} bytes, then fails every write with {@code why}. */
    private static final class Failing extends OutputStream {
        final ByteArrayOutputStream taken = new ByteArrayOutputStream();
        final int room;
        final String why;
        int attempts;

        Failing(int room, String why) {
            this.room = room;
            this.why = why;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            attempts++;
            if (taken.size() + len > room) {
                throw new IOException(why);
            }
            taken.write(b, off, len);
        }
    }

    @Test
    void aClosedPipeStopsTheRunQuietly() {
        StopRequest stop = new StopRequest();
        StringWriter err = new StringWriter();
        Failing fd = new Failing(5, "Broken pipe");
        StandardOutput out = new StandardOutput(fd, stop, new PrintWriter(err));
        out.write("12345".getBytes(), 0, 5);
        assertFalse(out.failed());
        out.write("6789".getBytes(), 0, 4);
        assertTrue(out.failed());
        assertEquals(Optional.of(StopRequest.Reason.STDOUT_CLOSED), stop.reason());
        assertEquals(141, ExitCode.stopped(stop.reason().get()));
        out.write("later".getBytes(), 0, 5);
        out.flush();
        assertEquals(2, fd.attempts, "nothing tried after the failure");
        assertEquals("12345", fd.taken.toString());
        assertEquals("", err.toString());
    }

    @Test
    void aFullDeviceIsOneLineAndExit70() {
        StopRequest stop = new StopRequest();
        StringWriter err = new StringWriter();
        StandardOutput out = new StandardOutput(new Failing(0, "No space left on device"), stop, new PrintWriter(err));
        out.write('x');
        out.write('y');
        assertEquals(Optional.of(StopRequest.Reason.STDOUT_FAILED), stop.reason());
        assertEquals(70, ExitCode.stopped(stop.reason().get()));
        assertEquals("xfer: cannot write standard output: No space left on device\n", err.toString().replace("\r\n", "\n"));
    }

    @Test
    void aSignalFirstKeepsItsOwnReason() {
        StopRequest stop = new StopRequest();
        stop.request(StopRequest.Reason.SIGINT);
        new StandardOutput(new Failing(0, "Broken pipe"), stop, new PrintWriter(new StringWriter())).write('x');
        assertEquals(Optional.of(StopRequest.Reason.SIGINT), stop.reason());
    }
}
