package dev.xfer.app.commands;

import dev.xfer.app.bandwidth.BandwidthBenchmark;
import dev.xfer.app.bandwidth.BandwidthCsv;
import dev.xfer.app.bandwidth.BandwidthJson;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthReport;
import dev.xfer.app.bandwidth.BandwidthText;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.bandwidth.BandwidthMetrics;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.Misplacement;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.topology.NumaTopology;
import dev.xfer.app.topology.NumaTopologyReader;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.host.ThreadPlacement;
import dev.xfer.app.results.Rendering;
import dev.xfer.app.results.RunContext;
import dev.xfer.app.units.ByteSize;
import dev.xfer.app.units.ByteSizes;
import dev.xfer.cuda.HostMemoryKind;
import picocli.CommandLine.ArgGroup;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

/** {@code xfer bandwidth}: host<->device copy rates for each host memory kind, like bandwidthtest.cu. */
@Command(name = "bandwidth", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Measure host<->device copy bandwidth (GB/s = 1e9 bytes/s) for each host memory kind,",
                "verifying every transfer. Sizes: B, KB/MB/GB (powers of 10), KiB/MiB/GiB (powers of 2)."})
public final class BandwidthCommand implements Callable<Integer> {
    @Mixin
    private MeasuringCommand measuring;

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

    @Option(names = "--memory", split = ",", paramLabel = "KIND",
            description = "pageable, pinned, registered, write-combined, heap, or all (default pageable,pinned).")
    private List<String> memories = List.of("pageable", "pinned");

    @Option(names = "--direction", split = ",", paramLabel = "DIR",
            description = "h2d, d2h, d2d, bidir (default h2d,d2h).")
    private List<String> directions = List.of("h2d", "d2h");

    @Option(names = "--iterations", paramLabel = "N", description = "Timed copies per configuration (default 20).")
    private int iterations = 20;

    @Option(names = "--warmup", paramLabel = "N", description = "Untimed copies first (default 5).")
    private int warmup = 5;

    @Option(names = "--timer", paramLabel = "events|wall",
            description = "events: CUDA events around each copy (default); wall: host clock around call and synchronize.")
    private CopyTimer timer = CopyTimer.EVENTS;

    @Option(names = "--numa-node", paramLabel = "N|auto|all",
            description = {"Host buffers on NUMA node N and the measuring thread on its CPUs; auto: the GPU's own node;",
                    "all: every node in turn, near and far side by side (default: not placed)."})
    private String numaNode;

    /** The topology --numa-node is checked against, read once. */
    private NumaTopology topology;

    @Override
    public Integer call() {
        BandwidthPlan plan = plan();
        OutputFormat format = measuring.format();
        NumaOption numa = numaOption();
        ExpectationSet expectations = measuring.expectations();
        var session = measuring.session();
        RunContext context = session.context();
        OptionalDouble link = context.link().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty());
        HostPlacement placement = HostPlacement.resolve(numa, topology(), context.device().numaNode());
        ValidatedExpectations validated = measuring.validate(expectations, BandwidthMetrics.declare(plan,
                link.isPresent(), placement.namesCarryNode() ? placement.placedNodes() : List.of()));
        placement.warnings().forEach(measuring::warn);
        if (!numa.given()) {
            Misplacement.ofCallingThread(topology(), context.device().numaNode()).ifPresent(measuring::warn);
        }
        List<String> notes = new ArrayList<>();
        for (String note : placement.notes()) {
            if (format == OutputFormat.TEXT) {
                notes.add(note);
            } else {
                measuring.warn(note); // stdout holds only the machine-readable document
            }
        }
        Instant started = Instant.now();
        List<BandwidthResult> results = new ArrayList<>();
        List<VerificationFailure> failures = new ArrayList<>();
        int passes = placement.targets().size();
        for (int pass = 0; pass < passes; pass++) {
            NodeTarget target = placement.targets().get(pass);
            var benchmark = new BandwidthBenchmark(session.device(), link, passProgress(pass, passes, target, plan),
                    segment -> { });
            BandwidthBenchmark.Outcome outcome = benchmark.run(plan, target);
            results.addAll(outcome.results());
            failures.addAll(outcome.failures());
            placement = placement.withTarget(outcome.target());
        }
        measuring.progressDone();
        if (plan.directions().contains(CopyDirection.BIDIR) && plan.memories().contains(HostMemoryKind.HEAP)) {
            notes.add("heap memory takes no part in bidir: it needs asynchronous copies, and a heap array may move");
        }
        if (numa.given() && plan.memories().contains(HostMemoryKind.HEAP)) {
            notes.add("heap memory is the Java heap, which --numa-node does not place");
        }
        BandwidthReport report = new BandwidthReport(context, plan, results, failures, notes, placement);
        return measuring.finish(context, BandwidthMetrics.results(report, link), validated, new Rendering(
                () -> BandwidthText.render(report),
                () -> BandwidthCsv.render(report),
                () -> measuring.document("bandwidth", context, BandwidthJson.parameters(report),
                        BandwidthJson.results(report), BandwidthJson.failures(report))), started);
    }

    /** Progress over every pass, each configuration saying its node when there are several. */
    private Progress passProgress(int pass, int passes, NodeTarget target, BandwidthPlan plan) {
        Progress progress = measuring.progress();
        if (passes == 1) {
            return progress;
        }
        int perPass = plan.configurations();
        String where = " on " + target.describe();
        return (done, total, configuration) -> progress.measuring(pass * perPass + done, passes * perPass,
                configuration + where);
    }

    /**
     * --numa-node, checked before CUDA is loaded: a malformed value, a node this machine does not
     * have, or a platform without placement is a usage error on any machine.
     */
    NumaOption numaOption() {
        try {
            NumaOption option = NumaOption.parse(numaNode);
            if (option.given() && !ThreadPlacement.isSupported()) {
                throw new UsageException("--numa-node needs Linux on x86-64; this is " + System.getProperty("os.name")
                        + " " + System.getProperty("os.arch"));
            }
            HostPlacement.validate(option, topology());
            return option;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private NumaTopology topology() {
        if (topology == null) {
            topology = new NumaTopologyReader().read();
        }
        return topology;
    }

    BandwidthPlan plan() {
        try {
            List<Long> sizes = sizes();
            return new BandwidthPlan(sizes, memoryKinds(), directionList(), iterations, warmup, timer);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
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
        LinkedHashSet<HostMemoryKind> kinds = new LinkedHashSet<>();
        for (String m : memories) {
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
}
