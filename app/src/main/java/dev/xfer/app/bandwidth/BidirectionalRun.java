package dev.xfer.app.bandwidth;

import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaEvent;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;

/**
 * H2D and D2H at once, composed of the one-way initiators. The driver: H2D on one stream while
 * D2H runs on another, each timed by its own events. The copy kernel: ONE launch both ways
 * ({@link KernelInitiator#issueBothWays}: even warps up, odd warps down) timed by one event pair, so
 * bidir-h2d and bidir-d2h both report the bytes of one direction over the time of that launch
 * (nvbandwidth's {@code *_bidirectional_memcpy_sm} counts alike); or, with
 * {@link KernelTiming.Bidir#TWO_STREAMS}, one kernel each way on its own stream, as the driver. A
 * kernel sample holds the plan's {@link KernelTiming} copies and counts its time over them.
 */
final class BidirectionalRun {
    private final CudaDevice device;
    private final BandwidthPlan plan;
    private final SampleRuns samples;
    private final RunRows rows;
    private final PlacedHost hosts;
    private final StreamGate gate;
    private final CudaEvent start;
    private final CudaEvent stop;
    private final CudaEvent start2;
    private final CudaEvent stop2;
    private final CudaStream first;
    private final CudaStream second;

    /** @param gate what holds a kernel sample's streams; null unless the kernel timing may hold one */
    BidirectionalRun(CudaDevice device, BandwidthPlan plan, SampleRuns samples, RunRows rows, PlacedHost hosts,
                     StreamGate gate, List<CudaEvent> events, CudaStream first, CudaStream second) {
        this.device = device;
        this.plan = plan;
        this.samples = samples;
        this.rows = rows;
        this.hosts = hosts;
        this.gate = gate;
        this.start = events.get(0);
        this.stop = events.get(1);
        this.start2 = events.get(2);
        this.stop2 = events.get(3);
        this.first = first;
        this.second = second;
    }

    /** The driver's bidir rows: {@code engine} (asynchronous copies) each way on its own stream. */
    void byDriver(HostMemoryKind memory, long size, MemorySegment reference, CopyEngineInitiator engine) {
        run(memory, size, reference, engine, Optional.empty());
    }

    /** The copy kernel's bidir rows in {@code kernel}'s shape: one launch, or two streams as the timing says. */
    void byKernel(HostMemoryKind memory, long size, MemorySegment reference, KernelInitiator kernel) {
        run(memory, size, reference, kernel, Optional.of(kernel));
    }

    private void run(HostMemoryKind memory, long size, MemorySegment reference, QueuedCopy each,
                     Optional<KernelInitiator> kernel) {
        Optional<LaunchShape> shape = kernel.map(KernelInitiator::shape);
        CopyPath path = shape.isPresent() ? CopyPath.KERNEL : CopyPath.DRIVER;
        samples.announce(ConfigurationLabel.of(memory, path, shape, "bidir", size).text());
        try (HostBuffer source = memory.allocate(size);
             HostBuffer target = memory.allocate(size);
             DeviceBuffer up = DeviceBuffer.allocate(device, size);
             DeviceBuffer down = DeviceBuffer.allocate(device, size)) {
            hosts.settle(memory, source.segment());
            hosts.settle(memory, target.segment());
            MemorySegment.copy(reference, 0, source.segment(), 0, size);
            Memcpy.copy(down.address(), reference, size, CopyKind.HOST_TO_DEVICE);
            DataPattern.poison(target.segment());
            Optional<HostMemoryNodes> sourcePages = hosts.where(source.segment());
            Optional<HostMemoryNodes> targetPages = hosts.where(target.segment());
            CopyEnds toDevice = new CopyEnds(CopyDirection.H2D, up, source.segment(), size);
            CopyEnds toHost = new CopyEnds(CopyDirection.D2H, down, target.segment(), size);
            KernelTiming timing = plan.kernelTiming();
            int copies = shape.isPresent() ? timing.copiesFor(size) : 1;
            boolean oneLaunch = shape.isPresent() && timing.bidir() != KernelTiming.Bidir.TWO_STREAMS;
            boolean gated = shape.isPresent() && timing.gatedFor(size, plan.timer());
            boolean leadIn = shape.isPresent() && timing.leadInFor(size, plan.timer());
            KernelInitiator k = kernel.orElse(null);
            Runnable both = oneLaunch ? () -> {
                if (gated) {
                    gate.hold(first);
                }
                if (leadIn) {
                    k.issueBothWays(toDevice, toHost, 1, first);
                }
                start.record(first);
                k.issueBothWays(toDevice, toHost, copies, first);
                stop.record(first);
                if (gated) {
                    gate.release();
                }
                stop.synchronize();
            } : () -> {
                // One direction on each stream with its own events; a kernel's two launches must fit
                // on the SMs at once to overlap. The driver's copies are never held nor led in.
                if (gated) {
                    gate.hold(first);
                    gate.hold(second);
                }
                if (leadIn) {
                    each.issue(toDevice, 1, first);
                    each.issue(toHost, 1, second);
                }
                start.record(first);
                each.issue(toDevice, copies, first);
                stop.record(first);
                start2.record(second);
                each.issue(toHost, copies, second);
                stop2.record(second);
                if (gated) {
                    gate.release();
                }
                stop.synchronize();
                stop2.synchronize();
            };
            // Two windows on two streams, interleaved, so no one clock brackets them: each run reads its own.
            List<BothWays> readings = samples.readings(() -> {
                long t0 = System.nanoTime();
                both.run();
                // A kernel sample of several copies counts its time over its copies, per copy.
                double wall = (System.nanoTime() - t0) / 1e9 / copies;
                double h2d = plan.timer() == CopyTimer.EVENTS ? start.millisecondsTo(stop) / 1e3 / copies : wall;
                // The kernel's one launch is both directions' time.
                double d2h = plan.timer() != CopyTimer.EVENTS ? wall
                        : oneLaunch ? h2d : start2.millisecondsTo(stop2) / 1e3 / copies;
                return new BothWays(h2d, d2h);
            });
            double[] h2d = readings.stream().mapToDouble(BothWays::h2d).toArray();
            double[] d2h = readings.stream().mapToDouble(BothWays::d2h).toArray();
            boolean downOk = rows.verify(CheckedConfiguration.of(MeasuredMemory.of(memory), path, shape,
                    RowDirection.BIDIR_D2H, size), target.segment(), reference);
            DataPattern.poison(target.segment());
            Memcpy.copy(target.segment(), up.address(), size, CopyKind.DEVICE_TO_HOST);
            boolean upOk = rows.verify(CheckedConfiguration.of(MeasuredMemory.of(memory), path, shape,
                    RowDirection.BIDIR_H2D, size), target.segment(), reference);
            rows.addRow(MeasuredMemory.of(memory), RowDirection.BIDIR_H2D, size, h2d, upOk, sourcePages, path, Optional.empty(),
                    shape);
            rows.addRow(MeasuredMemory.of(memory), RowDirection.BIDIR_D2H, size, d2h, downOk, targetPages, path, Optional.empty(),
                    shape);
        }
    }

    /** One bidir run's readings: each direction's seconds per copy. */
    private record BothWays(double h2d, double d2h) {
    }
}
