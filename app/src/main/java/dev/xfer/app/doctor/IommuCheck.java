package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether an IOMMU translates the GPU's DMA, from its sysfs {@code iommu_group/type}: {@code DMA}
 * or {@code DMA-FQ} translate every page of every copy; {@code identity} (passthrough) does not;
 * no group at all means no IOMMU sits in front of the device.
 */
public final class IommuCheck {
    /** What the kernel writes in {@code iommu_group/type} for translated DMA. */
    static final List<String> TRANSLATING = List.of("DMA", "DMA-FQ");

    private IommuCheck() {
    }

    /**
     * @param groupType the group's type; known-empty when the device has no {@code iommu_group}
     */
    public static Diagnosis diagnose(Scope scope, Reading<Optional<String>> groupType) {
        Cause cause = Cause.IOMMU_TRANSLATION;
        if (groupType instanceof Reading.Unknown<Optional<String>> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        Optional<String> type = ((Reading.Known<Optional<String>>) groupType).value();
        if (type.isEmpty()) {
            return Diagnosis.clear(cause, scope, "no IOMMU group: no IOMMU translates this GPU's DMA",
                    new Evidence("iommu_group", "absent", groupType.where()));
        }
        Evidence evidence = new Evidence("IOMMU group type", type.get(), groupType.where());
        if (TRANSLATING.contains(type.get())) {
            return Diagnosis.found(new Finding(cause, scope, Severity.MEDIUM,
                    "the IOMMU translates this GPU's DMA (" + type.get() + "): every copy's pages go through"
                            + " IOTLB lookups and mappings", List.of(evidence), Optional.empty(),
                    "boot with iommu=pt (intel_iommu=on iommu=pt, or amd_iommu=pt) for passthrough; or, with the"
                            + " GPU's driver unbound, echo identity > " + groupDirectory(groupType.where()) + "/type"));
        }
        return switch (type.get().toLowerCase(Locale.ROOT)) {
            case "identity" -> Diagnosis.clear(cause, scope, "IOMMU in passthrough (identity): DMA untranslated",
                    evidence);
            case "unmanaged", "blocked" -> Diagnosis.clear(cause, scope, "IOMMU group " + type.get()
                    + ": owned by VFIO or blocked, not the host's DMA mappings", evidence);
            default -> Diagnosis.unknown(cause, scope, "IOMMU group type '" + type.get() + "' is not one xfer knows ("
                    + groupType.where() + ")");
        };
    }

    private static String groupDirectory(String typeFile) {
        return typeFile.endsWith("/type") ? typeFile.substring(0, typeFile.length() - "/type".length()) : typeFile;
    }
}
