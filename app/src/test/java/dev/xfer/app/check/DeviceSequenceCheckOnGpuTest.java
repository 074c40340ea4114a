package dev.xfer.app.check;

import dev.xfer.app.kernels.XferKernels;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.KernelArguments;
import dev.xfer.cuda.Memcpy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Needs an NVIDIA GPU: the device's count of wrong elements is exactly the host scan's. */
@Tag("gpu")
class DeviceSequenceCheckOnGpuTest {
    private static final long ELEMENTS = 3 * CheckPlan.PERIOD + 12_345;
    private static CudaDevice device;

    @BeforeAll
    static void gpu() {
        device = CudaRuntime.load(Optional.empty()).device(0);
    }

    @Test
    void agreesWithTheHostScan() {
        device.makeCurrent();
        long bytes = ELEMENTS * Double.BYTES;
        try (XferKernels kernels = XferKernels.load();
             DeviceBuffer doubles = DeviceBuffer.allocate(device, bytes);
             CudaStream stream = CudaStream.create(device, true);
             DeviceSequenceCheck check = new DeviceSequenceCheck(device, kernels);
             Arena arena = Arena.ofConfined()) {
            kernels.fillSequence().launch(1024, 256,
                    new KernelArguments().pointer(doubles.address()).int64(ELEMENTS).int64(CheckPlan.PERIOD), stream);
            stream.synchronize();
            assertEquals(new SequenceScan.Outcome(0, 0.0), check.scan(doubles, ELEMENTS, CheckPlan.PERIOD, stream));

            // Plant finite errors in the middle and poison at the end, then compare with the host.
            MemorySegment host = arena.allocate(bytes, 8);
            Memcpy.copy(host, doubles.address(), bytes, CopyKind.DEVICE_TO_HOST);
            host.setAtIndex(ValueLayout.JAVA_DOUBLE, 17, 1e6);
            host.setAtIndex(ValueLayout.JAVA_DOUBLE, CheckPlan.PERIOD + 3, -5.0);
            Memcpy.copy(doubles.address(), host, bytes, CopyKind.HOST_TO_DEVICE);
            SequenceScan.Outcome finite = check.scan(doubles, ELEMENTS, CheckPlan.PERIOD, stream);
            assertEquals(SequenceScan.scan(host, ELEMENTS, CheckPlan.PERIOD), finite);
            assertEquals(2, finite.wrong());
            assertEquals(1e6 - 18, finite.maxError());

            host.asSlice(bytes - 4000 * Double.BYTES).fill((byte) 0xFF);
            Memcpy.copy(doubles.address(), host, bytes, CopyKind.HOST_TO_DEVICE);
            SequenceScan.Outcome poisoned = check.scan(doubles, ELEMENTS, CheckPlan.PERIOD, stream);
            assertEquals(4002, poisoned.wrong());
            assertTrue(Double.isNaN(poisoned.maxError()), "poison seen: " + poisoned);
            assertEquals(SequenceScan.scan(host, ELEMENTS, CheckPlan.PERIOD).wrong(), poisoned.wrong());
        }
    }
}
