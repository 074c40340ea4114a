package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.DataPattern;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.PairChoice;
import dev.xfer.app.bandwidth.KernelCopy;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.stats.Summarized;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ObjIntConsumer;

/**
 * Runs many-GPU traffic patterns ({@code --pattern}): each {@link PatternPlan}'s rounds in turn,
 * every copy of a round started together, the measured GPU's copies timed by CUDA events while
 * the others interfere, as nvbandwidth's {@code all_to_host}, {@code host_to_all},
 * {@code all_to_one} and {@code one_to_all} cases do.
 * <p>
 * A round allocates a source and a destination for each planned copy where its endpoints say
 * (device memory, or pinned host memory allocated with that GPU current), a non-blocking stream
 * and two timing events on the GPU that issues it, and a clock ({@link RoundClock}) on the measured
 * GPU, whose stream the run's {@link StreamGate} holds. Each iteration queues every copy behind the
 * held clock stream, then opens it, so that all copies start together although they are queued one
 * after another; see {@link RoundClock} for why the opening follows the last copy. The iterations
 * are {@link SampleLoop}'s: the warm-up ones, then the timed ones, each after a safe point. The copy
 * is issued on the
 * initiator's stream: {@code cudaMemcpyAsync} (to or from the host, and between GPUs over their
 * unified addresses, peer access enabled) on the copy engines, or xfer's copy kernel
 * ({@code copy_bytes}, one block per SM of the initiator, the p2p kernel rows' shape) launched in the initiator's
 * context, reading and writing the other side's memory over UVA.
 * <p>
 * Sources hold a pattern of their own (seeded by the copy's place in the round) and destinations
 * are poisoned before the round; after the timed iterations each destination is read back and
 * must equal its source's pattern, interfering copies included.
 */
public final class PatternBenchmark {
    private final Map<Integer, CudaDevice> devices = new LinkedHashMap<>();
    private final ObjIntConsumer<MemorySegment> beforeCompare;
    private final PairChoice pairs;
    private final Set<GpuPair> chosen;

    /**
     * @param devices       the GPUs, at least two, in the order selected
     * @param beforeCompare runs on the host copy of every destination (with the device index of the
     *                      copy's initiator) just before it is compared; tests plant corruption there
     */
    public PatternBenchmark(List<CudaDevice> devices, ObjIntConsumer<MemorySegment> beforeCompare) {
        this(devices, beforeCompare, PairChoice.EVERY);
    }

    /**
     * @param pairs the ordered GPU pairs the copies between GPUs are limited to ({@code --pair}, {@code --pairs})
     * @throws IllegalArgumentException when {@code pairs} does not fit {@code devices}
     */
    public PatternBenchmark(List<CudaDevice> devices, ObjIntConsumer<MemorySegment> beforeCompare, PairChoice pairs) {
        for (CudaDevice d : devices) {
            this.devices.put(d.index(), d);
        }
        PatternPlan.whyNone(indices()).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        this.beforeCompare = beforeCompare;
        this.pairs = pairs;
        this.chosen = Set.copyOf(pairs.resolve(indices()));
    }

    /** The results and verification failures of a run, and the rounds that could not run and why. */
    public record Outcome(List<PatternResult> results, List<VerificationFailure> failures, List<String> notes) {
        public Outcome {
            results = List.copyOf(results);
            failures = List.copyOf(failures);
            notes = List.copyOf(notes);
        }
    }

    private List<Integer> indices() {
        return List.copyOf(devices.keySet());
    }

    private boolean canAccessPeer(int from, int to) {
        return devices.get(from).canAccessPeer(devices.get(to));
    }

    /** The rounds of {@code plan} on these GPUs: GPU patterns only over pairs with peer access. */
    public List<PatternRound> rounds(PatternPlan plan) {
        return plan.rounds(indices(), this::canAccessPeer, chosen::contains);
    }

    /** The rounds of every plan, for progress. */
    public int configurations(List<PatternPlan> plans) {
        return plans.stream().mapToInt(p -> rounds(p).size()).sum();
    }

    /**
     * Fails before anything is measured when a round's device buffers (a source or a destination
     * per copy end on the GPU) cannot fit in a GPU's free memory.
     */
    public void checkFits(List<PatternPlan> plans) {
        Map<Integer, Long> most = new LinkedHashMap<>();
        for (PatternPlan plan : plans) {
            for (PatternRound round : rounds(plan)) {
                Map<Integer, Long> need = new LinkedHashMap<>();
                for (PlannedCopy c : round.copies()) {
                    for (Endpoint end : List.of(c.from(), c.to())) {
                        if (!end.host()) {
                            need.merge(end.gpu(), c.bytes(), Math::addExact);
                        }
                    }
                }
                need.forEach((gpu, bytes) -> most.merge(gpu, bytes, Math::max));
            }
        }
        most.forEach((gpu, bytes) -> InsufficientDeviceMemoryException.requireFits(devices.get(gpu), bytes,
                "a pattern round's buffers"));
    }

    /**
     * Every plan's rounds, in order, with no one watching.
     *
     * @param warmup     untimed iterations of each round first
     * @param iterations timed iterations of each round
     */
    public Outcome run(List<PatternPlan> plans, int warmup, int iterations) {
        return run(plans, warmup, iterations, Progress.NONE, PatternTally.quiet());
    }

    /**
     * Every plan's rounds, in order, reported to {@code progress}; each result is kept in
     * {@code kept} as it is verified (each failure as it is found), so a run stopped between rounds
     * keeps them. The outcome's results and failures are the tally's.
     *
     * @param warmup     untimed iterations of each round first
     * @param iterations timed iterations of each round
     */
    public Outcome run(List<PatternPlan> plans, int warmup, int iterations, Progress progress, PatternTally kept) {
        if (iterations < 1 || warmup < 0) {
            throw new IllegalArgumentException("pattern rounds need one timed iteration at least");
        }
        checkFits(plans);
        int before = kept.size();
        List<String> notes = new ArrayList<>();
        List<CudaDevice[]> enabled = new ArrayList<>();
        Set<List<Integer>> asked = new HashSet<>();
        int total = configurations(plans);
        try (Cleanup disable = () -> disablePeerAccess(enabled);
             // One image for every GPU: cudaLibraryLoadData loads it into each context that launches from it.
             XferKernels library = XferKernels.load();
             // Last, so it closes first: the gate opens before the rounds' streams and buffers go.
             StreamGate gate = new StreamGate(library.holdStream())) {
            KernelCopy kernel = plans.stream().anyMatch(p -> p.path() == CopyPath.KERNEL)
                    ? new KernelCopy(library.copyBytes()) : null;
            for (PatternPlan plan : plans) {
                List<PatternRound> rounds = rounds(plan);
                notes.addAll(absentRounds(plan, rounds));
                for (PatternRound round : rounds) {
                    enablePeerAccess(round, asked, enabled);
                    // Counted in results, two a round (the measured figure and the aggregate), as a
                    // stopped run counts what it kept.
                    progress.measuring(2 * (kept.size() - before), 2 * total, plan.form() + (plan.path() == CopyPath.KERNEL
                            ? " kernel " : " ") + plan.bytes() + " B, GPU " + round.measured() + " measured");
                    kept.add(measure(plan, round, warmup, iterations, kernel, gate, progress, kept));
                }
            }
        }
        return new Outcome(kept.results(), kept.failures(), notes);
    }

    /** One line per GPU that has no round in {@code plan}: no peer to copy with. */
    private List<String> absentRounds(PatternPlan plan, List<PatternRound> rounds) {
        List<String> notes = new ArrayList<>();
        for (int gpu : indices()) {
            if (rounds.stream().noneMatch(r -> r.measured() == gpu)) {
                notes.add(plan.form() + ": GPU " + gpu + " not measured: " + (pairs.every()
                        ? "no other selected GPU has peer access with it"
                        : "no GPU pair chosen (" + pairs.describe() + ") copies to or from it in this pattern with peer"
                                + " access") + " (cudaDeviceCanAccessPeer), so there is no copy to time");
            }
        }
        return notes;
    }

    /**
     * Peer access from each GPU-to-GPU copy's initiator to the other GPU, asked for once a run
     * (a second ask fails with cudaErrorPeerAccessAlreadyEnabled, which compute-sanitizer reports);
     * what was enabled here is recorded.
     */
    private void enablePeerAccess(PatternRound round, Set<List<Integer>> asked, List<CudaDevice[]> enabled) {
        for (PlannedCopy c : round.copies()) {
            if (!c.from().host() && !c.to().host()) {
                int other = c.from().gpu() == c.initiator() ? c.to().gpu() : c.from().gpu();
                if (asked.add(List.of(c.initiator(), other))) {
                    CudaDevice initiator = devices.get(c.initiator());
                    CudaDevice peer = devices.get(other);
                    if (initiator.enablePeerAccess(peer)) {
                        enabled.add(new CudaDevice[] {initiator, peer});
                    }
                }
            }
        }
    }

    private static void disablePeerAccess(List<CudaDevice[]> enabled) {
        RuntimeException first = null;
        for (CudaDevice[] pair : enabled) {
            try {
                pair[0].disablePeerAccess(pair[1]);
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private PatternResult measure(PatternPlan plan, PatternRound round, int warmup, int iterations,
                                  KernelCopy kernel, StreamGate gate, Progress progress, PatternTally kept) {
        long largest = round.copies().stream().mapToLong(PlannedCopy::bytes).max().orElseThrow();
        try (RoundResources r = new RoundResources(devices, round, gate);
             HostBuffer expected = HostMemoryKind.PAGEABLE.allocate(largest);
             HostBuffer check = HostMemoryKind.PAGEABLE.allocate(largest)) {
            for (int i = 0; i < r.size(); i++) {
                // Filling and checking a copy of gigabytes takes seconds on the host: a stop is heard between copies.
                progress.checkpoint();
                fill(r.copy(i), expected.segment().asSlice(0, r.copy(i).planned().bytes()), seed(i));
            }
            if (plan.path() == CopyPath.KERNEL) {
                loadKernels(plan, r, kernel);
            }
            // Exactly --warmup untimed iterations, no minimum time; between iterations no copy is in
            // flight, so a stop frees the round at the safe point before each timed one.
            List<RoundClock.Spans> spans = new SampleLoop(new Warmup(warmup, 0), iterations).stoppingAt(progress)
                    .samples(() -> iteration(plan, r, kernel));
            double[] timedSeconds = spans.stream().mapToDouble(RoundClock.Spans::timedSeconds).toArray();
            double[] allSeconds = spans.stream().mapToDouble(RoundClock.Spans::allSeconds).toArray();
            boolean ok = true;
            for (int i = 0; i < r.size(); i++) {
                progress.checkpoint();
                RoundResources.Copy c = r.copy(i);
                long bytes = c.planned().bytes();
                ok &= verify(plan, round, c, expected.segment().asSlice(0, bytes), check.segment().asSlice(0, bytes),
                        seed(i), kept);
            }
            List<Integer> others = round.copies().stream()
                    .flatMap(c -> java.util.stream.Stream.of(c.from().gpu(), c.to().gpu(), c.initiator()))
                    .filter(g -> g != round.measured()).distinct().sorted().toList();
            return new PatternResult(plan.form(), PatternResult.direction(plan), plan.path(), plan.bytes(),
                    round.measured(), others, round.copies().size(), Summarized.ofRates(r.timedBytes(), timedSeconds),
                    Summarized.ofRates(r.allBytes(), allSeconds), ok);
        }
    }

    /** A pattern of its own for the {@code i}th copy of a round, so a copy that read another's source is caught. */
    private static long seed(int i) {
        return 0x5EED_0000L + 7919L * i;
    }

    /** The source gets its pattern, the destination poison. */
    private static void fill(RoundResources.Copy c, MemorySegment scratch, long seed) {
        if (c.source().host() != null) {
            DataPattern.fill(c.source().host().segment(), seed);
        } else {
            DataPattern.fill(scratch, seed);
            Memcpy.copy(c.source().device().address(), scratch, scratch.byteSize(), CopyKind.HOST_TO_DEVICE);
        }
        if (c.destination().host() != null) {
            DataPattern.poison(c.destination().host().segment());
        } else {
            DataPattern.poison(scratch);
            Memcpy.copy(c.destination().device().address(), scratch, scratch.byteSize(), CopyKind.HOST_TO_DEVICE);
        }
    }

    private boolean verify(PatternPlan plan, PatternRound round, RoundResources.Copy c, MemorySegment expected,
                           MemorySegment check, long seed, PatternTally kept) {
        MemorySegment actual;
        if (c.destination().host() != null) {
            actual = c.destination().host().segment();
        } else {
            DataPattern.poison(check);
            Memcpy.copy(check, c.destination().device().address(), check.byteSize(), CopyKind.DEVICE_TO_HOST);
            actual = check;
        }
        beforeCompare.accept(actual, c.planned().initiator());
        DataPattern.fill(expected, seed);
        long offset = DataPattern.firstMismatch(actual, expected);
        if (offset < 0) {
            return true;
        }
        VerificationFailure failure = new VerificationFailure(plan.form() + " " + plan.path().label() + " round of GPU "
                + round.measured() + ": copy " + c.planned(), offset, expected.get(ValueLayout.JAVA_BYTE, offset),
                actual.get(ValueLayout.JAVA_BYTE, offset));
        kept.add(failure); // kept by a run that stops before the round's result
        return false;
    }

    /**
     * Launches every copy of the round once, ungated, and waits for them, before any stream is held.
     * With CUDA's lazy loading (the default since CUDA 12.2) a kernel's first launch in a context
     * loads it there, and loading may wait for the context's queued work (CUDA C++ Programming
     * Guide, "Lazy Loading", concurrent execution): behind a held clock stream that launch would
     * wait until {@code hold_stream} gave up, and the first iteration would throw. Seen on four
     * H100s: the kernel form's first round on GPU 0 stalled past the 2 s limit. These are the
     * round's own copies, so what they leave is what an iteration leaves.
     */
    private static void loadKernels(PatternPlan plan, RoundResources r, KernelCopy kernel) {
        for (int i = 0; i < r.size(); i++) {
            RoundResources.Copy c = r.copy(i);
            c.initiator().makeCurrent();
            issue(plan, c, kernel);
            c.end().record(c.stream());
        }
        for (int i = 0; i < r.size(); i++) {
            r.copy(i).end().synchronize();
        }
    }

    /**
     * Queues one iteration of every copy behind the held clock stream, opens it, and waits for all
     * copies; a failure while queuing opens it at once, so no copy waits out {@code hold_stream}'s limit.
     */
    private static RoundClock.Spans iteration(PatternPlan plan, RoundResources r, KernelCopy kernel) {
        RoundClock clock = r.clock();
        clock.shut();
        boolean queued = false;
        try {
            for (int i = 0; i < r.size(); i++) {
                RoundResources.Copy c = r.copy(i);
                c.initiator().makeCurrent();
                c.stream().waitFor(clock.open());
                c.start().record(c.stream());
                issue(plan, c, kernel);
                c.end().record(c.stream());
            }
            queued = true;
        } finally {
            if (!queued) {
                clock.release();
            }
        }
        return clock.openAndJoin(r);
    }

    private static void issue(PatternPlan plan, RoundResources.Copy c, KernelCopy kernel) {
        long bytes = c.planned().bytes();
        MemorySegment dst = c.destination().address();
        MemorySegment src = c.source().address();
        if (plan.path() == CopyPath.KERNEL) {
            kernel.issue(dst, src, bytes, c.shape(), c.stream());
        } else if (c.source().device() != null && c.destination().device() != null) {
            // nvbandwidth's call: cuMemcpyAsync between unified addresses in the initiator's context.
            // Every pattern pair has peer access; --direction p2p keeps cudaMemcpyPeerAsync, which
            // also copies between GPUs without it (through the host). On four H100s both calls gave
            // the same rates in the read and write forms.
            Memcpy.copyAsync(dst, src, bytes, CopyKind.DEVICE_TO_DEVICE, c.stream());
        } else {
            Memcpy.copyAsync(dst, src, bytes, c.source().host() != null ? CopyKind.HOST_TO_DEVICE
                    : CopyKind.DEVICE_TO_HOST, c.stream());
        }
    }

    /** A clean-up step for try-with-resources, so a failure in it never hides the one that ended the run. */
    @FunctionalInterface
    interface Cleanup extends AutoCloseable {
        @Override
        void close();
    }
}
