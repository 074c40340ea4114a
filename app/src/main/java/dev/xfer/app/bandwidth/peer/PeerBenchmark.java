package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.KernelTiming;
import dev.xfer.app.measure.StreamGate;
import dev.xfer.app.kernels.XferKernels;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.measure.Progress;
import dev.xfer.cuda.CudaDevice;
import dev.xfer.cuda.InsufficientDeviceMemoryException;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ObjIntConsumer;

/**
 * GPU-to-GPU copy rates for every ordered pair of the selected devices ({@code --direction p2p}),
 * or the pairs {@code --pair} or {@code --pairs} chose, the way CUDA's p2pBandwidthLatencyTest
 * measures them.
 * <p>
 * First, for every ordered pair (a, b) where {@code cudaDeviceCanAccessPeer} says a can reach b's
 * memory, peer access is enabled ({@code cudaDeviceEnablePeerAccess} with a current); what this
 * run enabled it disables at the end. A pair without peer access both ways is still measured:
 * {@code cudaMemcpyPeerAsync} then goes through host memory, and the results say so.
 * <p>
 * Each device has two buffers of the size: A holds the pattern, B receives. For a pair (src, dst)
 * in the write form (the default; nvbandwidth's {@code _write} cases):
 * <ul>
 *   <li>one way: src's A to dst's B on a non-blocking stream of src, timed by events on that
 *       stream (or the host clock around the call and a synchronize, with {@code --timer wall});</li>
 *   <li>both ways: src's A to dst's B on src's stream and dst's A to src's B on dst's stream at
 *       once; dst's stream waits for the start event on src's stream, and src's stream waits for
 *       dst's copy before its stop event, so the events span both copies. The rate is both
 *       copies' bytes over that time.</li>
 * </ul>
 * In the read form ({@code --initiation read}; nvbandwidth's {@code _read} cases) every copy is
 * issued by the GPU it goes to instead: one way on dst's stream, timed there; both ways, src to
 * dst on dst's stream (which holds the events) and dst to src on src's, joined as above.
 * Before each, the receiving B buffers are poisoned; after the timed copies each is read back
 * into a poisoned host buffer and must equal the pattern.
 * <p>
 * With {@code --copy kernel}, every pair with peer access both ways is measured a second time by
 * xfer's copy kernel instead of {@code cudaMemcpyPeerAsync}, launched on the issuing GPU (one
 * block per SM of it, whatever {@code --blocks} says): in the write form on src, reading src's A
 * and writing into dst's B over the peer mapping; in the read form on dst, reading src's A over
 * the peer mapping and writing its own B; both ways, a kernel on each GPU at once. A pair without
 * peer access has no kernel result: a kernel cannot reach the other GPU's memory. A kernel sample
 * is the host rows' ({@link KernelTiming}; by default from 64 MiB 16 copies in one launch behind
 * {@code hold_stream} and one untimed lead-in copy under the events timer, like nvbandwidth's start
 * with one lead-in copy for its four warm-ups; one copy below), counted as its time over its copies.
 * <p>
 * With {@code --copy tma}, the same pairs a third time (after the kernel's when both are asked
 * for, in {@code --copy}'s order) by xfer's TMA copy ({@code tma_copy}), launched and timed as the
 * copy kernel is, in its own grid of one 32-thread block per SM of the issuing GPU: its bulk copies
 * ({@code cp.async.bulk}) take the other GPU's buffer by its address, as the kernel's loads and
 * stores do. A pair with a GPU below compute capability 9.0 has no TMA rows: they are waived
 * ({@link #absences}), never launched.
 * <p>
 * This class sets the run up (peer access, lanes, kernels) and takes it down; the rows are
 * {@link PeerRun}'s, and who issues a copy is a {@link PeerInitiator}, chosen once per row.
 */
public final class PeerBenchmark {
    private final List<CudaDevice> devices;
    private final ObjIntConsumer<MemorySegment> beforeCompare;

    /**
     * @param devices       the GPUs, at least two, in the order selected; the plan's pairs name them by index
     * @param beforeCompare runs on the host copy of a receiving buffer (with the receiving device's
     *                      index) just before it is compared with the pattern; tests plant corruption there
     */
    public PeerBenchmark(List<CudaDevice> devices, ObjIntConsumer<MemorySegment> beforeCompare) {
        if (devices.size() < 2) {
            throw new IllegalArgumentException("peer copies need at least two devices, not " + devices.size());
        }
        this.devices = List.copyOf(devices);
        this.beforeCompare = beforeCompare;
    }

    /** The results (src-major, in the devices' order) and any verification failures of one run. */
    public record Outcome(List<PeerResult> results, List<VerificationFailure> failures) {
    }

    /** The measurements, for progress: per size, form, path and ordered pair, one way and both ways. */
    public static int configurations(BandwidthPlan plan, List<Integer> indices) {
        return plan.sizes().size() * plan.peerInitiations().size() * plan.pairs().resolve(indices).size() * 2
                * paths(plan).size();
    }

    /** {@link #configurations(BandwidthPlan, List)} on GPUs 0 to {@code devices - 1}. */
    public static int configurations(BandwidthPlan plan, int devices) {
        return configurations(plan, java.util.stream.IntStream.range(0, devices).boxed().toList());
    }

    /**
     * Who copies between GPUs: the driver always, then each path {@code --copy} names that measures
     * peers (the copy kernel, the TMA copy), in its order.
     */
    public static List<CopyPath> paths(BandwidthPlan plan) {
        List<CopyPath> out = new ArrayList<>(List.of(CopyPath.DRIVER));
        plan.copies().stream().filter(p -> p != CopyPath.DRIVER && p.measuresPeers()).forEach(out::add);
        return List.copyOf(out);
    }

    /**
     * Which selected GPUs cannot run one of the plan's paths (the TMA copy below compute capability
     * 9.0), asked of each before anything is launched, and which chosen pairs have no peer access
     * both ways for the paths launched on a grid: those rows are waived ({@link PeerPlan#waivedPairs})
     * and never launched.
     */
    public PeerAbsences absences(BandwidthPlan plan) {
        Map<CopyPath, Map<Integer, String>> why = new LinkedHashMap<>();
        for (CopyPath path : paths(plan)) {
            for (CudaDevice device : devices) {
                path.absentOn(device).ifPresent(w -> why.computeIfAbsent(path, p -> new LinkedHashMap<>())
                        .put(device.index(), w));
            }
        }
        // The chosen pairs a grid path needs peer access for, both ways (its rows copy back): asked as run asks it.
        java.util.Set<java.util.Set<Integer>> noAccess = new java.util.HashSet<>();
        if (paths(plan).stream().anyMatch(CopyPath::launchesGrid)) {
            List<Integer> indices = devices.stream().map(CudaDevice::index).toList();
            for (var pair : plan.pairs().resolve(indices)) {
                CudaDevice a = devices.get(indices.indexOf(pair.src()));
                CudaDevice b = devices.get(indices.indexOf(pair.dst()));
                if (!a.canAccessPeer(b) || !b.canAccessPeer(a)) {
                    noAccess.add(java.util.Set.of(pair.src(), pair.dst()));
                }
            }
        }
        return new PeerAbsences(why, noAccess);
    }

    /** Device memory each device needs for one size: the pattern buffer and the receiving one. */
    public static long deviceBytesNeeded(long size) {
        return Math.multiplyExact(size, 2);
    }

    /** Fails before anything is measured when two buffers of the largest size cannot fit in a device's free memory. */
    public void checkFits(BandwidthPlan plan) {
        long largest = plan.sizes().stream().mapToLong(Long::longValue).max().orElseThrow();
        for (CudaDevice device : devices) {
            InsufficientDeviceMemoryException.requireFits(device, deviceBytesNeeded(largest), "size " + largest + " B");
        }
    }

    /**
     * A plan as this engine found it on its GPUs before anything is measured ({@link #prepare}): what
     * {@link #run(Prepared, Progress)} measures, so which GPUs lack a path is not asked of them twice.
     *
     * @param absences which GPUs cannot run one of the plan's paths ({@link #absences}): their pairs'
     *                 rows of it are waived, never launched
     */
    public record Prepared(BandwidthPlan plan, PeerAbsences absences) {
    }

    /**
     * {@code plan} asked of the GPUs once, before anything is measured: it fails when two buffers of
     * its largest size cannot fit a GPU ({@link #checkFits}), and says which GPUs lack one of its paths.
     */
    public Prepared prepare(BandwidthPlan plan) {
        checkFits(plan);
        return new Prepared(plan, absences(plan));
    }

    /** Runs the plan with no one watching. */
    public Outcome run(BandwidthPlan plan) {
        return run(plan, Progress.NONE);
    }

    /** As {@link #run(BandwidthPlan)}, reporting to {@code progress}. */
    public Outcome run(BandwidthPlan plan, Progress progress) {
        return run(new Prepared(plan, absences(plan)), progress);
    }

    /**
     * Runs a plan this engine prepared, reporting to {@code progress}. Its memory is checked again first
     * (one free-memory reading per GPU): between {@link #prepare} and now the GPUs measured alone, and
     * another process may have taken memory, which must end as exit 5's line, not as a failed cudaMalloc
     * halfway through the pairs.
     */
    public Outcome run(Prepared prepared, Progress progress) {
        BandwidthPlan plan = prepared.plan();
        checkFits(plan);
        int n = devices.size();
        List<Integer> indices = devices.stream().map(CudaDevice::index).toList();
        // Positions in the devices' list of each chosen pair; access is asked for both ways of each
        // (both-ways rows copy back), and for no other pair, as a machine may cap a GPU's peers.
        List<int[]> pairs = plan.pairs().resolve(indices).stream()
                .map(p -> new int[] {indices.indexOf(p.src()), indices.indexOf(p.dst())}).toList();
        boolean[][] reaches = new boolean[n][n];
        for (int[] p : pairs) {
            reaches[p[0]][p[1]] = devices.get(p[0]).canAccessPeer(devices.get(p[1]));
            reaches[p[1]][p[0]] = devices.get(p[1]).canAccessPeer(devices.get(p[0]));
        }
        List<PeerLane> lanes = new ArrayList<>();
        boolean[][] enabledHere = new boolean[n][n];
        try (Cleanup disable = () -> disablePeerAccess(enabledHere);
             Cleanup close = () -> closeLanes(lanes);
             XferKernels kernels = paths(plan).stream().anyMatch(CopyPath::launchesGrid) ? XferKernels.load() : null;
             StreamGate gate = kernels != null && plan.kernelTiming().mayGate(plan.timer())
                     ? new StreamGate(kernels.holdStream()) : null) {
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    if (reaches[a][b]) {
                        enabledHere[a][b] = devices.get(a).enablePeerAccess(devices.get(b));
                    }
                }
            }
            for (CudaDevice device : devices) {
                lanes.add(PeerLane.open(device));
            }
            List<PeerInitiator> grids = paths(plan).stream().filter(CopyPath::launchesGrid)
                    .<PeerInitiator>map(p -> new PeerKernelCopy(p, p.launch(kernels), plan.kernelTiming(), plan.timer(),
                            gate)).toList();
            PeerRun run = new PeerRun(plan, lanes, pairs, reaches, progress, beforeCompare,
                    configurations(plan, indices), grids, prepared.absences(), gate);
            for (long size : plan.sizes()) {
                run.size(size);
            }
            return new Outcome(run.results(), run.failures());
        }
    }

    private void disablePeerAccess(boolean[][] enabledHere) {
        RuntimeException first = null;
        for (int a = 0; a < enabledHere.length; a++) {
            for (int b = 0; b < enabledHere.length; b++) {
                if (enabledHere[a][b]) {
                    try {
                        devices.get(a).disablePeerAccess(devices.get(b));
                    } catch (RuntimeException e) {
                        first = first == null ? e : first;
                    }
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void closeLanes(List<PeerLane> lanes) {
        RuntimeException first = null;
        for (PeerLane lane : lanes) {
            try {
                lane.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
