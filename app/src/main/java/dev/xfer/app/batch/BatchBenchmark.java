package dev.xfer.app.batch;

import dev.xfer.app.result.Waiver;

import dev.xfer.app.bandwidth.DataPattern;
import dev.xfer.app.measure.HostClock;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.Tally;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.placement.HostMemoryNodes;
import dev.xfer.app.placement.NodeTarget;
import dev.xfer.app.placement.PlacedRun;
import dev.xfer.app.placement.PlacedWorkers;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.staging.StagedCopy.Direction;
import dev.xfer.app.staging.StagingConfig;
import dev.xfer.app.staging.StagingTeam;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import dev.xfer.cuda.CopyKind;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.CudaStream;
import dev.xfer.cuda.DeviceBuffer;
import dev.xfer.cuda.HostBuffer;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.cuda.InsufficientDeviceMemoryException;
import dev.xfer.cuda.Memcpy;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.SequencedMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Copies N host buffers to N device buffers with each {@link BatchStrategy}, timed by the host
 * clock from the first call until every copy is complete, as a training loop experiences it.
 * Device buffers are poisoned before each strategy and read back after it.
 * <p>
 * {@link #run(BatchPlan, NodeTarget)} runs the plan placed on a NUMA node. Every host buffer is
 * allocated and first touched by a placed thread: the sources, pinned sources and staging slots
 * by the measuring thread, which is bound for the run, and the pinned pool's blocks by whichever
 * thread takes one first, the measuring thread or a pinning thread. The worker threads (pinning
 * threads, pin-then-copy's copy threads, staging lanes) each enter their own placement for the
 * node ({@link PlacedWorkers}), since affinity and memory policy belong to one thread. The
 * outcome says where sampled pages of each group of buffers really were.
 */
public final class BatchBenchmark {
    /** Why {@code batched} has no row figure where the runtime lacks the API (its row says so). */
    static final String BATCHED_UNAVAILABLE = "needs cudaMemcpyBatchAsync of CUDA 13 or later";

    private final CudaDevice device;
    private final Optional<String> batchApiMissing;
    private final Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes;

    public BatchBenchmark(CudaDevice device, boolean batchedAvailable) {
        this(device, batchedAvailable ? Optional.empty() : Optional.of(BATCHED_UNAVAILABLE));
    }

    /**
     * An engine for {@code device}; each pass is handed the progress it reports to
     * ({@link #run(BatchPlan, NodeTarget, Progress, Tally)}).
     *
     * @param batchApiMissing why the runtime has no cudaMemcpyBatchAsync xfer can call; empty when it has
     */
    public BatchBenchmark(CudaDevice device, Optional<String> batchApiMissing) {
        this(device, batchApiMissing, HostMemoryNodes::sample);
    }

    /**
     * @param pageNodes where a host buffer's pages are, sampled at the end of a placed run; empty
     *                  when that cannot be known
     */
    public BatchBenchmark(CudaDevice device, Optional<String> batchApiMissing,
                          Function<MemorySegment, Optional<HostMemoryNodes>> pageNodes) {
        this.device = device;
        this.batchApiMissing = batchApiMissing;
        this.pageNodes = pageNodes;
    }

    /**
     * The results of one run.
     *
     * @param hostMemory where the run's host buffers were, group by group (nothing sampled unplaced)
     * @param target     where it ran: the node, and the CPUs the measuring thread was really bound to
     * @param waived     the strategies this runtime cannot run, each with why (no row of their own)
     */
    public record Outcome(List<BatchResult> results, BatchHostMemory hostMemory, NodeTarget target,
                          List<Waiver> waived) {
        public Outcome {
            results = List.copyOf(results);
            waived = List.copyOf(waived);
        }

        /** An outcome whose waivers are its strategies this runtime cannot run ({@link BatchResult#unavailable}). */
        public Outcome(List<BatchResult> results, BatchHostMemory hostMemory, NodeTarget target) {
            this(results, hostMemory, target, waivers(results));
        }

        /** Each strategy this machine cannot run, waived with why: neither passed nor failed. */
        static List<Waiver> waivers(List<BatchResult> results) {
            return results.stream().filter(r -> r.unavailable().isPresent())
                    .map(r -> new Waiver(r.configuration(), r.unavailable().get())).toList();
        }
    }

    /**
     * The strategies of {@code plan} waived on a runtime without the batch API ({@code missing}
     * says why; empty: none): the pageable batched ones, named as their rows would be. {@code
     * batched} keeps its row, which says it is unavailable.
     */
    static List<Waiver> waivers(BatchPlan plan, Optional<String> missing, OptionalInt node) {
        if (missing.isEmpty()) {
            return List.of();
        }
        return plan.strategies().stream().filter(BatchBenchmark::waivedWithoutApi)
                .map(s -> new Waiver(BatchResult.configuration(s, node), missing.get())).toList();
    }

    /** The strategies waived without a row, then those whose row says they could not run ({@code batched}). */
    private static List<Waiver> both(List<Waiver> withoutRows, List<BatchResult> results) {
        List<Waiver> all = new java.util.ArrayList<>(withoutRows);
        all.addAll(Outcome.waivers(results));
        return all;
    }

    private static boolean waivedWithoutApi(BatchStrategy strategy) {
        return strategy.usesBatchApi() && strategy != BatchStrategy.BATCHED;
    }

    /** Runs the plan where the calling thread is, nothing placed, with no one watching. */
    public List<BatchResult> run(BatchPlan plan) {
        return run(plan, NodeTarget.unplaced()).results();
    }

    /**
     * Runs the plan with the calling thread and every worker thread bound to {@code target}'s
     * CPUs and their memory to {@code target}'s node; the calling thread is put back afterwards.
     * No one watches.
     */
    public Outcome run(BatchPlan plan, NodeTarget target) {
        return run(plan, target, Progress.NONE, Tally.quiet());
    }

    /**
     * As {@link #run(BatchPlan, NodeTarget)}, reporting to {@code pass} and keeping each strategy's
     * result in {@code kept} as it is measured: one engine runs every pass of a placement
     * (--numa-node all) into one tally, which is what a run stopped mid-pass has. The outcome's
     * results are this pass's share of the tally, with the page nodes sampled once the pass is over.
     */
    public Outcome run(BatchPlan plan, NodeTarget target, Progress pass, Tally<BatchResult> kept) {
        InsufficientDeviceMemoryException.requireFits(device, plan.totalBytes(),
                plan.count() + " buffers of " + plan.bytes() + " bytes");
        PlacedRun.Result<Outcome> placed = PlacedRun.run(target, () -> measure(plan, target, pass, kept));
        Outcome outcome = placed.value();
        return new Outcome(outcome.results(), outcome.hostMemory(), placed.target(), outcome.waived());
    }

    private Outcome measure(BatchPlan plan, NodeTarget target, Progress progress, Tally<BatchResult> kept) {
        device.makeCurrent();
        try (Buffers buffers = new Buffers(plan, target);
             CudaStream stream = CudaStream.create(device, true);
             PinnedPool pool = new PinnedPool(plan.bytes());
             ExecutorService workers = PlacedWorkers.newFixedThreadPool(plan.threads(), target);
             CopyTeam copiers = copyTeam(plan, target);
             BlockRecycler recycler = new BlockRecycler(device, pool);
             StagingTeam staging = plan.strategies().contains(BatchStrategy.STAGED) ? stagingTeam(plan, target) : null) {
            StagingTeam.Job staged = staging == null ? null : staging.job(Direction.H2D, StagingTeam.Part.STAGED,
                    buffers.pageable.stream().map(HostBuffer::segment).toList(), buffers.devices);
            Runs runs = new Runs(plan, buffers, stream, pool, recycler, workers, copiers, staging, staged);
            int before = kept.size();
            List<Waiver> waived = waivers(plan, batchApiMissing, target.node());
            double firstMedian = Double.NaN;
            for (BatchStrategy strategy : plan.strategies()) {
                if (batchApiMissing.isPresent() && waivedWithoutApi(strategy)) {
                    continue;
                }
                progress.measuring(kept.size() - before, plan.strategies().size(), strategy.label());
                if (strategy == BatchStrategy.BATCHED && batchApiMissing.isPresent()) {
                    kept.add(new BatchResult(strategy, Optional.empty(), Double.NaN, OptionalDouble.empty(),
                            Optional.of(BATCHED_UNAVAILABLE), Optional.empty()));
                    continue;
                }
                buffers.poisonDevice(stream);
                // The host clock, from the first call until every copy is complete (each strategy's run
                // returns only then), as a training loop experiences it.
                double[] ms = new SampleLoop(new Warmup(plan.warmup()), plan.iterations()).stoppingAt(progress)
                        .milliseconds(HostClock.untilReturn(), () -> runs.run(strategy));
                Summarized times = Summarized.of(ms, "ms");
                if (!(times instanceof Summary summary)) {
                    // The clock gave no time: a failed result with its reason, and no ratio to compare.
                    kept.add(new BatchResult(strategy, Optional.of(times), Double.NaN,
                            OptionalDouble.empty(), Optional.empty(), buffers.firstWrong()));
                    continue;
                }
                if (Double.isNaN(firstMedian)) {
                    firstMedian = summary.median();
                }
                // Kept in the command's tally as measured, so a stopped run still reports it (without page nodes).
                kept.add(new BatchResult(strategy, Optional.of(summary),
                        plan.totalBytes() / (summary.median() / 1e3) / 1e9,
                        OptionalDouble.of(summary.median() / firstMedian), Optional.empty(), buffers.firstWrong()));
            }
            List<BatchResult> results = kept.since(before);
            if (!target.placed()) {
                return new Outcome(results, BatchHostMemory.none(target.node()), target, both(waived, results));
            }
            // Pages are sampled only for a placed run: an unplaced run asked no question about them.
            BatchHostMemory where = hostMemory(target, buffers, pool, staging);
            List<BatchResult> placed = results.stream()
                    .map(r -> r.placed(target.node(), r.ran() ? where.of(r.strategy()) : Optional.empty())).toList();
            return new Outcome(placed, where, target, both(waived, placed));
        }
    }

    /**
     * pin-then-copy's copy threads, placed like every other worker; one thread (no team) when no
     * strategy of the plan copies into pinned memory that way.
     */
    private static CopyTeam copyTeam(BatchPlan plan, NodeTarget target) {
        boolean needed = plan.strategies().contains(BatchStrategy.PIN_THEN_COPY_BLOCKING)
                || plan.strategies().contains(BatchStrategy.PIN_THEN_COPY_ASYNC);
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        CopyTeam team = new CopyTeam(needed ? plan.copyThreads() : 1, plan.hostCopy(), PlacedWorkers.threadFactory(target,
                Thread.ofPlatform().name("xfer-copy-", 1).factory(), failed::set));
        if (failed.get() != null) {
            team.close();
            throw failed.get();
        }
        return team;
    }

    /**
     * The staged strategy's lanes: the same {@link StagingTeam} as {@code bandwidth --copy staged},
     * its chunks taken across all N buffers; placed like every other worker.
     */
    private StagingTeam stagingTeam(BatchPlan plan, NodeTarget target) {
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        StagingTeam team = new StagingTeam(device, new StagingConfig(plan.threads(), plan.stagingSlots(),
                plan.stagingBytes(), plan.hostCopy()), PlacedWorkers.threadFactory(target,
                Thread.ofPlatform().name("xfer-stage-", 1).factory(), failed::set), StagingTeam.SlotHook.NONE);
        if (failed.get() != null) {
            team.close();
            throw failed.get();
        }
        return team;
    }

    /** Where each group of the run's host buffers is, from sampled pages of every buffer in it. */
    private BatchHostMemory hostMemory(NodeTarget target, Buffers buffers, PinnedPool pool, StagingTeam staging) {
        SequencedMap<String, Optional<HostMemoryNodes>> groups = new LinkedHashMap<>();
        sample(groups, BatchHostMemory.PAGEABLE_SOURCES, buffers.pageable);
        sample(groups, BatchHostMemory.PINNED_SOURCES, buffers.pinned);
        sample(groups, BatchHostMemory.PINNED_POOL, pool.blocks());
        if (staging != null) {
            sample(groups, BatchHostMemory.STAGING_SLOTS, staging.slots());
        }
        return new BatchHostMemory(target.node(), groups);
    }

    private void sample(SequencedMap<String, Optional<HostMemoryNodes>> groups, String group, List<HostBuffer> in) {
        if (!in.isEmpty()) {
            groups.put(group, BatchHostMemory.sum(in.stream().map(b -> pageNodes.apply(b.segment())).toList()));
        }
    }

    /** Sources (pageable, and pinned where a strategy reads pinned memory) and destinations. */
    private final class Buffers implements AutoCloseable {
        final List<HostBuffer> pageable = new ArrayList<>();
        final List<HostBuffer> pinned = new ArrayList<>();
        final List<DeviceBuffer> devices = new ArrayList<>();
        private final BatchPlan plan;

        /** Pageable sources are also moved to {@code target}'s node: glibc may hand back pages touched elsewhere. */
        Buffers(BatchPlan plan, NodeTarget target) {
            this.plan = plan;
            try {
                for (int i = 0; i < plan.count(); i++) {
                    HostBuffer source = HostMemoryKind.PAGEABLE.allocate(plan.bytes());
                    pageable.add(source);
                    PlacedRun.settle(source.segment(), target);
                    DataPattern.fill(source.segment(), (long) i << 32);
                    if (plan.needsPinnedSources()) {
                        HostBuffer p = HostMemoryKind.PINNED.allocate(plan.bytes());
                        pinned.add(p);
                        MemorySegment.copy(source.segment(), 0, p.segment(), 0, plan.bytes());
                    }
                    devices.add(DeviceBuffer.allocate(device, plan.bytes()));
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        void poisonDevice(CudaStream stream) {
            for (DeviceBuffer d : devices) {
                d.fillAsync(DataPattern.POISON, stream);
            }
            stream.synchronize();
        }

        /** Reads every device buffer back and compares it with its source. */
        Optional<Integer> firstWrong() {
            try (HostBuffer check = HostMemoryKind.PAGEABLE.allocate(plan.bytes())) {
                for (int i = 0; i < devices.size(); i++) {
                    DataPattern.poison(check.segment());
                    Memcpy.copy(check.segment(), devices.get(i).address(), plan.bytes(), CopyKind.DEVICE_TO_HOST);
                    if (DataPattern.firstMismatch(check.segment(), pageable.get(i).segment()) >= 0) {
                        return Optional.of(i);
                    }
                }
            }
            return Optional.empty();
        }

        @Override
        public void close() {
            devices.forEach(DeviceBuffer::close);
            pinned.forEach(HostBuffer::close);
            pageable.forEach(HostBuffer::close);
        }
    }

    /** One run of each strategy over all buffers. */
    private final class Runs {
        private final BatchPlan plan;
        private final Buffers b;
        private final CudaStream stream;
        private final PinnedPool pool;
        private final BlockRecycler recycler;
        private final ExecutorService workers;
        private final CopyTeam copiers;
        private final StagingTeam staging;
        private final StagingTeam.Job staged;

        Runs(BatchPlan plan, Buffers b, CudaStream stream, PinnedPool pool, BlockRecycler recycler,
             ExecutorService workers, CopyTeam copiers, StagingTeam staging, StagingTeam.Job staged) {
            this.plan = plan;
            this.b = b;
            this.stream = stream;
            this.pool = pool;
            this.recycler = recycler;
            this.workers = workers;
            this.copiers = copiers;
            this.staging = staging;
            this.staged = staged;
        }

        void run(BatchStrategy strategy) {
            switch (strategy) {
                case PAGEABLE_BLOCKING -> eachThenSynchronize(b.pageable);
                case PAGEABLE_ASYNC -> allThenSynchronize(b.pageable);
                case PINNED_BLOCKING -> eachThenSynchronize(b.pinned);
                case PINNED_ASYNC -> allThenSynchronize(b.pinned);
                case PIN_THEN_COPY_BLOCKING -> pinThenCopy(true);
                case PIN_THEN_COPY_ASYNC -> pinThenCopy(false);
                case PIN_THREADS -> pinThreads();
                case BATCHED -> batched(b.pinned, strategy);
                case STAGED -> staging.run(staged);
                case BATCHED_PAGEABLE_STREAM, BATCHED_PAGEABLE_DURING_API_CALL, BATCHED_PAGEABLE_ANY,
                     BATCHED_PAGEABLE_STREAM_OVERLAP, BATCHED_PAGEABLE_DURING_API_CALL_OVERLAP,
                     BATCHED_PAGEABLE_ANY_OVERLAP -> batched(b.pageable, strategy);
            }
        }

        private void copy(int i, MemorySegment source) {
            Memcpy.copyAsync(b.devices.get(i).address(), source, plan.bytes(), CopyKind.HOST_TO_DEVICE, stream);
        }

        private void eachThenSynchronize(List<HostBuffer> sources) {
            for (int i = 0; i < sources.size(); i++) {
                copy(i, sources.get(i).segment());
                stream.synchronize();
            }
        }

        private void allThenSynchronize(List<HostBuffer> sources) {
            for (int i = 0; i < sources.size(); i++) {
                copy(i, sources.get(i).segment());
            }
            stream.synchronize();
        }

        /**
         * pin_memory() then .to(): a pinned block from the pool, a host copy into it, the DMA from
         * it; the block goes back to the pool once its copy has finished (at once when blocking).
         */
        private void pinThenCopy(boolean blocking) {
            for (int i = 0; i < b.pageable.size(); i++) {
                recycler.reclaim();
                HostBuffer block = pool.take();
                copiers.copy(b.pageable.get(i).segment(), block.segment(), plan.bytes());
                copy(i, block.segment());
                if (blocking) {
                    stream.synchronize();
                    pool.release(block);
                } else {
                    recycler.queued(block, stream);
                }
            }
            stream.synchronize();
            recycler.reclaimAll();
        }

        /** Workers pin; this thread issues each copy as soon as its buffer is pinned, in any order. */
        private void pinThreads() {
            int n = b.pageable.size();
            BlockingQueue<Pinned> ready = new ArrayBlockingQueue<>(n);
            AtomicInteger nextIndex = new AtomicInteger();
            List<Future<?>> pinning = new ArrayList<>();
            for (int t = 0; t < plan.threads(); t++) {
                pinning.add(workers.submit(() -> {
                    device.makeCurrent();
                    for (int i = nextIndex.getAndIncrement(); i < n; i = nextIndex.getAndIncrement()) {
                        HostBuffer block = pool.take();
                        plan.hostCopy().copy(b.pageable.get(i).segment(), 0, block.segment(), 0, plan.bytes());
                        ready.add(new Pinned(i, block));
                    }
                }));
            }
            try {
                for (int done = 0; done < n; done++) {
                    Pinned p = ready.take();
                    recycler.reclaim();
                    copy(p.index(), p.block().segment());
                    recycler.queued(p.block(), stream);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while copying pinned buffers", e);
            }
            awaitAll(pinning);
            stream.synchronize();
            recycler.reclaimAll();
        }

        /**
         * One cudaMemcpyBatchAsync of every source, with the strategy's source access order and
         * flag. Each order's rule holds: the sources stay allocated and unchanged until the
         * synchronize below (what stream and any order need; during-api-call needs less), and
         * nothing earlier in the stream touches them, since every run ends synchronized.
         */
        private void batched(List<HostBuffer> sources, BatchStrategy strategy) {
            int n = sources.size();
            MemorySegment[] dsts = new MemorySegment[n];
            MemorySegment[] srcs = new MemorySegment[n];
            long[] sizes = new long[n];
            for (int i = 0; i < n; i++) {
                dsts[i] = b.devices.get(i).address();
                srcs[i] = sources.get(i).segment();
                sizes[i] = plan.bytes();
            }
            Memcpy.copyBatchAsync(dsts, srcs, sizes, strategy.batchOrder().orElseThrow(), strategy.preferOverlap(),
                    stream);
            stream.synchronize();
        }
    }

    private record Pinned(int index, HostBuffer block) {
    }

    static void awaitAll(List<Future<?>> futures) {
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }
}
