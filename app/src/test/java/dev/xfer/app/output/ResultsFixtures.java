package dev.xfer.app.output;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.StagedCeiling;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.batch.BatchHostMemory;
import dev.xfer.app.batch.BatchPlan;
import dev.xfer.app.batch.BatchResult;
import dev.xfer.app.batch.BatchResults;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckResult;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInventory;
import dev.xfer.app.overlap.OverlapModel;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapResult;
import dev.xfer.app.overlap.OverlapResults;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.overlap.ScheduleTimeline;
import dev.xfer.app.overlap.TimedOp;
import dev.xfer.app.pipeline.PipelineModel;
import dev.xfer.app.pipeline.PipelinePlan;
import dev.xfer.app.pipeline.PipelineResult;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.staging.StagingConfig;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;
import dev.xfer.app.sysfs.PcieGeneration;
import dev.xfer.app.sysfs.PcieLink;
import dev.xfer.cuda.CudaVersion;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.host.CpuSet;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Fixed result records for renderer tests: no GPU, no clock, no host name. The golden JSON files
 * under {@code src/test/resources/golden/} are built from these, so a change here changes them.
 */
public final class ResultsFixtures {
    public static final String XFER_VERSION = "0.1.0-test";
    public static final Instant STARTED = Instant.parse("2025-06-01T12:34:56Z");
    public static final String HOST = "gpu-host-1";
    public static final CudaVersion CUDA_13 = new CudaVersion(13000);
    public static final long MIB16 = 16L << 20;

    private ResultsFixtures() {
    }

    /** An H200 at rest: sysfs says Gen1 x16 now (power saving), Gen5 x16 at most; NUMA node 0. */
    public static DeviceInfo h200(int asyncEngines) {
        PciDeviceInfo pci = new PciDeviceInfo(new PciAddress(0, 0x17, 0, 0), OptionalInt.of(0),
                Optional.of("0-23,48-71"), CpuSet.parse("0-23,48-71"),
                Optional.of(new PcieLink(PcieGeneration.GEN1, 16)), Optional.of(new PcieLink(PcieGeneration.GEN5, 16)));
        return new DeviceInfo(0, "NVIDIA H200", 9, 0, 150_109_880_320L, 149_534_343_168L, 132, asyncEngines, true,
                "0000:17:00.0", Optional.of(pci), 0).withUuid("GPU-8f3a2c1e-5b7d-4e90-a1c2-3d4e5f607182");
    }

    public static DeviceInfo h200() {
        return h200(2);
    }

    /** A GPU sysfs knows nothing about (container, some VMs), CUDA reporting no NUMA node either. */
    public static DeviceInfo withoutSysfs() {
        return new DeviceInfo(1, "NVIDIA H200", 9, 0, 150_109_880_320L, 150_000_000_000L, 132, 1, false,
                "0000:C1:00.0", Optional.empty(), -1);
    }

    public static RunContext context(DeviceInfo device) {
        return new RunContext(XFER_VERSION, STARTED, HOST, device, CUDA_13, CUDA_13, Optional.of("nightly"));
    }

    public static RunContext context() {
        return context(h200());
    }

    /** A Summary given outright, so rendered figures are known to the digit. */
    public static Summary summary(int n, double median, double min, double max, double mean, double stddev) {
        return new Summary(median, min, max, mean, stddev, n);
    }

    // ---- bandwidth

    public static BandwidthPlan bandwidthPlan() {
        return new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D, CopyDirection.D2H, CopyDirection.D2D), 20, 5, CopyTimer.EVENTS);
    }

    /** 64 sampled pages, all on node 0: what an unplaced run on a one-node machine finds. */
    public static final Optional<HostMemoryNodes> ON_NODE_0 = Optional.of(HostMemoryNodes.allOn(0, 64));

    /**
     * Pageable fine, pinned round trip came back wrong at byte 4097, d2d fine (no link percentage);
     * nothing placed, every host buffer's sampled pages on node 0.
     */
    public static BandwidthResults bandwidthReport() {
        return new BandwidthResults(context(), bandwidthPlan(), List.of(
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pageable"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), MIB16, summary(20, 12.3456, 10.004, 13.996, 12.25, 0.75),
                        summary(20, 1358.97, 1198.7, 1677.1, 1371.5, 85.25), OptionalDouble.of(19.59), true)
                        .placed(OptionalInt.empty(), ON_NODE_0),
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pageable"), dev.xfer.app.bandwidth.RowDirection.fromLabel("d2h"), MIB16, summary(20, 13.1, 11.25, 14.03, 12.875, 0.5),
                        summary(20, 1280.71, 1195.8, 1491.3, 1305.0, 50.5), OptionalDouble.of(20.79), true)
                        .placed(OptionalInt.empty(), ON_NODE_0),
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), MIB16, summary(20, 52.634, 50.987, 53.4999, 52.5, 0.625),
                        summary(20, 318.74, 313.6, 329.05, 319.5, 3.75), OptionalDouble.of(83.53), false)
                        .placed(OptionalInt.empty(), ON_NODE_0),
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel("d2h"), MIB16, summary(20, 53.5, 53.0, 54.0, 53.5, 0.25),
                        summary(20, 313.6, 310.7, 316.55, 313.6, 1.5), OptionalDouble.of(84.9), false)
                        .placed(OptionalInt.empty(), ON_NODE_0),
                new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("device"), dev.xfer.app.bandwidth.RowDirection.fromLabel("d2d"), MIB16, summary(20, 1650.25, 1600.5, 1700.75, 1651.0, 25.5),
                        summary(20, 10.17, 9.86, 10.48, 10.16, 0.125), OptionalDouble.empty(), true)),
                List.of(VerificationFailure.of(dev.xfer.app.bandwidth.CheckedConfiguration.roundTrip(HostMemoryKind.PINNED,
                        CopyPath.DRIVER, Optional.empty(), OptionalInt.empty(), MIB16), "", 4097, (byte) 0x3c, (byte) 0xa5,
                        OptionalInt.empty())),
                List.of("a note for the reader"));
    }

    /** 64 MiB. */
    public static final long MIB64 = 64L << 20;

    /**
     * {@code --copy driver,staged --memory pageable,heap,pinned --size 64MiB --direction h2d,d2h}
     * with 8 threads of 4 slots of 8 MiB: pageable and heap each by the driver and staged, pinned
     * by the driver only. Pageable staged h2d is bound by the pinned slots, heap staged d2h by the
     * host copies; everything verified.
     */
    public static BandwidthResults bandwidthReportStaged() {
        BandwidthPlan plan = new BandwidthPlan(List.of(MIB64), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.HEAP,
                HostMemoryKind.PINNED), List.of(CopyDirection.H2D, CopyDirection.D2H), 20, 5, CopyTimer.EVENTS,
                List.of(CopyPath.DRIVER, CopyPath.STAGED), new StagingConfig(8, 4, 8L << 20, HostCopy.LIBC));
        return new BandwidthResults(context(), plan, List.of(
                rate("pageable", "h2d", 9.61, CopyPath.DRIVER, Optional.empty()),
                rate("pageable", "d2h", 17.2, CopyPath.DRIVER, Optional.empty()),
                rate("pageable", "h2d", 50.25, CopyPath.STAGED, Optional.of(new StagedCeiling(
                        summary(20, 71.5, 65.25, 74.0, 70.75, 2.5), summary(20, 54.75, 54.5, 55.0, 54.75, 0.125)))),
                rate("pageable", "d2h", 48.5, CopyPath.STAGED, Optional.of(new StagedCeiling(
                        summary(20, 62.0, 60.0, 63.5, 61.75, 1.0), summary(20, 55.25, 55.0, 55.5, 55.25, 0.125)))),
                rate("heap", "h2d", 9.5, CopyPath.DRIVER, Optional.empty()),
                rate("heap", "d2h", 16.75, CopyPath.DRIVER, Optional.empty()),
                rate("heap", "h2d", 49.0, CopyPath.STAGED, Optional.of(new StagedCeiling(
                        summary(20, 68.0, 66.0, 70.0, 68.0, 1.0), summary(20, 54.75, 54.5, 55.0, 54.75, 0.125)))),
                rate("heap", "d2h", 40.5, CopyPath.STAGED, Optional.of(new StagedCeiling(
                        summary(20, 44.25, 43.0, 45.5, 44.25, 0.75), summary(20, 55.25, 55.0, 55.5, 55.25, 0.125)))),
                rate("pinned", "h2d", 54.75, CopyPath.DRIVER, Optional.empty()),
                rate("pinned", "d2h", 55.5, CopyPath.DRIVER, Optional.empty())),
                List.of(), List.of());
    }

    /** One 64 MiB result: its median and spread around it, microseconds from the median. */
    private static BandwidthResult rate(String memory, String direction, double median, CopyPath copy,
                                        Optional<StagedCeiling> ceiling) {
        double micros = Math.round(MIB64 / (median * 1e3) * 10) / 10.0;
        return new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel(memory), dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), MIB64, summary(20, median, median - 0.5, median + 0.25, median, 0.25),
                summary(20, micros, micros - 2, micros + 4, micros, 1.5),
                OptionalDouble.of(Math.round(median / 63.0 * 1000) / 10.0), true, OptionalInt.empty(),
                Optional.empty(), copy, ceiling);
    }

    /** An H200 as {@link #h200()}, attached to NUMA node {@code node} of a two-socket host. */
    public static DeviceInfo h200OnNode(int node) {
        PciDeviceInfo pci = new PciDeviceInfo(new PciAddress(0, 0x97, 0, 0), OptionalInt.of(node),
                Optional.of("24-47"), CpuSet.parse("24-47"),
                Optional.of(new PcieLink(PcieGeneration.GEN5, 16)), Optional.of(new PcieLink(PcieGeneration.GEN5, 16)));
        return new DeviceInfo(0, "NVIDIA H200", 9, 0, 150_109_880_320L, 149_534_343_168L, 132, 2, true,
                "0000:97:00.0", Optional.of(pci), node);
    }

    private static BandwidthResult placedH2d(String memory, double median, int node, HostMemoryNodes pages) {
        double micros = Math.round(MIB16 / (median * 1e3) * 10) / 10.0;
        double percent = Math.round(median / 0.63 * 10) / 10.0;
        return new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel(memory), dev.xfer.app.bandwidth.RowDirection.fromLabel("h2d"), MIB16, summary(20, median, median - 0.5, median + 0.25, median, 0.125),
                summary(20, micros, micros - 1, micros + 1, micros, 0.5), OptionalDouble.of(percent), true)
                .placed(OptionalInt.of(node), Optional.of(pages));
    }

    /**
     * {@code --numa-node all} on a two-socket host whose GPU is on node 1: pageable and pinned H2D
     * from node 0 (far; 4 of pinned's 64 sampled pages ended up on node 1) and from node 1 (near).
     */
    public static BandwidthResults bandwidthReportAllNodes() {
        BandwidthPlan plan = new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PAGEABLE, HostMemoryKind.PINNED),
                List.of(CopyDirection.H2D), 20, 5, CopyTimer.EVENTS);
        HostPlacement placement = new HostPlacement(NumaOption.ALL, OptionalInt.of(1),
                List.of(NodeTarget.on(0, CpuSet.parse("0-23").orElseThrow()),
                        NodeTarget.on(1, CpuSet.parse("24-47").orElseThrow())),
                List.of(), List.of());
        HostMemoryNodes split = HostMemoryNodes.ofStatuses(java.util.stream.IntStream.range(0, 64)
                .map(i -> i < 60 ? 0 : 1).toArray());
        return new BandwidthResults(context(h200OnNode(1)), plan, List.of(
                placedH2d("pageable", 10.02, 0, HostMemoryNodes.allOn(0, 64)),
                placedH2d("pinned", 41.2, 0, split),
                placedH2d("pageable", 12.35, 1, HostMemoryNodes.allOn(1, 64)),
                placedH2d("pinned", 52.63, 1, HostMemoryNodes.allOn(1, 64))),
                List.of(), List.of(), placement);
    }

    // ---- overlap

    public static OverlapPlan overlapPlan() {
        return new OverlapPlan(OverlapPlan.ASYNC_CU_ELEMENTS, 4, 256, 1, List.of(OverlapSchedule.values()), 20, 3,
                HostMemoryKind.PINNED);
    }

    /** H2D 0.32 + kernel 0.05 + D2H 0.31 = 0.68 ms; ideal with 4 streams 0.32 + 0.36 / 4 = 0.41 ms. */
    public static OverlapModel overlapModel() {
        return new OverlapModel(0.32, 0.05, 0.31, 4);
    }

    public static OverlapResult overlapResult(OverlapSchedule schedule, double medianMs, double minMs, double maxMs,
                                              OptionalDouble speedup, double maxError) {
        Summary ms = summary(20, medianMs, minMs, maxMs, medianMs, 0.0125);
        double gbps = 2.0 * overlapPlan().bytes() / (medianMs / 1e3) / 1e9;
        return new OverlapResult(schedule, ms, gbps, speedup, maxError, overlapModel().efficiency(medianMs));
    }

    /** async.cu's picture: sequential 1 ms, V1 and V2 0.47 ms, every element within tolerance. */
    public static OverlapResults overlapReport(DeviceInfo device) {
        return new OverlapResults(context(device), overlapPlan(), List.of(new OverlapResults.Pass(OptionalInt.empty(),
                overlapModel(), List.of(
                overlapResult(OverlapSchedule.SEQUENTIAL, 1.0, 0.97, 1.08, OptionalDouble.of(1.0), 1.1920928955078125E-7),
                overlapResult(OverlapSchedule.V1, 0.47, 0.46, 0.52, OptionalDouble.of(1.0 / 0.47), 1.1920928955078125E-7),
                overlapResult(OverlapSchedule.V2, 0.47, 0.465, 0.49, OptionalDouble.of(1.0 / 0.47), 0.0)),
                overlapTimelines(4))), List.of(), HostPlacement.none());
    }

    /**
     * Recorded iterations as the fixed model would lay them out: one H2D engine, one D2H engine
     * and the SMs each run their operations in issue order, an operation starting when both its
     * stream and its engine are free (the model's H2D 320 us, kernel 50 us, D2H 310 us, split over
     * {@code streams} chunks).
     */
    public static List<ScheduleTimeline> overlapTimelines(int streams) {
        OverlapModel m = overlapModel();
        double[] whole = {m.h2dMs() * 1e3, m.kernelMs() * 1e3, m.d2hMs() * 1e3};
        List<ScheduleTimeline> out = new ArrayList<>();
        for (OverlapSchedule schedule : OverlapSchedule.values()) {
            List<int[]> issue = new ArrayList<>(); // {chunk, stage}
            int chunks = schedule == OverlapSchedule.SEQUENTIAL ? 1 : streams;
            if (schedule == OverlapSchedule.V2) {
                for (int stage = 0; stage < 3; stage++) {
                    for (int c = 0; c < chunks; c++) {
                        issue.add(new int[]{c, stage});
                    }
                }
            } else {
                for (int c = 0; c < chunks; c++) {
                    for (int stage = 0; stage < 3; stage++) {
                        issue.add(new int[]{c, stage});
                    }
                }
            }
            double[] streamFree = new double[chunks];
            double[] engineFree = new double[3];
            List<TimedOp> ops = new ArrayList<>();
            for (int[] op : issue) {
                int c = op[0];
                int stage = op[1];
                double start = Math.max(streamFree[c], engineFree[stage]);
                double end = start + Math.round(whole[stage] / chunks * 10) / 10.0;
                streamFree[c] = end;
                engineFree[stage] = end;
                ops.add(new TimedOp(c, c, TimedOp.Stage.values()[stage], start, end));
            }
            out.add(new ScheduleTimeline(schedule, ops));
        }
        return out;
    }

    public static OverlapResults overlapReport() {
        return overlapReport(h200());
    }

    /** From the far node: H2D 0.40 + kernel 0.05 + D2H 0.39 = 0.84 ms; ideal with 4 streams 0.40 + 0.44 / 4 = 0.51 ms. */
    public static OverlapModel overlapModelFar() {
        return new OverlapModel(0.40, 0.05, 0.39, 4);
    }

    private static OverlapResult placedOverlap(OverlapModel model, OverlapSchedule schedule, double medianMs,
                                               double sequentialMs, int node, HostMemoryNodes pages) {
        Summary ms = summary(20, medianMs, medianMs - 0.01, medianMs + 0.04, medianMs, 0.0125);
        double gbps = 2.0 * overlapPlan().bytes() / (medianMs / 1e3) / 1e9;
        return new OverlapResult(schedule, ms, gbps, OptionalDouble.of(sequentialMs / medianMs), 1.1920928955078125E-7,
                model.efficiency(medianMs)).placed(OptionalInt.of(node), Optional.of(pages));
    }

    /**
     * {@code --numa-node all} on a two-socket host whose GPU is on node 1: every schedule from
     * node 0 (far: sequential 1.2 ms, V1 0.6, V2 0.58; 4 of the pinned array's 64 sampled pages on
     * node 1) and from node 1 (near: 1.0, 0.47, 0.47, all pages on node 1), each pass with its model.
     */
    public static OverlapResults overlapReportAllNodes() {
        HostPlacement placement = new HostPlacement(NumaOption.ALL, OptionalInt.of(1),
                List.of(NodeTarget.on(0, CpuSet.parse("0-23").orElseThrow()),
                        NodeTarget.on(1, CpuSet.parse("24-47").orElseThrow())),
                List.of(), List.of());
        HostMemoryNodes split = HostMemoryNodes.ofStatuses(java.util.stream.IntStream.range(0, 64)
                .map(i -> i < 60 ? 0 : 1).toArray());
        HostMemoryNodes near = HostMemoryNodes.allOn(1, 64);
        OverlapModel far = overlapModelFar();
        OverlapModel close = overlapModel();
        return new OverlapResults(context(h200OnNode(1)), overlapPlan(), List.of(
                new OverlapResults.Pass(OptionalInt.of(0), far, List.of(
                        placedOverlap(far, OverlapSchedule.SEQUENTIAL, 1.2, 1.2, 0, split),
                        placedOverlap(far, OverlapSchedule.V1, 0.6, 1.2, 0, split),
                        placedOverlap(far, OverlapSchedule.V2, 0.58, 1.2, 0, split))),
                new OverlapResults.Pass(OptionalInt.of(1), close, List.of(
                        placedOverlap(close, OverlapSchedule.SEQUENTIAL, 1.0, 1.0, 1, near),
                        placedOverlap(close, OverlapSchedule.V1, 0.47, 1.0, 1, near),
                        placedOverlap(close, OverlapSchedule.V2, 0.47, 1.0, 1, near)))),
                List.of(), placement);
    }

    // ---- check

    public static CheckPlan checkPlan() {
        return new CheckPlan(CheckPlan.TUTORIAL_ELEMENTS, 100, HostMemoryKind.PINNED, List.of(CheckScenario.values()), 16);
    }

    /** The PyTorch tutorial's picture: 4 of 100 unsynchronized D2H trials wrong (poison seen), the rest clean. */
    public static List<CheckResult> checkResults() {
        long elements = CheckPlan.TUTORIAL_ELEMENTS;
        return List.of(
                new CheckResult(CheckScenario.D2H_UNSYNCHRONIZED, 100, 4, 1_250_000.0, 49_999_950L,
                        49_999_950.0 / elements, Double.POSITIVE_INFINITY, 100),
                new CheckResult(CheckScenario.D2H_SYNCHRONIZED, 100, 0, 0, 0, 0, 0, 0),
                new CheckResult(CheckScenario.D2H_PAGEABLE, 100, 0, 0, 0, 0, 0, 0),
                new CheckResult(CheckScenario.H2D_OVERWRITE, 100, 0, 0, 0, 0, 0, 100),
                new CheckResult(CheckScenario.H2D_EVENT, 100, 0, 0, 0, 0, 0, 0));
    }

    public static CheckResults checkReport() {
        return new CheckResults(context(), checkPlan(), checkResults());
    }

    // ---- batch

    /** The tutorial's small case, the default nine strategies in order: 1000 x 4000 bytes, 4000000 in all. */
    public static BatchPlan batchPlan() {
        return new BatchPlan(BatchPlan.PRESET_COUNT, BatchPlan.SMALL_BYTES, BatchStrategy.DEFAULT, 4, 5, 1,
                4, 4L << 20, 16);
    }

    /**
     * A strategy that ran: min = median - 0.25, max = median + 0.5, GB/s and the ratio to
     * {@code firstMedianMs} worked out as BatchBenchmark does.
     */
    public static BatchResult batchResult(BatchPlan plan, BatchStrategy strategy, double medianMs, double firstMedianMs,
                                          Optional<Integer> wrongBuffer) {
        return new BatchResult(strategy, Optional.of(summary(5, medianMs, medianMs - 0.25, medianMs + 0.5, medianMs, 0.125)),
                plan.totalBytes() / (medianMs / 1e3) / 1e9, OptionalDouble.of(medianMs / firstMedianMs), Optional.empty(),
                wrongBuffer);
    }

    public static BatchResult batchUnavailable(BatchStrategy strategy) {
        return new BatchResult(strategy, Optional.empty(), Double.NaN, OptionalDouble.empty(),
                Optional.of("needs cudaMemcpyBatchAsync of CUDA 13 or later"), Optional.empty());
    }

    /**
     * All nine strategies against pageable-blocking's 12.5 ms: batched unavailable (a CUDA 12
     * runtime), pin-then-copy-async with buffer 17 wrong, the rest fine.
     */
    public static List<BatchResult> batchResults() {
        BatchPlan p = batchPlan();
        double first = 12.5;
        return List.of(
                batchResult(p, BatchStrategy.PAGEABLE_BLOCKING, 12.5, first, Optional.empty()),   // 0.32 GB/s, 1.00x
                batchResult(p, BatchStrategy.PAGEABLE_ASYNC, 10.0, first, Optional.empty()),      // 0.40 GB/s, 0.80x
                batchResult(p, BatchStrategy.PINNED_BLOCKING, 8.0, first, Optional.empty()),      // 0.50 GB/s, 0.64x
                batchResult(p, BatchStrategy.PINNED_ASYNC, 2.0, first, Optional.empty()),         // 2.00 GB/s, 0.16x
                batchResult(p, BatchStrategy.PIN_THEN_COPY_BLOCKING, 16.0, first, Optional.empty()), // 0.25, 1.28x
                batchResult(p, BatchStrategy.PIN_THEN_COPY_ASYNC, 5.0, first, Optional.of(17)),   // 0.80 GB/s, 0.40x
                batchResult(p, BatchStrategy.PIN_THREADS, 3.2, first, Optional.empty()),          // 1.25 GB/s, 0.26x
                batchUnavailable(BatchStrategy.BATCHED),
                batchResult(p, BatchStrategy.STAGED, 4.0, first, Optional.empty()));              // 1.00 GB/s, 0.32x
    }

    public static BatchResults batchReport() {
        return new BatchResults(context(), batchPlan(), batchResults());
    }

    /**
     * Where one pass's buffers were: every group on {@code node}, but with {@code strays} of the
     * pinned sources' 1000 sampled pages on {@code strayNode}.
     */
    public static BatchHostMemory batchHostMemory(int node, int strays, int strayNode) {
        java.util.LinkedHashMap<String, Optional<HostMemoryNodes>> groups = new java.util.LinkedHashMap<>();
        groups.put(BatchHostMemory.PAGEABLE_SOURCES, Optional.of(HostMemoryNodes.allOn(node, 1000)));
        groups.put(BatchHostMemory.PINNED_SOURCES, Optional.of(HostMemoryNodes.ofStatuses(
                java.util.stream.IntStream.range(0, 1000).map(i -> i < 1000 - strays ? node : strayNode).toArray())));
        groups.put(BatchHostMemory.PINNED_POOL, Optional.of(HostMemoryNodes.allOn(node, 1000)));
        groups.put(BatchHostMemory.STAGING_SLOTS, Optional.of(HostMemoryNodes.allOn(node, 1024)));
        return new BatchHostMemory(OptionalInt.of(node), groups);
    }

    /**
     * {@code --numa-node all} on a two-socket host whose GPU is on node 1, four strategies of the
     * small case from each node: from node 0 (far; 10 of the pinned sources' 1000 sampled pages on
     * node 1) pageable-async 10.5 ms, pinned-async 2.4, pin-threads 3.6, staged 4.4; from node 1
     * (near) 10.0, 2.0, 3.2, 4.0. Each pass is compared with its own pageable-async.
     */
    public static BatchResults batchReportAllNodes() {
        BatchPlan all = batchPlan();
        BatchPlan plan = new BatchPlan(all.count(), all.bytes(), List.of(BatchStrategy.PAGEABLE_ASYNC,
                BatchStrategy.PINNED_ASYNC, BatchStrategy.PIN_THREADS, BatchStrategy.STAGED), all.threads(),
                all.iterations(), all.warmup(), all.stagingSlots(), all.stagingBytes(), all.copyThreads());
        HostPlacement placement = new HostPlacement(NumaOption.ALL, OptionalInt.of(1),
                List.of(NodeTarget.on(0, CpuSet.parse("0-23").orElseThrow()),
                        NodeTarget.on(1, CpuSet.parse("24-47").orElseThrow())),
                List.of(), List.of());
        List<BatchHostMemory> hostMemory = List.of(batchHostMemory(0, 10, 1), batchHostMemory(1, 0, 1));
        List<BatchResult> results = new java.util.ArrayList<>();
        double[][] medians = {{10.5, 2.4, 3.6, 4.4}, {10.0, 2.0, 3.2, 4.0}};
        for (int node = 0; node < 2; node++) {
            BatchHostMemory where = hostMemory.get(node);
            for (int i = 0; i < plan.strategies().size(); i++) {
                BatchStrategy strategy = plan.strategies().get(i);
                results.add(batchResult(plan, strategy, medians[node][i], medians[node][0], Optional.empty())
                        .placed(OptionalInt.of(node), where.of(strategy)));
            }
        }
        return new BatchResults(context(h200OnNode(1)), plan, results, List.of(), placement, hostMemory);
    }

    // ---- pipeline

    /** 64 batches of 16 MiB through 2 buffers, kernel iterations 1. */
    public static PipelinePlan pipelinePlan() {
        return new PipelinePlan(64, MIB16, 1, 2, 5, 1);
    }

    /**
     * H2D 1.4 + kernel 2.0 + D2H 1.3 ms per batch: sequential 64 x 4.7 = 300.8 ms, ideal
     * 64 x max(2.7, 2.0) = 172.8 ms.
     */
    public static PipelineModel pipelineModel(int buffers) {
        return new PipelineModel(1.4, 2.0, 1.3, 64, buffers);
    }

    /** 200 ms in all: 3.125 ms per batch, (300.8 - 200) / 172.8 = 58 % of the copy time hidden. */
    public static PipelineResult pipelineResult(double maxError) {
        return new PipelineResult(summary(5, 200.0, 198.5, 203.25, 200.5, 1.75), pipelineModel(2), maxError);
    }

    // ---- devices

    public static DeviceInventory devicesReport() {
        return new DeviceInventory(new CudaVersion(13000), new CudaVersion(12080),
                Path.of("/usr/local/cuda/lib64/libcudart.so.12"), List.of(h200(), withoutSysfs()));
    }

    /** The cells of the first line whose blank-separated words start with {@code leading}. */
    public static List<String> row(String text, String... leading) {
        return text.lines().map(line -> Arrays.asList(line.strip().split("\\s+")))
                .filter(words -> words.size() >= leading.length
                        && words.subList(0, leading.length).equals(Arrays.asList(leading)))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line starts with " + Arrays.toString(leading) + " in\n" + text));
    }

    /** The first line that starts with {@code prefix} (after leading blanks). */
    public static String line(String text, String prefix) {
        return text.lines().filter(l -> l.strip().startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starts with '" + prefix + "' in\n" + text));
    }
}
