package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What doctor's probe measured on one GPU, as medians in GB/s, taken from the bandwidth
 * benchmark's records.
 *
 * @param pinnedH2d     pinned host-to-device, the driver's path
 * @param pageableH2d   pageable host-to-device, the driver's path
 * @param stagedH2d     pageable host-to-device through xfer's staged path; empty when not measured
 * @param hostCopies    the staged path's host copies alone (h2h); empty when not measured
 * @param slotsDma      the staged path's pinned slots' DMA alone; empty when not measured
 * @param nearFar       pinned host-to-device from the GPU's node and from another; empty with one node
 * @param how           how it was measured, for the evidence: {@code 64 MiB, 5 copies after 2}
 * @param seconds       how long the probe took on this GPU
 * @param hostReads     the host reading write-combined and cached pinned memory, where it was timed;
 *                      unknown when a buffer could not be had (why, and the call that refused it)
 */
public record ProbeFigures(double pinnedH2d, double pageableH2d, OptionalDouble stagedH2d, OptionalDouble hostCopies,
                           OptionalDouble slotsDma, Optional<NumaCheck.NearFar> nearFar, String how, double seconds,
                           Reading<HostReads> hostReads) {
    public ProbeFigures {
        Objects.requireNonNull(stagedH2d, "stagedH2d");
        Objects.requireNonNull(hostCopies, "hostCopies");
        Objects.requireNonNull(slotsDma, "slotsDma");
        Objects.requireNonNull(nearFar, "nearFar");
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(hostReads, "hostReads");
    }
}
