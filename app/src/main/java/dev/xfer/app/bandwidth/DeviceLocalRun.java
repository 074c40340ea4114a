package dev.xfer.app.bandwidth;

import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The device-local rows: d2d, a copy between two buffers of one device, by the copy engine and by
 * the copy kernel and the TMA copy in each of their grids; d2d-read and d2d-write, the device's
 * memory by reads alone and by writes alone, by the SMs in each grid. The host only supplies and
 * checks the data. Every row counts its bytes once: a copy's bytes (not read plus written), the
 * bytes read, the bytes written.
 */
final class DeviceLocalRun {
    private final CudaDevice device;
    private final BandwidthPlan plan;
    private final SampleRuns samples;
    private final RunRows rows;
    private final CopyEngineInitiator engine;
    private final List<KernelInitiator> copies;
    private final List<KernelInitiator> reads;
    private final List<KernelInitiator> writes;
    private final DeviceReadWrite readWrite;
    private final CudaStream legacy;

    /**
     * @param engine    the driver's copies (asynchronous: both ends are device memory) on {@code legacy}
     * @param onGrids   each path launched on grids in each of its grids, in {@link CopyPath}'s order; a path is
     *                  missing unless the plan has it and the device runs it
     * @param reads     the read-only kernel in each grid; empty unless the plan has d2d-read
     * @param writes    the write-only kernel in each grid; empty unless the plan has d2d-write
     * @param readWrite their kernels, for the read kernel's checksum; null when both are empty
     */
    DeviceLocalRun(CudaDevice device, BandwidthPlan plan, SampleRuns samples, RunRows rows, CopyEngineInitiator engine,
                   Map<CopyPath, List<KernelInitiator>> onGrids, List<KernelInitiator> reads,
                   List<KernelInitiator> writes, DeviceReadWrite readWrite, CudaStream legacy) {
        this.device = device;
        this.plan = plan;
        this.samples = samples;
        this.rows = rows;
        this.engine = engine;
        List<KernelInitiator> all = new ArrayList<>();
        onGrids.values().forEach(all::addAll);
        this.copies = List.copyOf(all);
        this.reads = List.copyOf(reads);
        this.writes = List.copyOf(writes);
        this.readWrite = readWrite;
        this.legacy = legacy;
    }

    void measure(long size, MemorySegment reference) {
        try (DeviceBuffer a = DeviceBuffer.allocate(device, size);
             DeviceBuffer b = DeviceBuffer.allocate(device, size);
             HostBuffer check = HostMemoryKind.PAGEABLE.allocate(size)) {
            Memcpy.copy(a.address(), reference, size, CopyKind.HOST_TO_DEVICE);
            CopyEnds ends = new CopyEnds(CopyDirection.D2D, b, a.address(), size);
            if (plan.directions().contains(CopyDirection.D2D)) {
                copies(size, reference, ends, b, check);
            }
            if (!reads.isEmpty()) {
                reads(size, reference, ends, a);
            }
            if (!writes.isEmpty()) {
                writes(size, ends, b, check);
            }
        }
    }

    /** d2d: the driver's copy, then each grid's of the copy kernel and the TMA copy, each checked by copying b back. */
    private void copies(long size, MemorySegment reference, CopyEnds ends, DeviceBuffer b, HostBuffer check) {
        double[] d2d = samples.of("device " + CopyDirection.D2D + " " + size + " B", true,
                engine.sampleOf(ends, CopyEngineInitiator.deviceLocalCopies(size)));
        DataPattern.poison(check.segment());
        Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
        boolean ok = rows.verify(CheckedConfiguration.of(MeasuredMemory.DEVICE, CopyPath.DRIVER, Optional.empty(),
                RowDirection.D2D, size), check.segment(), reference);
        rows.addRow(MeasuredMemory.DEVICE, RowDirection.D2D, size, d2d, ok, Optional.empty(), CopyPath.DRIVER,
                Optional.empty(), Optional.empty());
        for (KernelInitiator by : copies) {
            String label = name(by, CopyDirection.D2D, size);
            b.fillAsync(0, legacy);
            double[] seconds = samples.of(label, true, by.sampleOf(ends));
            DataPattern.poison(check.segment());
            Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
            rows.addRow(MeasuredMemory.DEVICE, RowDirection.D2D, size, seconds,
                    rows.verify(checked(by, RowDirection.D2D, size), check.segment(), reference), Optional.empty(), by.path(), Optional.empty(),
                    Optional.of(by.shape()));
        }
    }

    /**
     * d2d-read in each grid: the samples read {@code a} (the pattern), then one more pass over a zeroed
     * sum must add up to the pattern's checksum ({@link ReadChecksum}); where it does not, the
     * configuration is kept {@link Unmeasured} with both sums, as no byte can be named.
     */
    private void reads(long size, MemorySegment reference, CopyEnds ends, DeviceBuffer a) {
        long expected = ReadChecksum.of(reference.asSlice(0, size), a.address().address());
        for (KernelInitiator by : reads) {
            String label = name(by, CopyDirection.D2D_READ, size);
            double[] seconds = samples.of(label, true, by.sampleOf(ends));
            long actual = readWrite.checksum(a.address(), size, by.shape(), legacy);
            if (actual == expected) {
                rows.addRow(MeasuredMemory.DEVICE, RowDirection.D2D_READ, size, seconds, true, Optional.empty(), by.path(),
                        Optional.empty(), Optional.of(by.shape()));
            } else {
                // No byte to point at: the configuration failed, with the two sums as its reason.
                rows.addUnmeasured(MeasuredMemory.DEVICE, RowDirection.D2D_READ, size, by.path(), Optional.of(by.shape()),
                        String.format(java.util.Locale.ROOT, "the read kernel's checksum 0x%016x is not the"
                                + " buffer's 0x%016x: it did not read what is there", actual, expected));
            }
        }
    }

    /** d2d-write in each grid: {@code b} cleared, the samples write it, and every byte must be {@link WritePattern}'s. */
    private void writes(long size, CopyEnds ends, DeviceBuffer b, HostBuffer check) {
        try (HostBuffer expected = HostMemoryKind.PAGEABLE.allocate(size)) {
            WritePattern.fill(expected.segment());
            for (KernelInitiator by : writes) {
                String label = name(by, CopyDirection.D2D_WRITE, size);
                b.fillAsync(0, legacy);
                double[] seconds = samples.of(label, true, by.sampleOf(ends));
                DataPattern.poison(check.segment());
                Memcpy.copy(check.segment(), b.address(), size, CopyKind.DEVICE_TO_HOST);
                rows.addRow(MeasuredMemory.DEVICE, RowDirection.D2D_WRITE, size, seconds,
                        rows.verify(checked(by, RowDirection.D2D_WRITE, size), check.segment(), expected.segment()), Optional.empty(), by.path(),
                        Optional.empty(), Optional.of(by.shape()));
            }
        }
    }

    private static CheckedConfiguration checked(KernelInitiator by, RowDirection direction, long size) {
        return CheckedConfiguration.of(MeasuredMemory.DEVICE, by.path(), Optional.of(by.shape()), direction, size);
    }

    private static String name(KernelInitiator by, CopyDirection direction, long size) {
        return new ConfigurationLabel("device", by.path(), Optional.of(by.shape()), direction.label(), size).text();
    }
}
