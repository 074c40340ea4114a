package dev.xfer.app.doctor;

import java.util.List;
import java.util.Optional;

/** Where two GPUs meet in the PCIe tree, from the bridges above each and their host bridges. */
public final class PeerPaths {
    private PeerPaths() {
    }

    /**
     * @param bridgesA the bridges above the first GPU (names such as {@code 0000:00:01.0}), nearest first
     * @param rootA    its host bridge folder ({@code pci0000:00}); empty when unknown
     */
    public static PeerChecks.Path between(List<String> bridgesA, Optional<String> rootA, List<String> bridgesB,
                                          Optional<String> rootB) {
        if (rootA.isEmpty() || rootB.isEmpty()) {
            return PeerChecks.Path.UNKNOWN;
        }
        if (!rootA.equals(rootB)) {
            return PeerChecks.Path.ACROSS_ROOT_COMPLEXES;
        }
        // A bridge above both below the root port is a switch: traffic turns there. A shared root
        // port alone (the top of both lists) also means a switch below it.
        boolean shared = bridgesA.stream().anyMatch(bridgesB::contains);
        return shared ? PeerChecks.Path.SAME_SWITCH : PeerChecks.Path.ROOT_COMPLEX;
    }
}
