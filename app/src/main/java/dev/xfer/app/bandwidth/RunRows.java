package dev.xfer.app.bandwidth;

import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import dev.xfer.app.units.Rate;
import dev.xfer.cuda.HostMemoryKind;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * The rows and verification failures of one bandwidth run, each built and kept in one place
 * whatever path measured it: a row from its samples (rates, per-copy latencies, share of the link),
 * the best of several host allocations, a check of a buffer against the pattern; every kept row and
 * failure goes to the run's {@link BandwidthTally} at once, so it streams and survives a stop. Samples that cannot be
 * summarised (a NaN or zero time) make no row: the configuration is kept {@link Unmeasured}, a
 * failure with its reason.
 */
final class RunRows {
    private final OptionalDouble linkGBps;
    private final NodeTarget target;
    private final Consumer<MemorySegment> beforeCompare;
    private final boolean measureH2d;
    private final boolean measureD2h;
    private final BandwidthTally tally;
    private final BandwidthTally.Mark start;

    /**
     * @param tally         where every row, failure and unmeasured configuration is kept, the run's
     *                      passes before this one's already in it
     * @param beforeCompare runs on each buffer just before it is compared; tests plant corruption there
     */
    RunRows(BandwidthPlan plan, OptionalDouble linkGBps, NodeTarget target, BandwidthTally tally,
            Consumer<MemorySegment> beforeCompare) {
        this.linkGBps = linkGBps;
        this.target = target;
        this.tally = tally;
        this.start = tally.mark();
        this.beforeCompare = beforeCompare;
        this.measureH2d = plan.directions().contains(CopyDirection.H2D);
        this.measureD2h = plan.directions().contains(CopyDirection.D2H);
    }

    /** The configurations this pass has done so far, measured or not, for progress's count. */
    int count() {
        BandwidthTally.Mark now = tally.mark();
        return now.results() - start.results() + now.unmeasured() - start.unmeasured();
    }

    /** This pass's rows. */
    List<BandwidthResult> results() {
        return tally.resultsSince(start);
    }

    /** This pass's verification failures. */
    List<VerificationFailure> failures() {
        return tally.failuresSince(start);
    }

    /** This pass's configurations left unmeasured. */
    List<Unmeasured> unmeasured() {
        return tally.unmeasuredSince(start);
    }

    /** Keeps a verified row in the run's tally, where the command sees it at once. */
    void add(BandwidthResult result) {
        tally.add(result);
    }

    /** Whether {@code actual} holds the pattern; a failure of {@code checked} is kept and reported as found. */
    boolean verify(CheckedConfiguration checked, MemorySegment actual, MemorySegment expected) {
        return verify(checked, "", actual, expected);
    }

    /** As above, {@code note} after the configuration's name in the failure's words. */
    boolean verify(CheckedConfiguration checked, String note, MemorySegment actual, MemorySegment expected) {
        beforeCompare.accept(actual);
        long offset = DataPattern.firstMismatch(actual, expected);
        if (offset < 0) {
            return true;
        }
        VerificationFailure failure = VerificationFailure.of(checked, note, offset,
                expected.get(ValueLayout.JAVA_BYTE, offset),
                actual.get(ValueLayout.JAVA_BYTE, offset), target.node());
        tally.add(failure);
        return false;
    }

    /**
     * The rows of one round trip without a ceiling (the copy kernel's): each measured direction's,
     * both verified by the one check.
     */
    void addRoundTrip(HostMemoryKind memory, long size, double[] h2d, double[] d2h, boolean ok,
                      Optional<HostMemoryNodes> pages, CopyPath path, Optional<LaunchShape> shape) {
        if (measureH2d) {
            addRow(MeasuredMemory.of(memory), RowDirection.H2D, size, h2d, ok, pages, path, Optional.empty(), shape);
        }
        if (measureD2h) {
            addRow(MeasuredMemory.of(memory), RowDirection.D2H, size, d2h, ok, pages, path, Optional.empty(), shape);
        }
    }

    /**
     * The samples of what bounds a staged copy: the host copies alone and the DMA alone, in
     * seconds per copy ({@link StagedCeiling}).
     */
    record CeilingSamples(double[] h2h, double[] pinned) {
    }

    /**
     * The rows of one staged round trip, each measured direction's with its ceiling. A direction
     * whose own samples or whose ceiling's give no figure is kept {@link Unmeasured}: a staged
     * rate beside a ceiling that was not measured says nothing.
     */
    void addStaged(HostMemoryKind memory, long size, double[] h2d, double[] d2h, boolean ok,
                   Optional<HostMemoryNodes> pages, Optional<CeilingSamples> up, Optional<CeilingSamples> down) {
        if (measureH2d) {
            addStagedRow(MeasuredMemory.of(memory), RowDirection.H2D, size, h2d, ok, pages, up.orElseThrow());
        }
        if (measureD2h) {
            addStagedRow(MeasuredMemory.of(memory), RowDirection.D2H, size, d2h, ok, pages, down.orElseThrow());
        }
    }

    private void addStagedRow(MeasuredMemory memory, RowDirection direction, long size, double[] seconds, boolean ok,
                              Optional<HostMemoryNodes> pages, CeilingSamples ceiling) {
        switch (Summarized.ofRates(size, ceiling.h2h())) {
            case Summarized.Unsummarizable no -> addUnmeasured(memory, direction, size, CopyPath.STAGED, Optional.empty(),
                    "its host copies alone: " + no.reason());
            case Summary hostCopies -> {
                switch (Summarized.ofRates(size, ceiling.pinned())) {
                    case Summarized.Unsummarizable no -> addUnmeasured(memory, direction, size, CopyPath.STAGED,
                            Optional.empty(), "its DMA alone: " + no.reason());
                    case Summary dma -> addRow(memory, direction, size, seconds, ok, pages, CopyPath.STAGED,
                            Optional.of(new StagedCeiling(hostCopies, dma)), Optional.empty());
                }
            }
        }
    }

    /**
     * The driver's round trip on several host allocations: each measured direction's row from its
     * best allocation, with every allocation's median beside it when there were several.
     */
    void addBestOf(HostMemoryKind memory, long size, List<double[]> h2d, List<double[]> d2h, boolean ok,
                   List<Optional<HostMemoryNodes>> pages) {
        if (measureH2d) {
            addBest(memory, CopyDirection.H2D, size, h2d, ok, pages);
        }
        if (measureD2h) {
            addBest(memory, CopyDirection.D2H, size, d2h, ok, pages);
        }
    }

    private void addBest(HostMemoryKind memory, CopyDirection direction, long size, List<double[]> samples,
                         boolean ok, List<Optional<HostMemoryNodes>> pages) {
        List<Summary> summaries = new ArrayList<>();
        for (int a = 0; a < samples.size(); a++) {
            switch (Summarized.ofRates(size, samples.get(a))) {
                case Summary rates -> summaries.add(rates);
                case Summarized.Unsummarizable no -> {
                    String which = samples.size() == 1 ? "" : "allocation " + (a + 1) + " of " + samples.size() + ": ";
                    addUnmeasured(MeasuredMemory.of(memory), RowDirection.of(direction), size, CopyPath.DRIVER, Optional.empty(),
                            which + no.reason());
                    return;
                }
            }
        }
        AllocationSpread spread = new AllocationSpread(summaries.stream().map(Summary::median).toList());
        int best = spread.bestIndex();
        BandwidthResult result = row(MeasuredMemory.of(memory), RowDirection.of(direction), size, samples.get(best), summaries.get(best), ok,
                pages.get(best), CopyPath.DRIVER, Optional.empty(), Optional.empty(), OptionalInt.empty());
        add(samples.size() == 1 ? result : result.withAllocations(Optional.of(spread)));
    }

    /**
     * Keeps the row of these samples, or, when they cannot be summarised, the configuration as
     * {@link Unmeasured} with the reason.
     */
    void addRow(MeasuredMemory memory, RowDirection direction, long size, double[] seconds, boolean ok,
                Optional<HostMemoryNodes> pages, CopyPath copy, Optional<StagedCeiling> ceiling,
                Optional<LaunchShape> shape) {
        addRow(memory, direction, size, seconds, ok, pages, copy, ceiling, shape, OptionalInt.empty());
    }

    private void addRow(MeasuredMemory memory, RowDirection direction, long size, double[] seconds, boolean ok,
                        Optional<HostMemoryNodes> pages, CopyPath copy, Optional<StagedCeiling> ceiling,
                        Optional<LaunchShape> shape, OptionalInt pieces) {
        switch (Summarized.ofRates(size, seconds)) {
            case Summary rates -> add(row(memory, direction, size, seconds, rates, ok, pages, copy, ceiling, shape,
                    pieces));
            case Summarized.Unsummarizable no -> addUnmeasured(memory, direction, size, copy, shape, no.reason(),
                    pieces);
        }
    }

    /** The rows of one batch-api round trip, the buffer split into {@code pieces} copies of one call. */
    void addBatchApi(HostMemoryKind memory, long size, int pieces, double[] h2d, double[] d2h, boolean ok,
                     Optional<HostMemoryNodes> pages) {
        if (measureH2d) {
            addRow(MeasuredMemory.of(memory), RowDirection.H2D, size, h2d, ok, pages, CopyPath.BATCH_API,
                    Optional.empty(), Optional.empty(), OptionalInt.of(pieces));
        }
        if (measureD2h) {
            addRow(MeasuredMemory.of(memory), RowDirection.D2H, size, d2h, ok, pages, CopyPath.BATCH_API,
                    Optional.empty(), Optional.empty(), OptionalInt.of(pieces));
        }
    }

    void addUnmeasured(MeasuredMemory memory, RowDirection direction, long size, CopyPath copy, Optional<LaunchShape> shape,
                               String reason) {
        addUnmeasured(memory, direction, size, copy, shape, reason, OptionalInt.empty());
    }

    private void addUnmeasured(MeasuredMemory memory, RowDirection direction, long size, CopyPath copy, Optional<LaunchShape> shape,
                               String reason, OptionalInt pieces) {
        Unmeasured u = new Unmeasured(memory, direction, size, copy, shape, target.node(), reason, pieces);
        tally.add(u);
    }

    /** One row from its samples in seconds per copy and their rates; a device-local row has no share of the link. */
    private BandwidthResult row(MeasuredMemory memory, RowDirection direction, long size, double[] seconds, Summary rates, boolean ok,
                                Optional<HostMemoryNodes> pages, CopyPath copy, Optional<StagedCeiling> ceiling,
                                Optional<LaunchShape> shape, OptionalInt pieces) {
        double[] micros = new double[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            micros[i] = seconds[i] * 1e6;
        }
        // Only a copy over the host's link has a share of it: d2d-read and d2d-write, as d2d, stay in the GPU's memory.
        OptionalDouble percent = !direction.copy().crossesLink() || linkGBps.isEmpty()
                ? OptionalDouble.empty()
                : OptionalDouble.of(Rate.percentOfLink(rates.median(), linkGBps.getAsDouble()));
        return new BandwidthResult(memory, direction, size, rates, Summary.of(micros), percent, ok, target.node(),
                pages, copy, ceiling, shape, Optional.empty(), pieces);
    }
}
