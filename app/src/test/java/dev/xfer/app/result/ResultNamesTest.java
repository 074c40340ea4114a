package dev.xfer.app.result;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The {@code --expect} names users' scripts and the docs (docs/commands/*.md) use, one per kind of
 * result, read off identities as the engines build them.
 */
class ResultNamesTest {
    private static final long MIB16 = 16L << 20;

    private static Identity.Builder copy(String memory, String path, String direction) {
        return Identity.of(Identity.BANDWIDTH, "gbps").with(IdentityField.MEMORY, memory)
                .with(IdentityField.COPY, path).with(IdentityField.DIRECTION, direction).with(IdentityField.BYTES, MIB16);
    }

    @Test
    void aCopyLeavesOutTheDriversPathAndTheFieldsItsRunDidNotName() {
        assertEquals("pinned.h2d.16MiB", ResultNames.of(copy("pinned", "driver", "h2d").build()));
        assertEquals("pageable.staged.h2d.16MiB", ResultNames.of(copy("pageable", "staged", "h2d").build()));
        assertEquals("device.kernel.d2d.16MiB", ResultNames.of(copy("device", "kernel", "d2d").build()));
        Identity gridAndNode = copy("pinned", "kernel", "bidir-h2d").with(IdentityField.BLOCKS, 64)
                .with(IdentityField.BLOCK_SIZE, 256).with(IdentityField.NUMA_NODE, 1).build();
        assertEquals("pinned.kernel.bidir-h2d.16MiB.blocks64.node1", ResultNames.of(gridAndNode));
        assertEquals("pinned.kernel.bidir-h2d.16MiB.node1", ResultNames.of(gridAndNode, false, true));
        assertEquals("pinned.kernel.bidir-h2d.16MiB.blocks64", ResultNames.of(gridAndNode, true, false));
    }

    @Test
    void gpusAtOnceAreNamedByGpuOrAsTheAggregate() {
        Identity.Builder concurrent = copy("pinned", "driver", "d2h").with(IdentityField.PATTERN, "concurrent");
        assertEquals("concurrent.pinned.d2h.16MiB.all", ResultNames.of(concurrent.build().measuring("aggregateGbps")));
        assertEquals("concurrent.pinned.d2h.16MiB.gpu3", ResultNames.of(concurrent.with(IdentityField.GPU, 3).build()));
    }

    @Test
    void aCopyBetweenGpusNamesItsWaysFormAndPath() {
        Identity.Builder p2p = Identity.of(Identity.BANDWIDTH, "gbps").with(IdentityField.DIRECTION, "p2p")
                .with(IdentityField.SRC, 0).with(IdentityField.DST, 1).with(IdentityField.BYTES, MIB16);
        assertEquals("p2p.0-1.16MiB", ResultNames.of(p2p.build()));
        assertEquals("p2p-bidir.0-1.16MiB", ResultNames.of(p2p.build().measuring("bidirGbps")));
        Identity readByKernel = p2p.with(IdentityField.COPY, "kernel").with(IdentityField.INITIATION, "read").build();
        assertEquals("p2p-read.kernel.0-1.16MiB", ResultNames.of(readByKernel));
        assertEquals("p2p-bidir-read.kernel.0-1.16MiB", ResultNames.of(readByKernel.measuring("bidirGbps")));
    }

    @Test
    void latencyCheckAndOverlapNamesLeaveOutWhatTheRunHoldsFixed() {
        Identity.Builder chase = Identity.of("latency", "nanoseconds").with(IdentityField.ORDER, "random")
                .with(IdentityField.BYTES, 4096).with(IdentityField.ACCESSES, 100_000);
        assertEquals("latency.host.4KiB", ResultNames.of(chase.with(IdentityField.TARGET, "host").build()));
        assertEquals("latency.gpu1.4KiB", ResultNames.of(chase.with(IdentityField.TARGET, "peer")
                .with(IdentityField.PEER, 1).build()));
        assertEquals("check.synchronized.wrong", ResultNames.of(Identity.of("check", "wrongTrials")
                .with(IdentityField.SCENARIO, "synchronized").with(IdentityField.TRIALS, 50).build()));
        Identity.Builder overlap = Identity.of("overlap", "maxError").with(IdentityField.SCHEDULE, "v2")
                .with(IdentityField.STREAMS, 4).with(IdentityField.NUMA_NODE, 0);
        assertEquals("overlap.v2.error.node0", ResultNames.of(overlap.build()));
        assertEquals("overlap.v2.error", ResultNames.of(overlap.build(), false, false));
        assertEquals("overlap.v2.ms", ResultNames.of(overlap.build().measuring("milliseconds"), false, false));
    }

    @Test
    void aKindWithoutAShortNameIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> ResultNames.of(Identity.of("batch", "microseconds").with(IdentityField.COUNT, 8).build()));
    }
}
