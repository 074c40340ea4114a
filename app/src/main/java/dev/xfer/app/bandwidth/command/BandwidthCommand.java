package dev.xfer.app.bandwidth.command;

import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.HtmlReportMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.cli.NumaNodeMixin;
import dev.xfer.app.cli.SizeSelection;
import dev.xfer.app.cli.SizeSweep;
import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.run.EarlyNames;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BlockCounts;
import dev.xfer.app.bandwidth.KernelTiming;
import dev.xfer.app.bandwidth.concurrent.ConcurrentBenchmark;
import dev.xfer.app.bandwidth.several.MultiDevicePlan;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.staging.StagingConfig;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.units.ByteSize;
import dev.xfer.cuda.HostMemoryKind;
import picocli.CommandLine.ArgGroup;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer bandwidth}: host<->device copy rates for each host memory kind, like bandwidthtest.cu. */
@Command(header = "Host<->device copy bandwidth for every host memory kind, each transfer verified.", name = "bandwidth", resourceBundle = "dev.xfer.app.bandwidth.command.bandwidth", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Measure host<->device copy bandwidth (GB/s = 1e9 bytes/s) for each host memory kind, "
                + "verifying every transfer. Sizes: B, KB/MB/GB (powers of 10), KiB/MiB/GiB (powers of 2)."})
public final class BandwidthCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    @Mixin
    private HtmlReportMixin html;

    @ArgGroup(exclusive = true)
    private SizeSelection sizeSelection;

    @Option(names = "--memory", split = ",", paramLabel = "KIND", completionCandidates = Choices.BandwidthMemory.class,
            description = "Host memory kinds: ${COMPLETION-CANDIDATES} (default pageable,pinned; pinned with "
                    + "--concurrent).")
    private List<String> memories;

    @Option(names = "--direction", split = ",", paramLabel = "DIR", completionCandidates = Choices.Directions.class,
            description = "${COMPLETION-CANDIDATES} (default h2d,d2h). p2p: GPU to GPU for every pair of the selected GPUs"
                    + " (--device all or a list), one way and both ways, as a matrix. d2d-read, d2d-write: the GPU's"
                    + " own memory by reads alone or by writes alone, by the SMs on --blocks, counted as the bytes"
                    + " read or written; d2d counts a copy's bytes once.")
    private List<String> directions; // null: not given, h2d,d2h (--pattern refuses it given)

    @OptionRange(min = 1)
    @Option(names = "--iterations", paramLabel = "N", description = "Timed copies per configuration (default 20).")
    private int iterations = 20;

    @OptionRange(min = 0)
    @Option(names = "--warmup", paramLabel = "N", description = "Untimed copies first (default 5).")
    private int warmup = 5;

    @OptionRange(min = 1, max = dev.xfer.app.bandwidth.BandwidthPlan.MAX_ALLOCATIONS)
    @Option(names = "--allocations", paramLabel = "K", description = "Measure each of the driver's copies to or from the host"
            + " on K separately allocated host buffers (default 1); rows show the best allocation, and the best and"
            + " worst medians are reported beside it.")
    private int allocations = 1;

    @Option(names = "--timer", paramLabel = "TIMER", completionCandidates = Choices.Timers.class,
            converter = TimerConverter.class,
            description = "${COMPLETION-CANDIDATES}. events: CUDA events around each copy (default); wall: host clock "
                    + "around call and synchronize.")
    private CopyTimer timer = CopyTimer.EVENTS;

    @Option(names = "--copy", split = ",", paramLabel = "PATH", completionCandidates = Choices.CopyPaths.class,
            description = {"${COMPLETION-CANDIDATES}, or several (default driver). driver: cudaMemcpy on the memory "
                    + "itself; staged: memory that is not page-locked goes through xfer's ring of page-locked slots, "
                    + "threads copying while the copy engine drains it, each result beside its two ceilings; "
                    + "kernel: xfer's copy kernel on the SMs reads and writes the host (or device) memory itself; "
                    + "batch-api: one cudaMemcpyBatchAsync of the buffer in --pieces copies (CUDA 13 runtimes; "
                    + "waived on others); "
                    + "tma: Hopper's bulk copies (cp.async.bulk) through shared memory, h2d, d2h, d2d and p2p, on GPUs"
                    + " of compute capability 9.0 up (waived below)."})
    private List<String> copies = List.of(CopyPath.DRIVER.label());

    @OptionRange(min = 1, max = BandwidthPlan.MAX_PIECES)
    @Option(names = "--pieces", split = ",", paramLabel = "N",
            description = "--copy batch-api: the copies each buffer is split into, all in one call, one row per "
                    + "count (default 1), e.g. 1,16,256,4096.")
    private List<Integer> pieces;

    @Option(names = "--blocks", paramLabel = "BLOCKS",
            description = {"--copy kernel: thread blocks of 512 threads per launch, one row each: a count, sm (one "
                    + "per SM, the default), 2sm, a range of powers of two (1..4sm), all (1..sm), or a comma list. "
                    + "Bidir rows take their own grid, one thread per 16 B vector. The same grids for the TMA copy "
                    + "(blocks of 32 threads) and the read-only and write-only rows."})
    private String blocks;

    // Hidden: the parts of a kernel-copy sample in which xfer and nvbandwidth differ, one at a time,
    // so one GPU run can say what each is worth (docs/kernel-copies.md, gpu-check.sh kernel-gap).
    @Option(names = "--kernel-copies", hidden = true, paramLabel = "N",
            description = "--copy kernel: copies of the buffer per timed sample, 1 to 64, or auto (16 from 64 MiB, 1 below).")
    private String kernelCopies;

    @Option(names = "--kernel-repeat", hidden = true, paramLabel = "HOW",
            description = "--copy kernel: a sample's copies in one launch (loop, the default) or in back-to-back launches.")
    private String kernelRepeat;

    @Option(names = "--kernel-gate", hidden = true,
            description = "--copy kernel: hold the stream with hold_stream until the whole sample is queued.")
    private boolean kernelGate;

    @Option(names = "--kernel-lead-in", hidden = true,
            description = "--copy kernel: one untimed copy just before each sample's start event.")
    private boolean kernelLeadIn;

    @Option(names = "--kernel-start", hidden = true, paramLabel = "HOW",
            description = "--copy kernel: how a sample starts where --kernel-gate and --kernel-lead-in do not say:"
                    + " by-size (nvbandwidth's start, the stream held and an untimed lead-in copy, from 64 MiB under"
                    + " --timer events; the default) or plain.")
    private String kernelStart;

    @Option(names = "--kernel-bidir", hidden = true, paramLabel = "HOW",
            description = "--copy kernel: bidir as one-vector (copy_bidir_one_vector: nvbandwidth's split-warp shape,"
                    + " one vector per thread, its own grid; the default), one-launch (copy_bidir on --blocks) or"
                    + " two-streams.")
    private String kernelBidir;

    @OptionRange(min = 1, max = 256)
    @Option(names = "--threads", paramLabel = "T",
            description = "--copy staged: threads, each with its own stream and ring of slots (default 8).")
    private Integer threads;

    @Option(names = "--staging-size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "--copy staged: bytes per pinned slot (default 2MiB).")
    private ByteSize stagingSize;

    @OptionRange(min = 1, max = 1024)
    @Option(names = "--staging-slots", paramLabel = "R",
            description = "--copy staged: pinned slots per thread (default 4).")
    private Integer stagingSlots;

    @Mixin
    private NumaNodeMixin numaNode;

    @Option(names = "--concurrent",
            description = {"With several GPUs (--device all or a list): after each GPU alone, all of them copy at "
                    + "once, each with its own pinned buffer, stream and thread; per-GPU and aggregate GB/s."})
    private boolean concurrent;

    @Mixin
    private PatternOptions patterns;

    @Mixin
    private PairOptions pairs;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        html.applyTo(measuring);
        BandwidthPlan plan = plan();
        OutputFormat format = measuring.format();
        NumaOption numa = numaNode.option();
        ExpectationSet expectations = measuring.expectations();
        List<dev.xfer.app.bandwidth.pattern.PatternPlan> patternPlans = patterns.plans(plan, measuring.devices(),
                concurrent, memories != null, numa.given(), directions != null);
        plan = plan.withPairs(pairs.choice(plan.peerCopies(),
                patternPlans.stream().anyMatch(p -> !p.pattern().involvesHost()), measuring.devices()));
        if (!patternPlans.isEmpty()) {
            PatternOptions.validateEarly(expectations, patternPlans, measuring.devices());
            BandwidthPlan patternsPlan = plan;
            return measuring.repeated(() -> new dev.xfer.app.bandwidth.pattern.PatternRun(measuring.run())
                    .run(measuring.sessions(), patternPlans, patternsPlan, expectations));
        }
        plan = plan.withPeerInitiations(patterns.peerInitiations());
        requireSeveralWhereNeeded(plan, measuring.devices(), numa, format);
        // Grids counted in SMs are named only once a device says how many it has.
        boolean namesKnown = !plan.launchesGrids() || plan.blocks().fixed().isPresent();
        if (!numa.given() && namesKnown) {
            EarlyNames.validate(expectations, earlyNames(plan, measuring.devices()), DeviceSelection.DEFAULT);
        }
        BandwidthPlan planned = plan;
        // Each repetition (--runs) opens its devices anew, in the fresh context a reset left.
        return measuring.repeated(() -> {
            List<Session> sessions = measuring.sessions();
            if (sessions.size() == 1) {
                if (concurrent) {
                    throw new UsageException("--concurrent needs two GPUs at least; --device "
                            + measuring.devices().label() + " found one");
                }
                // --device all (or a list) found one GPU: its own directions are measured, and p2p,
                // which needs a second, is waived with why (nvbandwidth's waiver), not a usage error.
                List<dev.xfer.app.result.Waiver> waived = planned.peerCopies()
                        ? dev.xfer.app.bandwidth.peer.PeerPlan.waived(planned, "GPU to GPU needs two GPUs; --device "
                        + measuring.devices().label() + " found one (GPU " + sessions.getFirst().device().index() + ")")
                        : List.of();
                return new OneDeviceRun(measuring.run(), numaNode.topology())
                        .run(sessions.getFirst(), planned, numa, expectations, waived);
            }
            return new SeveralDevicesRun(measuring.run(), numaNode.topology(), concurrent)
                    .run(sessions, planned, numa, expectations);
        });
    }

    /**
     * The options that need several GPUs, or that several GPUs rule out, checked before CUDA is
     * loaded: one index given where two are needed, and what --concurrent cannot do.
     */
    void requireSeveralWhereNeeded(BandwidthPlan plan, DeviceSelection devices, NumaOption numa, OutputFormat format) {
        String several = "(--device all, or a list such as 0,1), not --device " + devices.label();
        if (plan.peerCopies() && devices.isSingle()) {
            throw new UsageException("--direction p2p copies between GPUs: it needs two at least " + several);
        }
        if (concurrent) {
            if (devices.isSingle()) {
                throw new UsageException("--concurrent needs two GPUs at least " + several);
            }
            try {
                ConcurrentBenchmark.requireSupported(plan);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            if (numa.given()) {
                throw new UsageException("--concurrent and --numa-node exclude each other: the GPUs' copying threads"
                        + " are not placed on NUMA nodes (yet)");
            }
            if (plan.allocations() > 1) {
                throw new UsageException("--concurrent measures one host allocation per GPU; --allocations "
                        + plan.allocations() + " is for one GPU at a time");
            }
        }
        if (format == OutputFormat.CSV && (concurrent || plan.peerCopies())) {
            throw new UsageException("--csv has no columns for " + (concurrent ? "--concurrent" : "p2p")
                    + " results; use --json");
        }
    }

    /**
     * The names a run will produce on any device, for the expectation check before CUDA; with
     * --device all every index up to {@link EarlyNames#MAX_DEVICES} may appear.
     */
    private List<dev.xfer.app.expect.MetricDeclaration> earlyNames(BandwidthPlan plan, DeviceSelection devices) {
        if (devices.isSingle()) {
            return plan.declarations(true);
        }
        List<Integer> indices = devices.all()
                ? java.util.stream.IntStream.range(0, EarlyNames.MAX_DEVICES).boxed().toList() : devices.indices();
        List<dev.xfer.app.expect.MetricDeclaration> names = new ArrayList<>(plan.declarations(true));
        // With --device all, a sample of --pairs is drawn from the GPUs found: any pair may be among them.
        BandwidthPlan named = devices.all() ? plan.withPairs(dev.xfer.app.bandwidth.PairChoice.EVERY) : plan;
        names.addAll(new MultiDevicePlan(named, indices.stream()
                .map(i -> new MultiDevicePlan.DeviceNames(i, true, List.of())).toList(), concurrent).declarations());
        return names;
    }

    BandwidthPlan plan() {
        try {
            List<Long> sizes = sizes();
            List<CopyPath> paths = copies.stream().map(CopyPath::fromLabel).distinct().toList();
            return new BandwidthPlan(sizes, memoryKinds(), directionList(), iterations, warmup, timer, paths,
                    staging(paths), blocks == null ? BlockCounts.DEFAULT : BlockCounts.parse(blocks))
                    .withAllocations(allocations).withKernelTiming(kernelTiming())
                    .withPieces(piecesFor(paths));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** --pieces as given, refused without --copy batch-api (even at its default), else one piece. */
    private List<Integer> piecesFor(List<CopyPath> paths) {
        if (pieces == null) {
            return BandwidthPlan.ONE_PIECE;
        }
        if (!paths.contains(CopyPath.BATCH_API)) {
            throw new UsageException("--pieces splits each buffer of --copy batch-api: it needs --copy batch-api");
        }
        return pieces;
    }

    /** The copy kernel's samples: the default, with what the hidden --kernel-* options changed. */
    private KernelTiming kernelTiming() {
        KernelTiming d = KernelTiming.DEFAULT;
        return new KernelTiming(kernelCopies == null ? d.copies() : KernelTiming.parseCopies(kernelCopies),
                kernelRepeat == null ? d.repeat() : KernelTiming.parseRepeat(kernelRepeat),
                kernelGate, kernelLeadIn, kernelStart == null ? d.start() : KernelTiming.parseStart(kernelStart),
                kernelBidir == null ? d.bidir() : KernelTiming.parseBidir(kernelBidir));
    }

    /** The staged path's set-up: the defaults, with what was given; given without --copy staged, a usage error. */
    private StagingConfig staging(List<CopyPath> paths) {
        StagingConfig defaults = BandwidthPlan.DEFAULT_STAGING;
        if (!paths.contains(CopyPath.STAGED)) {
            String given = threads != null ? "--threads" : stagingSize != null ? "--staging-size"
                    : stagingSlots != null ? "--staging-slots" : null;
            if (given != null) {
                throw new UsageException(given + " sets up the staged path: it needs --copy staged");
            }
            return defaults;
        }
        long slotBytes = defaults.slotBytes();
        if (stagingSize != null) {
            slotBytes = stagingSize.bytes();
        }
        return new StagingConfig(threads == null ? defaults.threads() : threads,
                stagingSlots == null ? defaults.slotsPerThread() : stagingSlots, slotBytes, defaults.hostCopy());
    }

    private List<Long> sizes() {
        List<ByteSize> parsed = SizeSelection.of(sizeSelection).orElse(List.of(ByteSize.parse("16MiB")));
        return parsed.stream().map(ByteSize::bytes).distinct().toList();
    }

    private List<HostMemoryKind> memoryKinds() {
        List<String> given = memories != null ? memories
                : concurrent ? List.of("pinned") : List.of("pageable", "pinned");
        LinkedHashSet<HostMemoryKind> kinds = new LinkedHashSet<>();
        for (String m : given) {
            if (m.strip().equalsIgnoreCase("all")) {
                kinds.addAll(List.of(HostMemoryKind.values()));
            } else {
                kinds.add(HostMemoryKind.fromLabel(m));
            }
        }
        return List.copyOf(kinds);
    }

    private List<CopyDirection> directionList() {
        return (directions == null ? List.of("h2d", "d2h") : directions).stream().map(CopyDirection::fromLabel)
                .distinct().toList();
    }

    /** --timer by its label (events, wall), as the other enumerated options read theirs. */
    static final class TimerConverter implements picocli.CommandLine.ITypeConverter<CopyTimer> {
        @Override
        public CopyTimer convert(String value) {
            try {
                return CopyTimer.fromLabel(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
