package dev.xfer.app.bandwidth.several;

import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.bandwidth.BandwidthBenchmark;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.BandwidthTally;
import dev.xfer.app.bandwidth.ConfidentialComputingRules;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.concurrent.ConcurrentBenchmark;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerBenchmark;
import dev.xfer.app.bandwidth.peer.PeerPlan;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.ResultCsv;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.Misplacement;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.run.DeviceResults;
import dev.xfer.app.run.FinishedRun;
import dev.xfer.app.run.LiveRun;
import dev.xfer.app.run.MeasuringRun;
import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.run.Session;
import dev.xfer.app.run.UnusableOptionException;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.HostMemoryKind;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SequencedSet;

/**
 * {@code xfer bandwidth} over several GPUs: the plan on each in turn (each with its own NUMA
 * placement), every device's memory checked before the first is measured, then the runs that span
 * the devices (all at once, GPU to GPU), rows streamed as measured, and the run's shared end with
 * one report per device and the cross-device results. A further run across the devices (a traffic
 * pattern) goes beside the concurrent and peer runs in {@link #run}: checked to fit with them,
 * counted into the total, measured after them, and added to the report and the spanning results.
 */
public final class SeveralDevicesRun {
    private final MeasuringRun measuring;
    private final NumaTopology topology;
    private final boolean concurrent;

    /**
     * @param topology   the host's NUMA nodes, read once by the command's --numa-node
     * @param concurrent --concurrent: after each GPU alone, all of them at once
     */
    public SeveralDevicesRun(MeasuringRun measuring, NumaTopology topology, boolean concurrent) {
        this.measuring = measuring;
        this.topology = topology;
        this.concurrent = concurrent;
    }

    /**
     * Several devices: the plan on each in turn (each with its own placement when --numa-node is
     * given), then all at once (--concurrent), then every pair (p2p); one report per device and
     * the cross-device results, named apart with {@code .gpuN}. Confidential Computing's rules apply
     * once, before any GPU is asked anything: what they forbid of each GPU's own configurations is
     * waived in each GPU's report; copies between GPUs and all GPUs at once are only marked.
     */
    public FinishedRun run(List<Session> sessions, BandwidthPlan asked, NumaOption numa,
                           ExpectationSet expectations) {
        OutputFormat format = measuring.format();
        List<OptionalDouble> links = sessions.stream().map(s -> s.context().link()
                .map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty())).toList();
        // The state is the system's, not a GPU's: one reading, one set of rules for every GPU. All GPUs at
        // once (--concurrent) copy pinned memory by the driver beside the plan: bounced as well, and marked.
        ConfidentialComputingRules cc = ConfidentialComputingRules.apply(asked, measuring.confidentialComputing(),
                concurrent);
        if (cc.plan().flatMap(BandwidthPlan::perDevice).isEmpty() && !asked.peerCopies() && !concurrent) {
            return waivedOnly(sessions, asked, cc, links, expectations);
        }
        // One engine per GPU, built once: the plan counted, the kernel notes, the memory check and the passes.
        List<BandwidthBenchmark> engines = new ArrayList<>();
        for (int d = 0; d < sessions.size(); d++) {
            engines.add(new BandwidthBenchmark(sessions.get(d).device(), links.get(d)));
        }
        // What the GPUs measure, each alone: the plan less what CC forbids. --blocks sm and its kin count
        // the first GPU's SMs for every GPU, so all run and name the same grids. The runs across the GPUs
        // take the plan as asked: CC waives none of them, and they launch no grid of --blocks.
        Optional<BandwidthPlan> measured = cc.plan().map(p -> OneDeviceRun.onDevice(engines.getFirst(), p));
        BandwidthPlan plan = measured.orElse(asked);
        List<Integer> indices = sessions.stream().map(s -> s.context().device().index()).toList();
        if (asked.peerCopies()) {
            // --device all is known only now: a --pair or --pairs that does not fit the GPUs found is
            // a usage error before anything is measured.
            try {
                asked.pairs().resolve(indices);
            } catch (IllegalArgumentException e) {
                throw new UnusableOptionException(e.getMessage());
            }
        }
        Optional<BandwidthPlan> own = measured.flatMap(BandwidthPlan::perDevice);
        List<HostPlacement> placements = new ArrayList<>();
        List<MultiDevicePlan.DeviceNames> names = new ArrayList<>();
        for (int d = 0; d < sessions.size(); d++) {
            RunContext context = sessions.get(d).context();
            OptionalDouble link = links.get(d);
            HostPlacement placement = HostPlacement.resolve(numa, topology, context.device().numaNode());
            placements.add(placement);
            names.add(new MultiDevicePlan.DeviceNames(context.device().index(), link.isPresent(),
                    placement.namesCarryNode() ? placement.placedNodes() : List.of()));
        }
        // An expectation the run cannot meet is refused before anything else is said, as on one GPU.
        ValidatedExpectations validated = measuring.validate(expectations,
                new MultiDevicePlan(asked, own, names, concurrent).declarations());
        // CC's state and marks: in each GPU's text, or once on stderr beside a machine-readable document.
        List<String> ccNotes = measuring.runWideNotes(cc.notes());
        // Each GPU's notes, and any usage error of the kernel's part, before the first GPU is measured.
        List<List<String>> startingNotes = new ArrayList<>();
        for (int d = 0; d < sessions.size(); d++) {
            if (own.isPresent()) {
                OneDeviceRun.kernelRows(engines.get(d), own.get());
            }
            startingNotes.add(new ArrayList<>(ccNotes));
        }
        SequencedSet<String> warnings = new LinkedHashSet<>();
        for (int d = 0; d < sessions.size(); d++) {
            warnings.addAll(placements.get(d).warnings());
            if (!numa.given() && own.isPresent()) {
                String who = "device " + sessions.get(d).context().device().index() + ": ";
                Misplacement.ofCallingThread(topology, sessions.get(d).context().device().numaNode())
                        .ifPresent(w -> warnings.add(who + w));
            }
        }
        warnings.forEach(measuring::warn);
        List<CudaDevice> devices = sessions.stream().map(Session::device).toList();
        // Every device's memory is checked before the first is measured, so exit 5 comes at once.
        for (int d = 0; d < sessions.size(); d++) {
            if (own.isPresent()) {
                engines.get(d).checkFits(own.get());
            }
        }
        // The engines across the GPUs, built once: their memory check now, their runs after each GPU alone.
        Optional<ConcurrentBenchmark> allAtOnce = concurrent
                ? Optional.of(new ConcurrentBenchmark(devices, links, (s, d) -> { })) : Optional.empty();
        allAtOnce.ifPresent(b -> b.checkFits(asked));
        Optional<PeerBenchmark> peerToPeer = asked.peerCopies()
                ? Optional.of(new PeerBenchmark(devices, (s, d) -> { })) : Optional.empty();
        // The pairs' memory check, and which GPUs lack a path (TMA below 9.0), asked once and kept for
        // the run: that path's rows of their pairs are waived across the GPUs, never launched.
        Optional<PeerBenchmark.Prepared> pairs = peerToPeer.map(b -> b.prepare(asked));
        List<Waiver> pairsWaived = pairs.map(p -> new PeerPlan(asked, indices).waivedPairs(p.absences()))
                .orElse(List.of());
        Instant started = Instant.now();
        int total = 0;
        for (int d = 0; d < sessions.size(); d++) {
            int rows = 0;
            if (own.isPresent()) {
                try {
                    rows = engines.get(d).configurations(own.get());
                } catch (IllegalArgumentException e) {
                    throw new UnusableOptionException(e.getMessage());
                }
            }
            total += rows * placements.get(d).targets().size();
        }
        total += concurrent ? ConcurrentBenchmark.configurations(asked) : 0;
        total += asked.peerCopies() ? PeerBenchmark.configurations(asked, indices) : 0;
        Progress progress = measuring.progress();
        LiveRun live = measuring.live();
        boolean stopped = false;
        int done = 0;
        SequencedSet<String> stderrNotes = new LinkedHashSet<>();
        List<BandwidthResults> reports = new ArrayList<>();
        // Each GPU's tally, all its passes' rows kept as they come: what streams, and what a stop keeps.
        List<BandwidthTally> tallies = new ArrayList<>();
        if (own.isPresent()) {
            // Each GPU's rows stream as measured: the GPUs done, then the one in progress so far.
            live.streamFrom(() -> {
                List<BandwidthResults> soFar = new ArrayList<>(reports);
                int d = reports.size();
                if (d < sessions.size()) {
                    List<BandwidthResult> inProgress = d < tallies.size() ? tallies.get(d).results() : List.of();
                    soFar.add(new BandwidthResults(sessions.get(d).context(), own.get(),
                            inProgress, List.of(), List.of(),
                            placements.get(d), List.of(), cc.waived()));
                }
                List<GpuDocument> documents = soFar.stream().map(OneDeviceRun::document).toList();
                return new Rendering(() -> "", () -> csv(deviceResults(soFar, links)),
                        () -> DevicesDocument.of("bandwidth", NoParameters.NONE, documents));
            });
        }
        for (int d = 0; d < sessions.size(); d++) {
            Session session = sessions.get(d);
            HostPlacement placement = placements.get(d);
            BandwidthTally kept = new BandwidthTally(live::kept);
            tallies.add(kept);
            // CC's waivers are each GPU's: its own configurations, forbidden on every GPU alike.
            List<Waiver> waived = new ArrayList<>(cc.waived());
            List<String> notes = new ArrayList<>(startingNotes.get(d));
            String who = "device " + session.context().device().index() + ": ";
            if (own.isPresent() && !stopped) {
                int passes = placement.targets().size();
                for (int pass = 0; pass < passes && !stopped; pass++) {
                    NodeTarget target = placement.targets().get(pass);
                    String where = passes == 1 ? "" : " on " + target.describe();
                    BandwidthBenchmark benchmark = engines.get(d);
                    BandwidthBenchmark.Outcome outcome;
                    try {
                        outcome = benchmark.run(own.get(), target, offset(progress, done, total, who, where), kept);
                    } catch (RunStopped stop) {
                        // What this pass measured before the stop is in the tally; the devices after it are not measured.
                        stopped = true;
                        continue;
                    }
                    done += benchmark.configurations(own.get());
                    outcome.waived().stream().filter(w -> !waived.contains(w)).forEach(waived::add);
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
            reports.add(new BandwidthResults(session.context(), plan, kept.results(), kept.failures(), notes, placement,
                    kept.unmeasured(), waived));
        }
        stderrNotes.forEach(measuring::warn);
        List<VerificationFailure> across = new ArrayList<>();
        Optional<List<ConcurrentResult>> together = Optional.empty();
        Optional<List<PeerResult>> peers = Optional.empty();
        try {
            if (allAtOnce.isPresent() && !stopped) {
                var outcome = allAtOnce.get().run(asked, offset(progress, done, total, "", ""));
                done += ConcurrentBenchmark.configurations(asked);
                together = Optional.of(MultiDeviceResults.withAloneSums(outcome.results(), reports));
                across.addAll(outcome.failures());
            }
            if (pairs.isPresent() && !stopped) {
                var outcome = peerToPeer.orElseThrow().run(pairs.get(), offset(progress, done, total, "", ""));
                peers = Optional.of(outcome.results());
                across.addAll(outcome.failures());
            }
            // A further run across the devices goes here, after these two, as they are done.
        } catch (RunStopped stop) {
            // All GPUs at once and GPU to GPU give their results only when they end: none to keep.
        }
        measuring.progressDone();
        return finish(new MultiDeviceResults(asked, reports, together, peers, across, pairsWaived), links, validated,
                started);
    }

    /**
     * A run whose every configuration Confidential Computing forbids, on every GPU: each GPU's
     * report holds the waivers and the notes without rows, which gates read as NO RESULT, and no
     * GPU is asked anything.
     */
    private FinishedRun waivedOnly(List<Session> sessions, BandwidthPlan asked, ConfidentialComputingRules cc,
                                   List<OptionalDouble> links, ExpectationSet expectations) {
        ValidatedExpectations validated = measuring.validate(expectations, List.of());
        Instant started = Instant.now();
        List<String> notes = measuring.runWideNotes(cc.notes());
        List<BandwidthResults> reports = sessions.stream()
                .map(s -> BandwidthResults.waivedOnly(s.context(), asked, notes, cc.waived())).toList();
        return finish(new MultiDeviceResults(asked, reports, Optional.empty(), Optional.empty(), List.of()), links,
                validated, started);
    }

    /** The run's shared end: each device's results and those across the devices, in every format. */
    private FinishedRun finish(MultiDeviceResults report, List<OptionalDouble> links, ValidatedExpectations validated,
                               Instant started) {
        List<DeviceResults> perDevice = deviceResults(report.devices(), links);
        return measuring.finish(perDevice, report.spanningRunResults(links), validated, new Rendering(
                () -> MultiDeviceText.render(report),
                () -> csv(perDevice),
                () -> document(report)), started);
    }

    /** Each device's results, named as --expect names them on several GPUs ({@code .gpuN}). */
    private static List<DeviceResults> deviceResults(List<BandwidthResults> reports, List<OptionalDouble> links) {
        List<DeviceResults> perDevice = new ArrayList<>();
        for (int d = 0; d < reports.size(); d++) {
            perDevice.add(new DeviceResults(reports.get(d).context(),
                    MultiDeviceResults.deviceRunResults(reports.get(d), links.get(d))));
        }
        return perDevice;
    }

    /** Each device's results under one header. */
    static String csv(List<DeviceResults> perDevice) {
        return ResultCsv.render(perDevice.stream().map(d -> d.context().device().index()).toList(),
                perDevice.stream().map(DeviceResults::results).toList());
    }

    /**
     * The JSON document of a run over several devices: each device's own document, the whole run's
     * parameters ({@link MultiDeviceParameters}), then {@code concurrent} (with --concurrent),
     * {@code p2p} (with p2p) and {@code failures} (of those two; each device's are in its document):
     * {@link MultiDeviceExtras}.
     */
    public static DevicesDocument document(MultiDeviceResults report) {
        List<GpuDocument> devices = new ArrayList<>();
        for (BandwidthResults r : report.devices()) {
            devices.add(OneDeviceRun.document(r));
        }
        return DevicesDocument.of("bandwidth", MultiDeviceParameters.of(report), devices)
                .withExtras(MultiDeviceExtras.of(report)).withWaived(report.waived());
    }

    /** Progress of one part of a longer run: counted on from {@code before}, each configuration prefixed and suffixed. */
    private static Progress offset(Progress progress, int before, int total, String prefix, String suffix) {
        return progress.renamed((to, done, ignoredTotal, configuration) -> to.measuring(before + done, total,
                prefix + configuration + suffix));
    }
}
