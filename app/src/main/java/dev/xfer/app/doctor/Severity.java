package dev.xfer.app.doctor;

import dev.xfer.app.format.Labelled;

import java.util.Locale;

/**
 * How much a finding matters, most first. Every severity but {@link #NOTE} explains bandwidth this
 * machine loses (exit 1); a note says how the machine behaves (what pageable memory costs against
 * pinned, which path peer copies take) without anything being wrong with it.
 */
public enum Severity implements Labelled {
    /** Costs a large share of the link, or makes a path unusable: a lost lane, peer access refused. */
    HIGH,
    /** Costs a measurable share: a smaller payload than both ends support, DMA through an IOMMU. */
    MEDIUM,
    /** Costs some bandwidth in some uses: a power-saving CPU governor. */
    LOW,
    /** Nothing is lost on this machine; what is worth knowing about it. */
    NOTE;

    /** Whether a finding of this severity explains lost bandwidth. */
    public boolean costsBandwidth() {
        return this != NOTE;
    }

    /** {@code high}, {@code medium}, {@code low}, {@code note}. */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
