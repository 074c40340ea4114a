package dev.xfer.app.doctor;

import dev.xfer.app.evidence.ComputeProcess;
import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.GpuSnapshot;
import dev.xfer.app.evidence.PeerReading;
import dev.xfer.app.evidence.Reading;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The {@link NvmlEvidence} of one doctor run, from what the GPUs' probes read (the evidence
 * package's {@link dev.xfer.app.evidence.GpuProbe}, the one place xfer reads NVML): a snapshot
 * before doctor's probe and one after, the link traffic over an idle window while doctor moved
 * nothing, and each pair's peer reading. No NVML call here: tests build it from recorded readings.
 */
public final class NvmlReadings implements NvmlEvidence {
    /**
     * One GPU's readings.
     *
     * @param before      at the probe's start, before the idle window
     * @param after       right after the probe
     * @param idleTraffic the link's traffic over the idle window, GB/s both ways
     * @param idleMillis  that window's length
     */
    public record Gpu(GpuSnapshot before, GpuSnapshot after, Reading<Double> idleTraffic,
                      long idleMillis) {
        public Gpu {
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
            Objects.requireNonNull(idleTraffic, "idleTraffic");
        }
    }

    private static final String NOT_READ = "NVML was not read for this GPU";

    private final Map<Integer, Gpu> gpus;
    private final Map<List<Integer>, PeerReading> peers;
    private final long ownPid;
    private final Reading<ConfidentialComputingState> confidentialComputing;

    /**
     * @param gpus                  by CUDA index
     * @param peers                 by {@code List.of(from, to)}
     * @param ownPid                xfer's own process, left out of the foreign processes
     * @param confidentialComputing the system's Confidential Computing state, as one GPU's probe read it
     */
    public NvmlReadings(Map<Integer, Gpu> gpus, Map<List<Integer>, PeerReading> peers, long ownPid,
                        Reading<ConfidentialComputingState> confidentialComputing) {
        this.gpus = Map.copyOf(gpus);
        this.peers = Map.copyOf(peers);
        this.ownPid = ownPid;
        this.confidentialComputing = java.util.Objects.requireNonNull(confidentialComputing, "confidentialComputing");
    }

    /** Readings without the Confidential Computing state (unknown: not read). */
    public NvmlReadings(Map<Integer, Gpu> gpus, Map<List<Integer>, PeerReading> peers, long ownPid) {
        this(gpus, peers, ownPid, Reading.unknown("NVML's Confidential Computing state was not read"));
    }

    @Override
    public Reading<List<String>> throttleReasons(int gpu) {
        String where = "nvmlDeviceGetCurrentClocksEventReasons, before and after the probe";
        Gpu g = gpus.get(gpu);
        if (g == null) {
            return Reading.unknown(NOT_READ, where);
        }
        // Either moment counts: a slowdown seen before or after the probe held the clocks back.
        return both(g.before().clockEvents(), g.after().clockEvents(), where, (a, b) -> {
            Set<String> names = new LinkedHashSet<>(a.throttlingNames());
            names.addAll(b.throttlingNames());
            return List.copyOf(names);
        });
    }

    @Override
    public Reading<ReplayCounts> replays(int gpu) {
        String where = "nvmlDeviceGetPcieReplayCounter, before and after the probe";
        Gpu g = gpus.get(gpu);
        if (g == null) {
            return Reading.unknown(NOT_READ, where);
        }
        return both(g.before().replays(), g.after().replays(), where, ReplayCounts::new);
    }

    @Override
    public Reading<Boolean> persistenceMode(int gpu) {
        Gpu g = gpus.get(gpu);
        return g == null ? Reading.unknown(NOT_READ, "nvmlDeviceGetPersistenceMode")
                : g.after().persistence().at("nvmlDeviceGetPersistenceMode");
    }

    @Override
    public Reading<List<String>> foreignProcesses(int gpu) {
        String where = "nvmlDeviceGetComputeRunningProcesses, before and after the probe, xfer's own pid "
                + ownPid + " left out";
        Gpu g = gpus.get(gpu);
        if (g == null) {
            return Reading.unknown(NOT_READ, where);
        }
        return both(g.before().processes(), g.after().processes(), where, (a, b) -> {
            Map<Long, ComputeProcess> byPid = new LinkedHashMap<>();
            for (ComputeProcess p : concat(a, b)) {
                if (p.pid() != ownPid) {
                    byPid.putIfAbsent(p.pid(), p);
                }
            }
            return byPid.values().stream().map(ComputeProcess::described).toList();
        });
    }

    @Override
    public Reading<Double> foreignTrafficGBps(int gpu) {
        Gpu g = gpus.get(gpu);
        if (g == null) {
            return Reading.unknown(NOT_READ, "NVML PCIe throughput");
        }
        return g.idleTraffic().at("NVML PCIe throughput over " + g.idleMillis()
                + " ms while doctor moved nothing (nvmlDeviceGetPcieThroughput)");
    }

    @Override
    public Reading<PeerStatus> peerStatus(int from, int to) {
        String where = "nvmlDeviceGetP2PStatus(GPU" + from + ", GPU" + to + ", READ and WRITE)";
        PeerReading p = peers.get(List.of(from, to));
        if (p == null) {
            return Reading.unknown(NOT_READ, where);
        }
        return both(p.read(), p.write(), where, PeerStatus::new);
    }

    @Override
    public Reading<String> commonAncestor(int from, int to) {
        String where = "nvmlDeviceGetTopologyCommonAncestor(GPU" + from + ", GPU" + to + ")";
        PeerReading p = peers.get(List.of(from, to));
        return p == null ? Reading.unknown(NOT_READ, where) : p.path().at(where);
    }

    @Override
    public Reading<ConfidentialComputingState> confidentialComputing() {
        return confidentialComputing.at(ConfidentialComputingState.CALLS);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static <A, B, R> Reading<R> both(Reading<A> a, Reading<B> b,
                                             String where, java.util.function.BiFunction<A, B, R> f) {
        if (a instanceof Reading.Unknown<A> u) {
            return Reading.unknown(u.why(), where);
        }
        if (b instanceof Reading.Unknown<B> u) {
            return Reading.unknown(u.why(), where);
        }
        return Reading.known(f.apply(a.known().orElseThrow(), b.known().orElseThrow()), where);
    }
}
