package dev.xfer.app.measure;

import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Needs an NVIDIA GPU: the loop's clocks on a real copy. A 16 MiB pinned H2D copy on a stream of
 * its own, timed by events on that stream and by the host clock waiting for it; and a set-up of
 * 50 ms before every run, which must stay outside the events' window.
 */
@Tag("gpu")
class SampleLoopOnGpuTest {
    private static final long BYTES = 16L << 20;
    private static final long SET_UP_MILLIS = 50;

    @Test
    void eventsAndTheWaitingHostClockBothTimeTheCopyAndSetUpStaysOutsideTheWindow() {
        CudaDevice device = CudaRuntime.load(Optional.empty()).device(0);
        device.makeCurrent();
        try (HostBuffer host = HostMemoryKind.PINNED.allocate(BYTES);
             DeviceBuffer dev = DeviceBuffer.allocate(device, BYTES);
             CudaEvent start = CudaEvent.timing(device);
             CudaEvent stop = CudaEvent.timing(device);
             CudaStream stream = CudaStream.create(device, true)) {
            Runnable copy = () -> Memcpy.copyAsync(dev.address(), host.segment(), BYTES, CopyKind.HOST_TO_DEVICE,
                    stream);
            SampleLoop loop = new SampleLoop(new Warmup(3, 50_000_000L), 9);

            double[] events = loop.seconds(new EventClock(start, stop, stream), copy);
            double[] waited = loop.seconds(HostClock.untilIdle(stream), copy);
            double eventsMedian = Summary.of(events).median();
            double hostMedian = Summary.of(waited).median();
            double gbps = BYTES / eventsMedian / 1e9;
            assertTrue(gbps > 1 && gbps < 1000, "events: " + gbps + " GB/s, " + Arrays.toString(events));
            // Waiting for the stream is what makes the host clock time the copy, not its queueing.
            assertTrue(hostMedian >= 0.9 * eventsMedian, "host " + hostMedian + " s, events " + eventsMedian + " s");

            double[] ms = loop.settingUp(() -> sleep(SET_UP_MILLIS)).milliseconds(new EventClock(start, stop, stream),
                    copy);
            assertEquals(9, ms.length);
            double slowest = Arrays.stream(ms).max().orElseThrow();
            // Were the set-up inside the window, every sample would be more than 50 ms.
            assertTrue(slowest < SET_UP_MILLIS / 2.0, "slowest " + slowest + " ms, " + Arrays.toString(ms));
            assertTrue(Summary.of(ms).median() > 0);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
