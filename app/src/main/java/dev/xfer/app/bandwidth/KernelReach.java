package dev.xfer.app.bandwidth;

import dev.xfer.app.result.Waiver;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which host memory the copy kernel can read and write on a device, decided from the device's
 * attributes alone, so the decision is tested without a GPU. A kind the kernel cannot reach has
 * no kernel rows, and the one reason given here says why.
 *
 * @param unifiedAddressing       {@code cudaDevAttrUnifiedAddressing}: a page-locked buffer's host
 *                                address is also its device address
 * @param registeredHostPointer   {@code cudaDevAttrCanUseHostPointerForRegisteredMem}: memory page-locked
 *                                by {@code cudaHostRegister} is reached at its host address
 * @param pageableMemoryAccess    {@code cudaDevAttrPageableMemoryAccess}: the GPU reads ordinary
 *                                (malloc'd) host memory coherently (HMM or ATS)
 */
public record KernelReach(boolean unifiedAddressing, boolean registeredHostPointer, boolean pageableMemoryAccess) {

    /** Why the kernel cannot copy {@code memory} here; empty when it can. The kind says what it needs. */
    public Optional<String> absentBecause(HostMemoryKind memory) {
        return switch (memory.kernelAccess()) {
            case UNIFIED_ADDRESSING -> unifiedAddressing ? Optional.empty()
                    : Optional.of(memory.label() + " memory has no kernel rows: this device has no unified addressing"
                            + " (cudaDevAttrUnifiedAddressing is 0), so a kernel cannot use the host address");
            case REGISTERED_HOST_POINTER -> unifiedAddressing && registeredHostPointer ? Optional.empty()
                    : Optional.of(memory.label() + " memory has no kernel rows: this device does not let a kernel use the host"
                            + " address of memory page-locked by cudaHostRegister"
                            + " (cudaDevAttrCanUseHostPointerForRegisteredMem is 0)");
            case PAGEABLE_MEMORY_ACCESS -> pageableMemoryAccess ? Optional.empty()
                    : Optional.of(memory.label() + " memory has no kernel rows: this device does not report"
                            + " cudaDevAttrPageableMemoryAccess, so a kernel cannot read malloc'd host memory"
                            + " (that needs HMM or ATS); use pinned, registered or write-combined");
            case NEVER -> Optional.of(memory.label() + " memory has no kernel rows: a Java array may move during"
                    + " garbage collection, and the JVM holds it still only for the length of one call, not for a"
                    + " kernel's run");
        };
    }

    /**
     * The host configurations of {@code plan} that its grid paths (the copy kernel, the TMA copy)
     * cannot run here, each waived with its memory kind's reason and named as its row would be: the
     * h2d and d2h rows in each of {@code grids}, and the kernel's bidir rows in their grids. A run
     * that leaves them out says which and why in the document and in JUnit, as for every
     * configuration it does not measure. Paths in {@code absent} (not on this device at all) have
     * waived their configurations already.
     */
    public List<Waiver> waivers(BandwidthPlan plan, List<Integer> grids, Set<CopyPath> absent) {
        List<Waiver> out = new ArrayList<>();
        for (long size : plan.sizes()) {
            for (HostMemoryKind memory : plan.memories()) {
                Optional<String> why = absentBecause(memory);
                if (why.isEmpty()) {
                    continue;
                }
                for (CopyPath path : plan.pathsFor(memory)) {
                    if (!path.launchesGrid() || absent.contains(path)) {
                        continue;
                    }
                    for (CopyDirection d : plan.directions()) {
                        if (d == CopyDirection.H2D || d == CopyDirection.D2H) {
                            for (int g : grids) {
                                out.add(new Waiver(ConfigurationLabel.of(memory, path, Optional.of(path.grid(g)),
                                        d.label(), size).text(), why.get()));
                            }
                        }
                    }
                    if (plan.directions().contains(CopyDirection.BIDIR) && plan.bidirPathsFor(memory).contains(path)) {
                        // As HostRoundTrips launches them: one vector per thread has one grid by size.
                        List<LaunchShape> shapes = plan.kernelTiming().bidir() == KernelTiming.Bidir.ONE_VECTOR
                                ? List.of(LaunchShape.oneVectorFor(size)) : grids.stream().map(path::grid).toList();
                        for (LaunchShape shape : shapes) {
                            out.add(new Waiver(ConfigurationLabel.of(memory, path, Optional.of(shape), "bidir", size).text(),
                                    why.get()));
                        }
                    }
                }
            }
        }
        return out;
    }
}
