package dev.xfer.app.doctor;

import dev.xfer.app.evidence.PeerReading;

import dev.xfer.app.evidence.Reading;

import java.util.List;
import java.util.Optional;

/** Copies between two GPUs: whether CUDA lets one reach the other, and which path they take. */
public final class PeerChecks {
    private PeerChecks() {
    }

    /** Where two GPUs meet in the PCIe tree. */
    public enum Path {
        /** Under one PCIe switch: peer traffic can stay below the root complex. */
        SAME_SWITCH("the same PCIe switch"),
        /** Under one root complex (host bridge), through different root ports. */
        ROOT_COMPLEX("the root complex"),
        /** Under different host bridges: across the CPU's fabric, or between sockets. */
        ACROSS_ROOT_COMPLEXES("across host bridges (the CPU's fabric or between sockets)"),
        /** sysfs does not say. */
        UNKNOWN("an unknown path");

        private final String words;

        Path(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * {@code cudaDeviceCanAccessPeer(from, to)}: without it the driver moves peer copies through
     * host memory, twice over the links.
     */
    public static Diagnosis access(Scope pair, int from, int to, Reading<Boolean> canAccess) {
        Cause cause = Cause.PEER_ACCESS;
        if (canAccess instanceof Reading.Unknown<Boolean> u) {
            return Diagnosis.unknown(cause, pair, u.why());
        }
        boolean can = ((Reading.Known<Boolean>) canAccess).value();
        Evidence evidence = new Evidence("peer access GPU" + from + " to GPU" + to, can ? "supported" : "not supported",
                canAccess.where());
        if (can) {
            return Diagnosis.clear(cause, pair, "GPU" + from + " can access GPU" + to + "'s memory", evidence);
        }
        return Diagnosis.found(new Finding(cause, pair, Severity.MEDIUM,
                "GPU" + from + " cannot access GPU" + to + "'s memory: the driver stages peer copies through host"
                        + " memory", List.of(evidence), Optional.empty(),
                "check nvidia-smi topo -p2p r; ACS and the IOMMU in a VM or on the switch ports; GPUs of different"
                        + " kinds never peer"));
    }

    /**
     * The path peer copies take. Where NVML says the pair's NVLink P2P status is OK the copies go
     * over NVLink whatever the PCIe tree looks like (four NVLinked GPUs under one host bridge read
     * "through the root complex" in sysfs alone), so NVLink is the path and the PCIe path is kept
     * as evidence; otherwise the PCIe path, as sysfs shows it.
     *
     * @param where     how the PCIe path was found (the two GPUs' sysfs folders)
     * @param nvmlPath  NVML's path for the pair: {@code NVLink}, or the common ancestor's name, or unknown
     */
    public static Diagnosis path(Scope pair, Path path, String where, Reading<String> nvmlPath) {
        Evidence pcie = new Evidence("PCIe path", path.words(), where);
        if (nvmlPath instanceof Reading.Known<String> k && PeerReading.NVLINK.equals(k.value())) {
            return Diagnosis.clear(Cause.PEER_PATH, pair, "NVLink (the PCIe path is through " + path.words() + ")",
                    new Evidence("peer path", k.value(), k.where()), pcie);
        }
        return Diagnosis.clear(Cause.PEER_PATH, pair, "PCIe path through " + path.words(), pcie);
    }
}
