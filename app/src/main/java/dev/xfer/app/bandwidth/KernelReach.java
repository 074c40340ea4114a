package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;

import java.util.Optional;

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
}
