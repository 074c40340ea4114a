package dev.xfer.app.doctor;

import java.util.List;
import java.util.Optional;

/** The causes NVML shows, judged from an {@link NvmlEvidence}: the plug-in point for the NVML layer. */
public final class NvmlChecks {
    /** The throttle reasons that lower clocks for a fault or a limit, not for idling or a setting. */
    static final List<String> SLOWDOWNS = List.of("SwPowerCap", "HwSlowdown", "SwThermalSlowdown",
            "HwThermalSlowdown", "HwPowerBrakeSlowdown");
    /** Foreign traffic below this is noise: NVML's counters see the driver's own housekeeping too. */
    static final double TRAFFIC_NOISE_GBPS = 1.0;

    private NvmlChecks() {
    }

    /** Every NVML check of GPU {@code gpu}. */
    public static List<Diagnosis> diagnose(Scope scope, int gpu, NvmlEvidence nvml) {
        return List.of(throttle(scope, nvml.throttleReasons(gpu)), replays(scope, nvml.replays(gpu)),
                persistence(scope, nvml.persistenceMode(gpu)), processes(scope, nvml.foreignProcesses(gpu)),
                traffic(scope, nvml.foreignTrafficGBps(gpu)));
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
            return Diagnosis.clear(cause, scope, "no clock slowdown", evidence);
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

    static Diagnosis persistence(Scope scope, Reading<Boolean> on) {
        Cause cause = Cause.PERSISTENCE_MODE;
        if (on instanceof Reading.Unknown<Boolean> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        boolean enabled = ((Reading.Known<Boolean>) on).value();
        Evidence evidence = new Evidence("persistence mode", enabled ? "on" : "off", on.where());
        if (enabled) {
            return Diagnosis.clear(cause, scope, "persistence mode on", evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.LOW,
                "persistence mode off: each process's first CUDA call initialises the GPU again", List.of(evidence),
                Optional.empty(), "nvidia-smi -pm 1, or run nvidia-persistenced"));
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

    /** NVML's peer status for a pair: anything but {@code OK} is a finding. */
    public static Diagnosis peerStatus(Scope pair, Reading<String> status) {
        Cause cause = Cause.PEER_STATUS_NVML;
        if (status instanceof Reading.Unknown<String> u) {
            return Diagnosis.unknown(cause, pair, u.why());
        }
        String read = ((Reading.Known<String>) status).value();
        Evidence evidence = new Evidence("NVML P2P status", read, status.where());
        if (read.equals("OK")) {
            return Diagnosis.clear(cause, pair, "NVML: peer copies supported", evidence);
        }
        return Diagnosis.found(new Finding(cause, pair, Severity.MEDIUM, "NVML: peer copies " + read,
                List.of(evidence), Optional.empty(), "nvidia-smi topo -p2p r shows the matrix; see ACS and the IOMMU"));
    }
}
