package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CudaRuntime;
import dev.xfer.cuda.DeviceAttribute;
import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Needs an NVIDIA GPU of compute capability 9.0 or more: the TMA copy's h2d and d2h through mapped
 * page-locked host memory, every byte over and back. Whether {@code cp.async.bulk} reaches host
 * memory at all is what this measures first; a class of its own because a bulk copy that cannot
 * reach it faults the context, and every later test in the same process would fail with it.
 */
@Tag("gpu")
class TmaHostOnGpuTest {

    @Test
    void hostDirectionsThroughMappedPinnedMemoryVerify() {
        var device = CudaRuntime.load(Optional.empty()).device(0);
        assumeTrue(device.attribute(DeviceAttribute.COMPUTE_CAPABILITY_MAJOR) >= TmaSupport.MIN_MAJOR,
                "no TMA below compute capability 9.0");
        List<Long> sizes = List.of(1L, 4097L, 12304L, (1L << 20) + 3, (64L << 20) + 3);
        List<HostMemoryKind> kinds = List.of(HostMemoryKind.PINNED, HostMemoryKind.WRITE_COMBINED);
        var outcome = new BandwidthBenchmark(device, OptionalDouble.of(63.0), s -> { })
                .run(TmaOnGpuTest.plan(sizes, kinds, List.of(CopyDirection.H2D, CopyDirection.D2H), "1,sm"));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());
        // per size and kind: tma's h2d and d2h in two grids (--copy tma alone: no driver rows)
        assertEquals(sizes.size() * kinds.size() * 4, outcome.results().size());
        outcome.results().forEach(r -> assertTrue(r.verified(), r.configuration()));
    }
}
