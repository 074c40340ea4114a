package dev.xfer.app.kernels;

import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelLibrary;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The project's own kernels ({@code app/src/main/cuda/xfer_kernels.cu}), compiled by nvcc into a
 * fatbin shipped as a resource and loaded through libcudart. Unloaded by {@link #close()}.
 */
public final class XferKernels implements AutoCloseable {
    static final String RESOURCE = "/dev/xfer/kernels/xfer_kernels.fatbin";

    private final KernelLibrary library;

    private XferKernels(KernelLibrary library) {
        this.library = library;
    }

    public static XferKernels load() {
        return new XferKernels(KernelLibrary.load(image(), "xfer_kernels.fatbin"));
    }

    static byte[] image() {
        try (InputStream in = XferKernels.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("kernel image " + RESOURCE + " is missing from the xfer jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code overlap_kernel(float *a, long long begin, long long end, int iterations)}: async.cu's
     * {@code a[i] += sqrt(sin^2 + cos^2)} over {@code [begin, end)}, the work repeated K times.
     */
    public Kernel overlap() {
        return library.kernel("overlap_kernel");
    }

    /** {@code fill_sequence_f64(double *a, long long n, long long period)}: {@code a[i] = i % period + 1}. */
    public Kernel fillSequence() {
        return library.kernel("fill_sequence_f64");
    }

    /**
     * {@code count_sequence_mismatch_f64(const double *a, long long n, long long period,
     * unsigned long long *out)}: adds to {@code out[0]} the elements that are not
     * {@code i % period + 1} and raises {@code out[1]} to the bits of the largest |error| (a NaN
     * error sorts above every number).
     */
    public Kernel countSequenceMismatch() {
        return library.kernel("count_sequence_mismatch_f64");
    }

    /**
     * {@code pointer_chase(const unsigned long long *start, long long accesses, int uncached,
     * unsigned long long *end)}: one thread follows {@code accesses} pointers from {@code start}
     * (with {@code ld.global.cv} when {@code uncached} is not 0) and stores where it stopped.
     */
    public Kernel pointerChase() {
        return library.kernel("pointer_chase");
    }

    /**
     * {@code copy_bytes(unsigned char *dst, const unsigned char *src, long long bytes)}: the SMs
     * copy any byte count between any two addresses the device can reach, 16-byte vectors in the
     * aligned middle; see {@code dev.xfer.app.bandwidth.CopyLayout} for its split of the work.
     */
    public Kernel copyBytes() {
        return library.kernel("copy_bytes");
    }

    /**
     * {@code copy_bidir(unsigned char *up_dst, const unsigned char *up_src, unsigned char *down_dst,
     * const unsigned char *down_src, long long bytes)}: both directions of a bidirectional copy in
     * one launch, even warps up, odd warps down, each direction split as {@code copy_bytes} splits
     * a copy; see {@code dev.xfer.app.bandwidth.BidirSplit}. Blocks of a multiple of 64 threads.
     */
    public Kernel copyBidir() {
        return library.kernel("copy_bidir");
    }

    /**
     * {@code copy_bytes_repeat(unsigned char *dst, const unsigned char *src, long long bytes, int copies)}:
     * {@code copy_bytes} done {@code copies} times over in one launch, each pass a whole copy.
     */
    public Kernel copyBytesRepeat() {
        return library.kernel("copy_bytes_repeat");
    }

    /**
     * {@code copy_bidir_repeat(up_dst, up_src, down_dst, down_src, long long bytes, int copies)}:
     * {@code copy_bidir} done {@code copies} times over in one launch.
     */
    public Kernel copyBidirRepeat() {
        return library.kernel("copy_bidir_repeat");
    }

    /**
     * {@code copy_bidir_one_vector(up_dst, up_src, down_dst, down_src, long long bytes, int copies)}:
     * bidir in nvbandwidth's split-warp shape, one 16-byte vector per thread, blocks of 1024; the
     * grid is {@code dev.xfer.app.bandwidth.LaunchShape.oneVectorFor(bytes)}.
     */
    public Kernel copyBidirOneVector() {
        return library.kernel("copy_bidir_one_vector");
    }

    /**
     * {@code hold_stream(const volatile int *release, long long timeout_ns)}: one thread spins until
     * {@code *release} is not 0 or the timeout has passed; holds what is queued behind it.
     */
    public Kernel holdStream() {
        return library.kernel("hold_stream");
    }

    /**
     * {@code tma_copy(unsigned char *dst, const unsigned char *src, long long bytes, int copies)}: the
     * TMA's bulk copies through shared-memory stages, {@code copies} whole copies in one launch,
     * blocks of 32 threads; compute capability 9.0 and up only (its body is empty below).
     */
    public Kernel tmaCopy() {
        return library.kernel("tma_copy");
    }

    /**
     * {@code read_bytes(const unsigned char *src, long long bytes, int copies, unsigned long long *sum)}:
     * reads {@code bytes} {@code copies} times over and adds what it read into {@code *sum}
     * ({@code dev.xfer.app.bandwidth.ReadChecksum} for one pass).
     */
    public Kernel readBytes() {
        return library.kernel("read_bytes");
    }

    /**
     * {@code write_bytes(unsigned char *dst, long long bytes, int copies)}: writes
     * {@code dev.xfer.app.bandwidth.WritePattern} over {@code bytes}, {@code copies} times over.
     */
    public Kernel writeBytes() {
        return library.kernel("write_bytes");
    }

    @Override
    public void close() {
        library.close();
    }
}
