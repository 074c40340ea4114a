package dev.xfer.app.bandwidth;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.Kernel;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * The GPU's own memory by reads alone ({@code read_bytes}) and by writes alone
 * ({@code write_bytes}), launched on {@code --blocks} of 512 threads like the copy kernel. The
 * read kernel adds what it reads into a 64-bit sum in device memory that this object owns (one
 * atomic per block and launch), so its loads cannot be dropped; {@link #checksum} runs one pass
 * over a zeroed sum and returns it, which {@link ReadChecksum} computes on the host too. The write
 * kernel writes {@link WritePattern}.
 */
final class DeviceReadWrite implements AutoCloseable {
    private final Kernel read;
    private final Kernel write;
    private final DeviceBuffer sum;

    private DeviceReadWrite(Kernel read, Kernel write, DeviceBuffer sum) {
        this.read = Objects.requireNonNull(read);
        this.write = Objects.requireNonNull(write);
        this.sum = sum;
    }

    /** The two kernels of {@code kernels}, with the read kernel's sum allocated on the current device. */
    static DeviceReadWrite of(XferKernels kernels, dev.xfer.cuda.CudaDevice device) {
        DeviceBuffer sum = DeviceBuffer.allocate(device, Long.BYTES);
        try {
            // Zeroed once here, so the timed launches' atomics add into defined memory: compute-sanitizer's
            // initcheck counts an add into a fresh allocation as a read of uninitialized memory.
            sum.fillAsync(0, CudaStream.legacyDefault());
            return new DeviceReadWrite(kernels.readBytes(), kernels.writeBytes(), sum);
        } catch (RuntimeException e) {
            sum.close(); // not yet owned by anything that would free it
            throw e;
        }
    }

    /** Reads {@code src}: the launch of {@link GridLaunch}, {@code dst} unused. */
    GridLaunch reads() {
        return (dst, src, bytes, shape, copies, repeat, stream) -> {
            GridLaunch.requireCopies(copies);
            if (bytes == 0) {
                return;
            }
            boolean launches = repeat == KernelTiming.Repeat.LAUNCHES;
            for (int c = 0; c < (launches ? copies : 1); c++) {
                read.launch(shape.blocks(), shape.threadsPerBlock(), new KernelArguments().pointer(src).int64(bytes)
                        .int32(launches ? 1 : copies).pointer(sum.address()), stream);
            }
        };
    }

    /** Writes {@code dst}: the launch of {@link GridLaunch}, {@code src} unused. */
    GridLaunch writes() {
        return (dst, src, bytes, shape, copies, repeat, stream) -> {
            GridLaunch.requireCopies(copies);
            if (bytes == 0) {
                return;
            }
            boolean launches = repeat == KernelTiming.Repeat.LAUNCHES;
            for (int c = 0; c < (launches ? copies : 1); c++) {
                write.launch(shape.blocks(), shape.threadsPerBlock(), new KernelArguments().pointer(dst).int64(bytes)
                        .int32(launches ? 1 : copies), stream);
            }
        };
    }

    /**
     * What one pass of the read kernel in {@code shape} adds up over {@code src}: the sum zeroed,
     * one launch on {@code stream}, the sum copied back once the stream is idle.
     */
    long checksum(MemorySegment src, long bytes, LaunchShape shape, CudaStream stream) {
        sum.fillAsync(0, stream);
        reads().issue(MemorySegment.NULL, src, bytes, shape, 1, KernelTiming.Repeat.LOOP, stream);
        stream.synchronize();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(Long.BYTES, Long.BYTES);
            Memcpy.copy(host, sum.address(), Long.BYTES, CopyKind.DEVICE_TO_HOST);
            return host.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    @Override
    public void close() {
        sum.close();
    }
}
