package dev.xfer.app.measure;

import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;

/**
 * Holds streams shut while the host queues a sample, then opens them all at once: {@code hold_stream}
 * spins on a flag in page-locked host memory until {@link #release()} sets it. What is queued behind
 * it starts back to back on the GPU, so no host launch latency falls between a sample's events
 * (nvbandwidth starts its timed copies behind such a spin kernel). Frees its flag on close.
 * <p>
 * xfer's one way to hold a stream: bandwidth's kernel samples and p2p copies, the many-GPU
 * patterns' rounds, and overlap's and pipeline's gated runs and recorded iterations all start
 * behind it. It serves streams of any GPU: the flag is portable page-locked memory
 * ({@code cudaHostAllocPortable}, under unified addressing the same address on every device), and
 * {@code hold_stream} comes from a library loaded with {@code cudaLibraryLoadData}, whose kernels
 * launch in whichever context is current. The stream's GPU must be current at {@link #hold}.
 * <p>
 * A held stream waits for the host: nothing that waits on the host for that stream (a synchronous
 * copy, a pageable copy, a stream synchronize) may be issued before {@link #release()}, or the
 * host waits out {@link #TIMEOUT_NANOS}.
 */
public final class StreamGate implements AutoCloseable {
    /** A hold the host never releases (a bug, or a host stopped mid-sample) ends after this. */
    public static final long TIMEOUT_NANOS = 2_000_000_000L;

    /** {@link #TIMEOUT_NANOS} in a message's words: {@code 2 s}. */
    public static String timeoutWords() {
        return BigDecimal.valueOf(TIMEOUT_NANOS, 9).stripTrailingZeros().toPlainString() + " s";
    }

    private static final VarHandle FLAG = ValueLayout.JAVA_INT.varHandle();

    private final Kernel hold;
    private final HostBuffer flag;

    public StreamGate(Kernel hold) {
        this.hold = hold;
        this.flag = HostMemoryKind.PINNED.allocate(Integer.BYTES);
        FLAG.setVolatile(flag.segment(), 0L, 0);
    }

    /** Shuts {@code stream}: what is queued on it from now waits for {@link #release()}. */
    public void hold(CudaStream stream) {
        FLAG.setVolatile(flag.segment(), 0L, 0);
        hold.launch(1, 1, new KernelArguments().pointer(flag.segment()).int64(TIMEOUT_NANOS), stream);
    }

    /** Opens every stream held since the last release. */
    public void release() {
        FLAG.setVolatile(flag.segment(), 0L, 1);
    }

    /** Opens what is still held, so no hold_stream polls the flag once it is freed. */
    @Override
    public void close() {
        release();
        flag.close();
    }
}
