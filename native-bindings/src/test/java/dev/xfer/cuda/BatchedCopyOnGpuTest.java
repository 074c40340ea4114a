package dev.xfer.cuda;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Needs an NVIDIA GPU and a CUDA 13 runtime: one cudaMemcpyBatchAsync of pageable and pinned
 * sources, in both directions, with each source access order and with and without the flag, lands
 * every byte; and with {@code during-api-call} the sources may be overwritten as soon as the call
 * returns (the contract that order gives the caller) without the copies seeing it.
 */
@Tag("gpu")
class BatchedCopyOnGpuTest {
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        CudaRuntime cuda = CudaRuntime.load(Optional.empty());
        Assumptions.assumeTrue(cuda.supportsBatchedCopies(), () -> cuda.batchedCopiesMissing().orElseThrow());
        device = cuda.device(0);
        device.makeCurrent();
    }

    @ParameterizedTest(name = "{0} x {1} bytes from {2}, {3}, overlap {4}")
    @CsvSource({"16, 1048589, PAGEABLE, STREAM, false", "16, 1048589, PAGEABLE, DURING_API_CALL, false",
            "16, 1048589, PAGEABLE, ANY, false", "16, 1048589, PAGEABLE, ANY, true",
            "300, 4000, PAGEABLE, DURING_API_CALL, true", "300, 4000, PINNED, STREAM, true",
            "7, 3, PINNED, ANY, false"})
    void everyByteArrivesBothWays(int count, long bytes, HostMemoryKind memory, SourceAccessOrder order,
                                  boolean overlap) {
        try (Buffers b = new Buffers(count, bytes, memory); CudaStream stream = CudaStream.create(device, true)) {
            b.fill(1);
            Memcpy.copyBatchAsync(b.deviceAddresses(), b.hostSegments(), b.sizes(), order, overlap, stream);
            stream.synchronize();
            b.fill(0);
            Memcpy.copyBatchAsync(b.hostSegments(), b.deviceAddresses(), b.sizes(), order, overlap, stream);
            stream.synchronize();
            b.check(1);
        }
    }

    @ParameterizedTest(name = "{0} x {1} bytes")
    @CsvSource({"8, 4194304", "200, 4000"})
    void duringApiCallLetsTheCallerReuseTheSourcesOnReturn(int count, long bytes) {
        try (Buffers b = new Buffers(count, bytes, HostMemoryKind.PAGEABLE);
             CudaStream stream = CudaStream.create(device, true)) {
            b.fill(1);
            Memcpy.copyBatchAsync(b.deviceAddresses(), b.hostSegments(), b.sizes(), SourceAccessOrder.DURING_API_CALL,
                    false, stream);
            b.fill(2); // before the stream has run the copies: the order says every read is done
            stream.synchronize();
            b.fill(0);
            for (int i = 0; i < count; i++) {
                Memcpy.copy(b.hosts.get(i).segment(), b.devices.get(i).address(), bytes, CopyKind.DEVICE_TO_HOST);
            }
            b.check(1);
        }
    }

    private final class Buffers implements AutoCloseable {
        final List<HostBuffer> hosts = new ArrayList<>();
        final List<DeviceBuffer> devices = new ArrayList<>();
        final long bytes;

        Buffers(int count, long bytes, HostMemoryKind memory) {
            this.bytes = bytes;
            for (int i = 0; i < count; i++) {
                hosts.add(memory.allocate(bytes));
                devices.add(DeviceBuffer.allocate(device, bytes));
            }
        }

        /** Every buffer's bytes from its index and {@code seed}; seed 0 is zeros. */
        void fill(int seed) {
            for (int i = 0; i < hosts.size(); i++) {
                MemorySegment s = hosts.get(i).segment();
                for (long k = 0; k < bytes; k++) {
                    s.set(ValueLayout.JAVA_BYTE, k, value(seed, i, k));
                }
            }
        }

        void check(int seed) {
            for (int i = 0; i < hosts.size(); i++) {
                MemorySegment s = hosts.get(i).segment();
                for (long k = 0; k < bytes; k++) {
                    assertEquals(value(seed, i, k), s.get(ValueLayout.JAVA_BYTE, k), "buffer " + i + " byte " + k);
                }
            }
        }

        private static byte value(int seed, int buffer, long offset) {
            return seed == 0 ? 0 : (byte) (seed * 31 + buffer * 7 + offset * 13 + (offset >>> 8));
        }

        MemorySegment[] deviceAddresses() {
            return devices.stream().map(DeviceBuffer::address).toArray(MemorySegment[]::new);
        }

        MemorySegment[] hostSegments() {
            return hosts.stream().map(HostBuffer::segment).toArray(MemorySegment[]::new);
        }

        long[] sizes() {
            long[] s = new long[hosts.size()];
            java.util.Arrays.fill(s, bytes);
            return s;
        }

        @Override
        public void close() {
            devices.forEach(DeviceBuffer::close);
            hosts.forEach(HostBuffer::close);
        }
    }
}
