package dev.xfer.app.evidence;

import dev.xfer.app.evidence.CudaOrder.NvmlGpu;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CudaOrderTest {
    private static final List<NvmlGpu> FOUR_H100 = List.of(new NvmlGpu("NVIDIA H100 80GB HBM3", "GPU-aaaa-0"),
            new NvmlGpu("NVIDIA H100 80GB HBM3", "GPU-bbbb-1"), new NvmlGpu("NVIDIA H100 80GB HBM3", "GPU-cccc-2"),
            new NvmlGpu("NVIDIA H100 80GB HBM3", "GPU-cccd-3"));
    private static final List<NvmlGpu> MIXED = List.of(new NvmlGpu("NVIDIA A100-SXM4-40GB", "GPU-aaaa-0"),
            new NvmlGpu("NVIDIA H100 80GB HBM3", "GPU-bbbb-1"));

    private static OptionalInt guess(int cuda, String visible, String order, List<NvmlGpu> gpus) {
        return CudaOrder.nvmlIndex(cuda, Optional.ofNullable(visible), Optional.ofNullable(order), gpus);
    }

    @Test
    void oneModelInCudasDefaultOrderIsNvmlsOrder() {
        assertEquals(OptionalInt.of(0), guess(0, null, null, FOUR_H100));
        assertEquals(OptionalInt.of(3), guess(3, null, "FASTEST_FIRST", FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(4, null, null, FOUR_H100));
    }

    @Test
    void visibleDevicesPickByIndexOrUuidPrefixInTheirOrder() {
        assertEquals(OptionalInt.of(2), guess(0, "2,0", null, FOUR_H100));
        assertEquals(OptionalInt.of(0), guess(1, "2, 0", null, FOUR_H100));
        assertEquals(OptionalInt.of(1), guess(0, "GPU-bbbb", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(1, "2", null, FOUR_H100));
    }

    @Test
    void whatCudaWouldReadOtherwiseIsNoGuess() {
        // mixed models in CUDA's default order (fastest first, not bus order)
        assertEquals(OptionalInt.empty(), guess(0, null, null, MIXED));
        assertEquals(OptionalInt.of(0), guess(0, null, "PCI_BUS_ID", MIXED));
        // an ambiguous UUID prefix, MIG, a repeated or absent GPU, an empty list, junk, an unknown order
        assertEquals(OptionalInt.empty(), guess(0, "GPU-ccc", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, "MIG-1234", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, "1,1", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, "7", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, "", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, "0,x", null, FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, null, "SLOWEST_FIRST", FOUR_H100));
        assertEquals(OptionalInt.empty(), guess(0, null, null, List.of()));
    }
}
