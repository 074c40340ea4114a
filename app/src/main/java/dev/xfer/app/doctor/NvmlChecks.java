package dev.xfer.app.doctor;

import dev.xfer.app.evidence.ConfidentialComputingState;
import dev.xfer.app.evidence.Reading;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The causes NVML shows, judged from an {@link NvmlEvidence}: the plug-in point for the NVML layer. */
public final class NvmlChecks {
    /**
     * The clock event reasons that lower clocks for a fault or a limit (power, heat, the board's
     * slowdown signal). Idle is never read as throttling; the clock settings (applications clocks,
     * display clocks, sync boost) are shown as evidence but are choices, not faults.
     */
    static final List<String> SLOWDOWNS = List.of("sw_power_cap", "hw_slowdown", "sw_thermal_slowdown",
            "hw_thermal_slowdown", "hw_power_brake_slowdown");
    /** Foreign traffic below this is noise: NVML's counters see the driver's own housekeeping too. */
    static final double TRAFFIC_NOISE_GBPS = 1.0;

    private NvmlChecks() {
    }

    /** Every NVML check of GPU {@code gpu}, without the first CUDA calls' times. */
    public static List<Diagnosis> diagnose(Scope scope, int gpu, NvmlEvidence nvml) {
        return diagnose(scope, gpu, nvml, Optional.empty());
    }

    /**
     * Every NVML check of GPU {@code gpu}.
     *
     * @param firstCalls how long doctor's first CUDA calls took: persistence mode's cost, when it is off
     */
    public static List<Diagnosis> diagnose(Scope scope, int gpu, NvmlEvidence nvml, Optional<FirstCalls> firstCalls) {
        return List.of(throttle(scope, nvml.throttleReasons(gpu)), replays(scope, nvml.replays(gpu)),
                persistence(scope, gpu, nvml.persistenceMode(gpu), firstCalls),
                processes(scope, nvml.foreignProcesses(gpu)), traffic(scope, nvml.foreignTrafficGBps(gpu)));
    }

    static Diagnosis throttle(Scope scope, Reading<List<String>> reasons) {
        Cause cause = Cause.CLOCKS_THROTTLED;
        if (reasons instanceof Reading.Unknown<List<String>> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        List<String> active = ((Reading.Known<List<String>>) reasons).value();
        Evidence evidence = new Evidence("clock throttle reasons", active.isEmpty() ? "none" : String.join(",", active),
                reasons.where());
        List<String> slowing = active.stream().filter(SLOWDOWNS::contains).toList();
        if (slowing.isEmpty()) {
            return Diagnosis.clear(cause, scope, active.isEmpty() ? "no clock slowdown"
                    : "no clock slowdown; clocks held by a setting: " + String.join(", ", active), evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.MEDIUM,
                "clocks throttled: " + String.join(", ", slowing), List.of(evidence), Optional.empty(),
                "check cooling and power (nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE); a power cap: nvidia-smi -pl"));
    }

    static Diagnosis replays(Scope scope, Reading<NvmlEvidence.ReplayCounts> counts) {
        Cause cause = Cause.PCIE_REPLAYS;
        if (counts instanceof Reading.Unknown<NvmlEvidence.ReplayCounts> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        NvmlEvidence.ReplayCounts read = ((Reading.Known<NvmlEvidence.ReplayCounts>) counts).value();
        Evidence evidence = new Evidence("PCIe replay counter", read.before() + " before, " + read.after() + " after",
                counts.where());
        if (read.rising() == 0) {
            return Diagnosis.clear(cause, scope, "no replays during the probe", evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.HIGH,
                read.rising() + " PCIe replays during the probe: packets were resent over the link", List.of(evidence),
                Optional.empty(), "reseat the GPU, check risers and retimers; replays that keep rising mean a bad"
                        + " link (nvidia-smi -q -d PCIE)"));
    }

    /**
     * Persistence mode, with what doctor's first CUDA calls took: when it is off, that time is the
     * finding's cost (every process pays it again); when it is on, the time is evidence of a clear
     * check, and the off case is known from fixtures alone (xfer never turns persistence off).
     */
    static Diagnosis persistence(Scope scope, int gpu, Reading<Boolean> on, Optional<FirstCalls> firstCalls) {
        Cause cause = Cause.PERSISTENCE_MODE;
        if (on instanceof Reading.Unknown<Boolean> u) {
            return Diagnosis.unknown(cause, scope, u.why() + firstCalls.map(f -> "; measured: " + f.described(gpu))
                    .orElse(""));
        }
        boolean enabled = ((Reading.Known<Boolean>) on).value();
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(new Evidence("persistence mode", enabled ? "on" : "off", on.where()));
        firstCalls.ifPresent(f -> evidence.addAll(f.evidence(gpu)));
        if (enabled) {
            return new Diagnosis.Clear(cause, scope, "persistence mode on" + firstCalls.map(f -> "; "
                    + f.described(gpu)).orElse(""), evidence);
        }
        // The title says "persistence mode off"; the summary says what it cost here.
        String summary = firstCalls.map(f -> f.described(gpu) + "; with persistence mode on the driver keeps"
                        + " the GPU initialised between processes and a process's start is spared its initialisation")
                .orElse("the driver tears the GPU down when its last process ends, and the next process's first"
                        + " CUDA call initialises it again");
        return Diagnosis.found(new Finding(cause, scope, Severity.LOW, summary, evidence,
                Optional.empty(), "nvidia-smi -pm 1, or run nvidia-persistenced",
                firstCalls.map(f -> new TimeCost(f.totalSeconds(), Cost.MEASURED,
                        "at each process's first CUDA calls"))));
    }

    static Diagnosis processes(Scope scope, Reading<List<String>> processes) {
        Cause cause = Cause.FOREIGN_PROCESSES;
        if (processes instanceof Reading.Unknown<List<String>> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        List<String> others = ((Reading.Known<List<String>>) processes).value();
        Evidence evidence = new Evidence("other processes", others.isEmpty() ? "none" : String.join(", ", others),
                processes.where());
        if (others.isEmpty()) {
            return Diagnosis.clear(cause, scope, "no other process on the GPU", evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.MEDIUM,
                others.size() + " other process" + (others.size() == 1 ? "" : "es") + " on the GPU",
                List.of(evidence), Optional.empty(), "measure on an idle GPU: stop them, or drain the node"));
    }

    static Diagnosis traffic(Scope scope, Reading<Double> gbps) {
        Cause cause = Cause.FOREIGN_TRAFFIC;
        if (gbps instanceof Reading.Unknown<Double> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        double rate = ((Reading.Known<Double>) gbps).value();
        Evidence evidence = new Evidence("link traffic xfer did not move", Texts.gbps(rate), gbps.where());
        if (rate < TRAFFIC_NOISE_GBPS) {
            return Diagnosis.clear(cause, scope, "no foreign link traffic", evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.MEDIUM,
                Texts.gbps(rate) + " of link traffic xfer did not move", List.of(evidence),
                Optional.of(new Cost(rate, Cost.MEASURED)), "find the other copier (nvidia-smi pmon, nvidia-smi dmon"
                        + " -s t) and measure when it is done"));
    }

    /**
     * The system's Confidential Computing state: off is clear; on is a note, not a fault (a
     * confidential VM is chosen), but it says why host copies run below the link: each goes through
     * an encrypted bounce buffer, and registered and huge-page pinned memory (both page-locked by
     * cudaHostRegister) and the copy kernel and TMA copy over host memory are waived by bandwidth. Unknown (no NVML, a driver without the call) is never a failure.
     */
    public static Diagnosis confidentialComputing(Scope host, Reading<ConfidentialComputingState> state) {
        Cause cause = Cause.CONFIDENTIAL_COMPUTING;
        if (state instanceof Reading.Unknown<ConfidentialComputingState> u) {
            return Diagnosis.unknown(cause, host, u.why());
        }
        ConfidentialComputingState read = ((Reading.Known<ConfidentialComputingState>) state).value();
        Evidence evidence = new Evidence("Confidential Computing", read.line()
                .substring("Confidential Computing: ".length()), state.where());
        if (!read.on()) {
            return Diagnosis.clear(cause, host, read.line(), evidence);
        }
        return Diagnosis.found(new Finding(cause, host, Severity.NOTE, read.line(), List.of(evidence),
                Optional.empty(), "none for the machine: judge host copies against a baseline measured with CC on,"
                        + " not against the link; xfer bandwidth waives registered and pinned-huge memory and the"
                        + " kernel and TMA copies over host memory and marks the other host copies as bounced"));
    }

    /**
     * NVML's peer status for a pair, read and write: anything but {@code OK} is a finding. The
     * common ancestor and CUDA's answer go with it as evidence; where CUDA and NVML disagree the
     * summary says so.
     */
    public static Diagnosis peerStatus(Scope pair, Reading<NvmlEvidence.PeerStatus> status, Reading<String> ancestor,
                                       Reading<Boolean> cudaAccess) {
        Cause cause = Cause.PEER_STATUS_NVML;
        if (status instanceof Reading.Unknown<NvmlEvidence.PeerStatus> u) {
            return Diagnosis.unknown(cause, pair, u.why());
        }
        NvmlEvidence.PeerStatus read = ((Reading.Known<NvmlEvidence.PeerStatus>) status).value();
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(new Evidence("NVML P2P status", read.toString(), status.where()));
        String path = switch (ancestor) {
            case Reading.Known<String> k -> {
                evidence.add(new Evidence("peer path", k.value(), k.where()));
                yield " (path " + k.value() + ")";
            }
            case Reading.Unknown<String> u -> {
                evidence.add(new Evidence("peer path", "unknown: " + u.why(), u.where()));
                yield "";
            }
        };
        Optional<Boolean> cuda = cudaAccess instanceof Reading.Known<Boolean> k ? Optional.of(k.value())
                : Optional.empty();
        String disagree = cuda.isPresent() && cuda.get() != read.ok()
                ? "; cudaDeviceCanAccessPeer says " + (cuda.get() ? "yes" : "no") : "";
        if (read.ok()) {
            return new Diagnosis.Clear(cause, pair, "NVML: peer reads and writes supported" + path + disagree,
                    evidence);
        }
        return Diagnosis.found(new Finding(cause, pair, Severity.MEDIUM, "NVML: peer copies not supported, "
                + read + path + disagree, evidence, Optional.empty(),
                "nvidia-smi topo -p2p r shows the matrix; see ACS and the IOMMU"));
    }
}
