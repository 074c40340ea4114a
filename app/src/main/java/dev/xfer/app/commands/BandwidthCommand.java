package dev.xfer.app.commands;

import dev.xfer.app.bandwidth.BandwidthBenchmark;
import dev.xfer.app.bandwidth.BandwidthCsv;
import dev.xfer.app.bandwidth.BandwidthJson;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthReport;
import dev.xfer.app.bandwidth.BandwidthText;
import dev.xfer.app.bandwidth.BlockCounts;
import dev.xfer.app.bandwidth.concurrent.ConcurrentBenchmark;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.several.MultiDeviceJson;
import dev.xfer.app.bandwidth.several.MultiDeviceMetrics;
import dev.xfer.app.bandwidth.several.MultiDeviceReport;
import dev.xfer.app.bandwidth.several.MultiDeviceText;
import dev.xfer.app.bandwidth.peer.PeerBenchmark;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.results.RunResults;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.staging.StagingConfig;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.bandwidth.BandwidthMetrics;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.Misplacement;
import dev.xfer.app.placement.NodePasses;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.concurrent.ConcurrentMetrics;
import dev.xfer.app.bandwidth.concurrent.ConcurrentJson;
import dev.xfer.app.bandwidth.peer.PeerMetrics;
import dev.xfer.app.bandwidth.peer.PeerJson;
import dev.xfer.app.results.Rendering;
import dev.xfer.app.results.RunContext;
import dev.xfer.app.units.ByteSize;
import dev.xfer.app.units.ByteSizes;
import dev.xfer.cuda.HostMemoryKind;
import picocli.CommandLine.ArgGroup;
import dev.xfer.app.cli.CudaOptions;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SequencedSet;
import java.util.concurrent.Callable;

/** {@code xfer bandwidth}: host<->device copy rates for each host memory kind, like bandwidthtest.cu. */
@Command(header = "Host<->device copy bandwidth for every host memory kind, each transfer verified.", name = "bandwidth", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Measure host<->device copy bandwidth (GB/s = 1e9 bytes/s) for each host memory kind, "
                + "verifying every transfer. Sizes: B, KB/MB/GB (powers of 10), KiB/MiB/GiB (powers of 2)."})
public final class BandwidthCommand implements Callable<Integer> {
    @Mixin
    private MeasuringCommand measuring;

    @Mixin
    private HtmlReportOption html;

    @ArgGroup(exclusive = true)
    private SizeSelection sizeSelection;

    static final class SizeSelection {
        @Option(names = "--size", split = ",", paramLabel = "SIZE",
                description = "Bytes per copy, or a comma list (default 16MiB, bandwidthtest.cu's 4*1024*1024 floats).")
        private List<String> sizes;

        @Option(names = "--sizes", paramLabel = "FROM..TO",
                description = "A sweep in powers of two, e.g. 4KiB..1GiB.")
        private String sweep;
    }

    @Option(names = "--memory", split = ",", paramLabel = "KIND", completionCandidates = Choices.BandwidthMemory.class,
            description = "Host memory kinds: ${COMPLETION-CANDIDATES} (default pageable,pinned; pinned with "
                    + "--concurrent).")
    private List<String> memories;

    @Option(names = "--direction", split = ",", paramLabel = "DIR", completionCandidates = Choices.Directions.class,
            description = "${COMPLETION-CANDIDATES} (default h2d,d2h). p2p: GPU to GPU for every pair of the selected GPUs"
                    + " (--device all or a list), one way and both ways, as a matrix.")
    private List<String> directions = List.of("h2d", "d2h");

    @Option(names = "--iterations", paramLabel = "N", description = "Timed copies per configuration (default 20).")
    private int iterations = 20;

    @Option(names = "--warmup", paramLabel = "N", description = "Untimed copies first (default 5).")
    private int warmup = 5;

    @Option(names = "--allocations", paramLabel = "K", description = "Measure each configuration to or from the host"
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
                    + "kernel: xfer's copy kernel on the SMs reads and writes the host (or device) memory itself."})
    private List<String> copies = List.of(CopyPath.DRIVER.label());

    @Option(names = "--blocks", paramLabel = "BLOCKS",
            description = {"--copy kernel: thread blocks of 512 threads per launch, one row each: a count, sm (one "
                    + "per SM, the default), 2sm, a range of powers of two (1..4sm), all (1..sm), or a comma list."})
    private String blocks;

    @Option(names = "--threads", paramLabel = "T",
            description = "--copy staged: threads, each with its own stream and ring of slots (default 8).")
    private Integer threads;

    @Option(names = "--staging-size", paramLabel = "SIZE",
            description = "--copy staged: bytes per pinned slot (default 2MiB).")
    private String stagingSize;

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

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaOptions cudaOptions;

    @Override
    public Integer call() {
        html.applyTo(measuring);
        BandwidthPlan plan = plan();
        OutputFormat format = measuring.format();
        NumaOption numa = numaNode.option();
        ExpectationSet expectations = measuring.expectations();
        List<dev.xfer.app.bandwidth.pattern.PatternPlan> patternPlans = patterns.plans(plan, measuring.devices(),
                concurrent, memories != null, numa.given());
        if (!patternPlans.isEmpty()) {
            PatternOptions.validateEarly(expectations, patternPlans, measuring.devices());
            return patterns.run(measuring, measuring.sessions(), patternPlans, plan, expectations);
        }
        requireSeveralWhereNeeded(plan, measuring.devices(), numa, format);
        // Grids counted in SMs are named only once a device says how many it has.
        boolean namesKnown = !plan.kernelCopies() || plan.blocks().fixed().isPresent();
        if (!numa.given() && namesKnown) {
            EarlyNames.validate(expectations, earlyNames(plan, measuring.devices()), DeviceSelection.DEFAULT);
        }
        List<MeasuringCommand.Session> sessions = measuring.sessions();
        if (sessions.size() == 1) {
            if (concurrent || plan.peerCopies()) {
                throw new UsageException((concurrent ? "--concurrent" : "--direction p2p")
                        + " needs two GPUs at least; --device " + measuring.devices().label() + " found one");
            }
            return one(sessions.getFirst(), plan, format, numa, expectations);
        }
        return several(sessions, plan, format, numa, expectations);
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
            return BandwidthMetrics.declare(plan, true);
        }
        List<Integer> indices = devices.all()
                ? java.util.stream.IntStream.range(0, EarlyNames.MAX_DEVICES).boxed().toList() : devices.indices();
        List<dev.xfer.app.expect.MetricDeclaration> names = new ArrayList<>(BandwidthMetrics.declare(plan, true));
        names.addAll(MultiDeviceMetrics.declare(plan, indices.stream()
                .map(i -> new MultiDeviceMetrics.DeviceNames(i, true, List.of())).toList(), concurrent));
        return names;
    }

    /** One device: the run as it has always been, output and result names unchanged. */
    private int one(MeasuringCommand.Session session, BandwidthPlan given, OutputFormat format, NumaOption numa,
                    ExpectationSet expectations) {
        BandwidthPlan plan = onDevice(session.device(), given);
        RunContext context = session.context();
        OptionalDouble link = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());
        HostPlacement placement = HostPlacement.resolve(numa, numaNode.topology(), context.device().numaNode());
        ValidatedExpectations validated = measuring.validate(expectations, BandwidthMetrics.declare(plan,
                link.isPresent(), placement.namesCarryNode() ? placement.placedNodes() : List.of()));
        List<String> notes = new ArrayList<>(NumaNodeOption.announce(placement, numaNode.topology(),
                format == OutputFormat.TEXT, measuring::warn));
        int rows = kernelRows(session.device(), plan, link, format, notes);
        Instant started = Instant.now();
        Progress progress = measuring.progress();
        LiveRun live = measuring.live();
        HostPlacement planned = placement;
        // Rows stream as they are measured: the report of what is in so far, rendered again.
        live.streamFrom(() -> rendering(new BandwidthReport(context, plan, live.measured(BandwidthResult.class),
                live.measured(VerificationFailure.class), List.of(), planned), link));
        List<BandwidthResult> results;
        List<VerificationFailure> failures;
        try {
            NodePasses<BandwidthBenchmark.Outcome> passes = NodePasses.run(placement, progress,
                    rows, (target, pass) -> new BandwidthBenchmark(session.device(), link, pass,
                            segment -> { }).run(plan, target), BandwidthBenchmark.Outcome::target);
            results = passes.outcomes().stream().flatMap(o -> o.results().stream()).toList();
            failures = passes.outcomes().stream().flatMap(o -> o.failures().stream()).toList();
            placement = passes.placement();
        } catch (RunStopped stopped) {
            // Stopped at a safe point: what was measured and verified before it is the result.
            results = live.measured(BandwidthResult.class);
            failures = live.measured(VerificationFailure.class);
        }
        measuring.progressDone();
        if (plan.directions().contains(CopyDirection.BIDIR) && plan.memories().contains(HostMemoryKind.HEAP)) {
            notes.add("heap memory takes no part in bidir: it needs asynchronous copies, and a heap array may move");
        }
        if (numa.given() && plan.memories().contains(HostMemoryKind.HEAP)) {
            notes.add("heap memory is the Java heap, which --numa-node does not place");
        }
        BandwidthReport report = new BandwidthReport(context, plan, results, failures, notes, placement);
        return measuring.finish(context, BandwidthMetrics.results(report, link), validated, rendering(report, link),
                started);
    }

    /** {@code plan} with {@code --blocks} counted in {@code device}'s SMs; a range that makes no sense there is a usage error. */
    private static BandwidthPlan onDevice(CudaDevice device, BandwidthPlan plan) {
        if (!plan.kernelCopies()) {
            return plan;
        }
        try {
            return new BandwidthBenchmark(device, OptionalDouble.empty(), Progress.NONE, s -> { }).onDevice(plan);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The copy kernel's part of the run on {@code device}, settled before anything is measured:
     * one note for each memory kind it cannot reach there (in the text, or on stderr beside a
     * machine-readable document), and a usage error when that leaves nothing at all to measure or
     * {@code --blocks} makes no sense with the device's SM count. Returns the rows the device will measure.
     */
    private int kernelRows(CudaDevice device, BandwidthPlan plan, OptionalDouble link, OutputFormat format,
                           List<String> notes) {
        BandwidthBenchmark probe = new BandwidthBenchmark(device, link, Progress.NONE, s -> { });
        int rows;
        try {
            rows = probe.configurations(plan);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        List<String> absences = probe.kernelAbsences(plan);
        boolean onlyKernel = plan.copies().equals(List.of(CopyPath.KERNEL));
        if (onlyKernel && !plan.directions().contains(CopyDirection.D2D) && absences.size() == plan.memories().size()
                && !absences.isEmpty()) {
            throw new UsageException("device " + device.index() + ": " + absences.getFirst()
                    + (absences.size() > 1 ? " (and " + (absences.size() - 1) + " more kinds like it)" : ""));
        }
        for (String absence : absences) {
            if (format == OutputFormat.TEXT) {
                notes.add(absence);
            } else {
                measuring.warn("device " + device.index() + ": " + absence);
            }
        }
        return rows;
    }

    /** One device's report in every format. */
    private Rendering rendering(BandwidthReport report, OptionalDouble link) {
        return new Rendering(
                () -> BandwidthText.render(report),
                () -> BandwidthCsv.render(report),
                () -> measuring.document("bandwidth", report.context(), BandwidthJson.parameters(report),
                        BandwidthJson.results(report), BandwidthJson.failures(report)));
    }

    /**
     * Several devices: the plan on each in turn (each with its own placement when --numa-node is
     * given), then all at once (--concurrent), then every pair (p2p); one report per device and
     * the cross-device results, named apart with {@code .gpuN}.
     */
    private int several(List<MeasuringCommand.Session> sessions, BandwidthPlan given, OutputFormat format,
                        NumaOption numa, ExpectationSet expectations) {
        // --blocks sm and its kin count the first GPU's SMs for every GPU, so all run and name the same grids.
        BandwidthPlan plan = onDevice(sessions.getFirst().device(), given);
        Optional<BandwidthPlan> own = plan.perDevice();
        List<OptionalDouble> links = new ArrayList<>();
        List<HostPlacement> placements = new ArrayList<>();
        List<MultiDeviceMetrics.DeviceNames> names = new ArrayList<>();
        for (MeasuringCommand.Session session : sessions) {
            RunContext context = session.context();
            OptionalDouble link = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps()))
                    .orElse(OptionalDouble.empty());
            HostPlacement placement = HostPlacement.resolve(numa, numaNode.topology(), context.device().numaNode());
            links.add(link);
            placements.add(placement);
            names.add(new MultiDeviceMetrics.DeviceNames(context.device().index(), link.isPresent(),
                    placement.namesCarryNode() ? placement.placedNodes() : List.of()));
        }
        // Each GPU's kernel notes (and any usage error in them) before the first GPU is measured.
        List<List<String>> kernelNotes = new ArrayList<>();
        for (int d = 0; d < sessions.size(); d++) {
            List<String> notes = new ArrayList<>();
            if (own.isPresent()) {
                kernelRows(sessions.get(d).device(), own.get(), links.get(d), format, notes);
            }
            kernelNotes.add(notes);
        }
        ValidatedExpectations validated = measuring.validate(expectations,
                MultiDeviceMetrics.declare(plan, names, concurrent));
        SequencedSet<String> warnings = new LinkedHashSet<>();
        for (int d = 0; d < sessions.size(); d++) {
            warnings.addAll(placements.get(d).warnings());
            if (!numa.given() && own.isPresent()) {
                String who = "device " + sessions.get(d).context().device().index() + ": ";
                Misplacement.ofCallingThread(numaNode.topology(), sessions.get(d).context().device().numaNode())
                        .ifPresent(w -> warnings.add(who + w));
            }
        }
        warnings.forEach(measuring::warn);
        List<CudaDevice> devices = sessions.stream().map(MeasuringCommand.Session::device).toList();
        // Every device's memory is checked before the first is measured, so exit 5 comes at once.
        for (int d = 0; d < sessions.size(); d++) {
            if (own.isPresent()) {
                new BandwidthBenchmark(devices.get(d), links.get(d), Progress.NONE, s -> { }).checkFits(own.get());
            }
        }
        if (concurrent) {
            new ConcurrentBenchmark(devices, links, Progress.NONE, (s, d) -> { }).checkFits(plan);
        }
        if (plan.peerCopies()) {
            new PeerBenchmark(devices, Progress.NONE, (s, d) -> { }).checkFits(plan);
        }
        Instant started = Instant.now();
        int total = 0;
        for (int d = 0; d < sessions.size(); d++) {
            int rows = 0;
            if (own.isPresent()) {
                try {
                    rows = new BandwidthBenchmark(devices.get(d), links.get(d), Progress.NONE, s -> { })
                            .configurations(own.get());
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
            }
            total += rows * placements.get(d).targets().size();
        }
        total += concurrent ? ConcurrentBenchmark.configurations(plan) : 0;
        total += plan.peerCopies() ? PeerBenchmark.configurations(plan, sessions.size()) : 0;
        Progress progress = measuring.progress();
        LiveRun live = measuring.live();
        boolean stopped = false;
        int done = 0;
        SequencedSet<String> stderrNotes = new LinkedHashSet<>();
        List<BandwidthReport> reports = new ArrayList<>();
        if (own.isPresent()) {
            // Each GPU's rows stream as measured: the GPUs done, then the one in progress so far.
            live.streamFrom(() -> {
                List<BandwidthReport> soFar = new ArrayList<>(reports);
                int d = reports.size();
                if (d < sessions.size()) {
                    List<BandwidthResult> all = live.measured(BandwidthResult.class);
                    int before = Math.min(all.size(), reports.stream().mapToInt(r -> r.results().size()).sum());
                    soFar.add(new BandwidthReport(sessions.get(d).context(), own.get(),
                            all.subList(before, all.size()), List.of(), List.of(),
                            placements.get(d)));
                }
                List<Map<String, Object>> documents = soFar.stream().map(r -> measuring.document("bandwidth",
                        r.context(), BandwidthJson.parameters(r), BandwidthJson.results(r), BandwidthJson.failures(r)))
                        .toList();
                return new Rendering(() -> "", () -> BandwidthCsv.render(soFar),
                        () -> measuring.devicesDocument("bandwidth", new java.util.LinkedHashMap<>(), documents));
            });
        }
        for (int d = 0; d < sessions.size(); d++) {
            MeasuringCommand.Session session = sessions.get(d);
            HostPlacement placement = placements.get(d);
            List<BandwidthResult> results = new ArrayList<>();
            List<VerificationFailure> failures = new ArrayList<>();
            List<String> notes = new ArrayList<>(kernelNotes.get(d));
            String who = "device " + session.context().device().index() + ": ";
            if (own.isPresent() && !stopped) {
                int passes = placement.targets().size();
                for (int pass = 0; pass < passes && !stopped; pass++) {
                    NodeTarget target = placement.targets().get(pass);
                    String where = passes == 1 ? "" : " on " + target.describe();
                    var benchmark = new BandwidthBenchmark(session.device(), links.get(d),
                            offset(progress, done, total, who, where), segment -> { });
                    int resultsBefore = live.measured(BandwidthResult.class).size();
                    int failuresBefore = live.measured(VerificationFailure.class).size();
                    BandwidthBenchmark.Outcome outcome;
                    try {
                        outcome = benchmark.run(own.get(), target);
                    } catch (RunStopped stop) {
                        // What this pass measured before the stop; the devices after it are not measured.
                        List<BandwidthResult> kept = live.measured(BandwidthResult.class);
                        List<VerificationFailure> failed = live.measured(VerificationFailure.class);
                        results.addAll(kept.subList(resultsBefore, kept.size()));
                        failures.addAll(failed.subList(failuresBefore, failed.size()));
                        stopped = true;
                        continue;
                    }
                    done += benchmark.configurations(own.get());
                    results.addAll(outcome.results());
                    failures.addAll(outcome.failures());
                    placement = placement.withTarget(outcome.target());
                }
            }
            for (String note : placement.notes()) {
                if (format == OutputFormat.TEXT) {
                    notes.add(note);
                } else {
                    stderrNotes.add(note); // stdout holds only the machine-readable document
                }
            }
            if (own.isPresent() && own.get().directions().contains(CopyDirection.BIDIR)
                    && plan.memories().contains(HostMemoryKind.HEAP)) {
                notes.add("heap memory takes no part in bidir: it needs asynchronous copies, and a heap array may move");
            }
            if (numa.given() && plan.memories().contains(HostMemoryKind.HEAP)) {
                notes.add("heap memory is the Java heap, which --numa-node does not place");
            }
            reports.add(new BandwidthReport(session.context(), plan, results, failures, notes, placement));
        }
        stderrNotes.forEach(measuring::warn);
        List<VerificationFailure> across = new ArrayList<>();
        Optional<List<ConcurrentResult>> together = Optional.empty();
        Optional<List<PeerResult>> peers = Optional.empty();
        try {
            if (concurrent && !stopped) {
                var outcome = new ConcurrentBenchmark(devices, links, offset(progress, done, total, "", ""),
                        (segment, device) -> { }).run(plan);
                done += ConcurrentBenchmark.configurations(plan);
                together = Optional.of(MultiDeviceReport.withAloneSums(outcome.results(), reports));
                across.addAll(outcome.failures());
            }
            if (plan.peerCopies() && !stopped) {
                var outcome = new PeerBenchmark(devices, offset(progress, done, total, "", ""), (segment, device) -> { })
                        .run(plan);
                peers = Optional.of(outcome.results());
                across.addAll(outcome.failures());
            }
        } catch (RunStopped stop) {
            // All GPUs at once and GPU to GPU give their results only when they end: none to keep.
        }
        measuring.progressDone();
        MultiDeviceReport report = new MultiDeviceReport(plan, reports, together, peers, across);
        List<MeasuringCommand.DeviceResults> perDevice = new ArrayList<>();
        for (int d = 0; d < reports.size(); d++) {
            perDevice.add(new MeasuringCommand.DeviceResults(reports.get(d).context(),
                    MultiDeviceMetrics.device(reports.get(d), links.get(d))));
        }
        List<RunResults> spanning = new ArrayList<>();
        together.ifPresent(c -> spanning.add(ConcurrentMetrics.results(c, links)));
        peers.ifPresent(p -> spanning.add(PeerMetrics.results(p)));
        return measuring.finish(perDevice, spanning, validated, new Rendering(
                () -> MultiDeviceText.render(report),
                () -> BandwidthCsv.render(reports),
                () -> severalDocument(measuring, report)), started);
    }

    /**
     * The JSON document of a run over several devices: {@link MeasuringCommand#devicesDocument}
     * with each device's own document, then {@code concurrent} (with --concurrent), {@code p2p}
     * (with p2p) and {@code failures} (of those two; each device's are in its document).
     */
    static Map<String, Object> severalDocument(MeasuringCommand measuring, MultiDeviceReport report) {
        List<Map<String, Object>> devices = new ArrayList<>();
        for (BandwidthReport r : report.devices()) {
            devices.add(measuring.document("bandwidth", r.context(), BandwidthJson.parameters(r),
                    BandwidthJson.results(r), BandwidthJson.failures(r)));
        }
        Map<String, Object> doc = measuring.devicesDocument("bandwidth", MultiDeviceJson.parameters(report), devices);
        report.concurrent().ifPresent(c -> doc.put("concurrent", ConcurrentJson.rows(c)));
        report.peers().ifPresent(p -> doc.put("p2p", PeerJson.rows(p)));
        doc.put("failures", MultiDeviceJson.failures(report));
        return doc;
    }

    /** Progress of one part of a longer run: counted on from {@code before}, each configuration prefixed and suffixed. */
    private static Progress offset(Progress progress, int before, int total, String prefix, String suffix) {
        return progress.renamed((to, done, ignoredTotal, configuration) -> to.measuring(before + done, total,
                prefix + configuration + suffix));
    }

    BandwidthPlan plan() {
        try {
            List<Long> sizes = sizes();
            List<CopyPath> paths = copies.stream().map(CopyPath::fromLabel).distinct().toList();
            return new BandwidthPlan(sizes, memoryKinds(), directionList(), iterations, warmup, timer, paths,
                    staging(paths), blocks == null ? BlockCounts.DEFAULT : BlockCounts.parse(blocks))
                    .withAllocations(allocations);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
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
            try {
                slotBytes = ByteSize.parse(stagingSize).bytes();
            } catch (IllegalArgumentException e) {
                throw new UsageException("--staging-size: " + e.getMessage());
            }
        }
        return new StagingConfig(threads == null ? defaults.threads() : threads,
                stagingSlots == null ? defaults.slotsPerThread() : stagingSlots, slotBytes, defaults.hostCopy());
    }

    private List<Long> sizes() {
        List<ByteSize> parsed;
        if (sizeSelection != null && sizeSelection.sweep != null) {
            parsed = ByteSizes.sweep(sizeSelection.sweep);
        } else if (sizeSelection != null && sizeSelection.sizes != null) {
            parsed = sizeSelection.sizes.stream().map(ByteSize::parse).toList();
        } else {
            parsed = List.of(ByteSize.parse("16MiB"));
        }
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
        return directions.stream().map(CopyDirection::fromLabel).distinct().toList();
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
