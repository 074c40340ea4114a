package dev.xfer.app.sysfs;

import java.util.Objects;
import java.util.Optional;

/**
 * Whether a PCIe link trained below what the device supports.
 *
 * <p>The two kinds of shortfall mean different things. A narrower link than the device supports
 * (x8 instead of x16) persists until the link retrains and usually means a wrong slot, a riser or
 * a bad contact: the thing a CI smoke run should fail on. A slower generation is often harmless:
 * GPUs drop to Gen1 while idle to save power and speed up under load, so read it while a
 * transfer runs. Either shortfall can also be the platform's limit rather than a fault, because the
 * maximum here is the device's own, not the slot's.
 *
 * @param current the link as trained; empty when unknown
 * @param max     the device's maximum link; empty when unknown
 */
public record LinkHealth(Optional<PcieLink> current, Optional<PcieLink> max) {

    public LinkHealth {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(max, "max");
    }

    /** The health of a device's own link. */
    public static LinkHealth of(PciDeviceInfo device) {
        return new LinkHealth(device.currentLink(), device.maxLink());
    }

    /** Whether both links are known, so that the other answers mean something. */
    public boolean isKnown() {
        return current.isPresent() && max.isPresent();
    }

    /** Whether the link uses fewer lanes than the device supports; false when unknown. */
    public boolean isWidthReduced() {
        return isKnown() && current.get().width() < max.get().width();
    }

    /** Whether the link runs at an older generation than the device supports; false when unknown. */
    public boolean isSpeedReduced() {
        return isKnown() && current.get().generation().compareTo(max.get().generation()) < 0;
    }

    /** Whether the link trained below its maximum in width or speed; false when unknown. */
    public boolean isBelowMaximum() {
        return isWidthReduced() || isSpeedReduced();
    }

    /**
     * One line for people, for example {@code PCIe Gen4 x8, below maximum PCIe Gen4 x16 (width)}.
     */
    public String describe() {
        if (current.isEmpty()) {
            return "PCIe link unknown" + max.map(link -> ", maximum " + link).orElse("");
        }
        if (max.isEmpty()) {
            return current.get() + ", maximum unknown";
        }
        if (!isBelowMaximum()) {
            return current.get() + ", at maximum";
        }
        String shortfall = isWidthReduced() && isSpeedReduced() ? "width and speed"
            : isWidthReduced() ? "width" : "speed";
        return current.get() + ", below maximum " + max.get() + " (" + shortfall + ")";
    }
}
