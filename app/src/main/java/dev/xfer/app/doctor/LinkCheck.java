package dev.xfer.app.doctor;

import dev.xfer.app.sysfs.PcieLink;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A link below its maximum, from sysfs {@code current_link_*} against {@code max_link_*}. Lanes lost
 * stay lost; a lower generation may be the GPU saving power while idle, so it counts only when the
 * probe's pinned copies, under load, stayed within the slower link's rate.
 */
public final class LinkCheck {
    private LinkCheck() {
    }

    /**
     * @param device          the GPU's sysfs folder, for the evidence
     * @param pinnedH2dGBps   the probe's pinned host-to-device median; empty when nothing was measured
     */
    public static Diagnosis diagnose(Scope scope, String device, Optional<PcieLink> current, Optional<PcieLink> max,
                                     OptionalDouble pinnedH2dGBps) {
        Cause cause = Cause.LINK_BELOW_MAXIMUM;
        if (current.isEmpty() || max.isEmpty()) {
            return Diagnosis.unknown(cause, scope, "sysfs gives no " + (current.isEmpty() ? "current" : "maximum")
                    + " link speed and width (" + device + "/" + (current.isEmpty() ? "current" : "max")
                    + "_link_{speed,width})");
        }
        PcieLink now = current.get();
        PcieLink most = max.get();
        List<Evidence> evidence = List.of(
                new Evidence("current link", Texts.link(now), device + "/current_link_speed, current_link_width"),
                new Evidence("maximum link", Texts.link(most), device + "/max_link_speed, max_link_width"));
        if (now.width() < most.width()) {
            PcieLink atFullSpeed = new PcieLink(most.generation(), now.width());
            double lost = most.theoreticalGBps() - atFullSpeed.theoreticalGBps();
            return Diagnosis.found(new Finding(cause, scope, Severity.HIGH,
                    "the link trained x" + now.width() + " of x" + most.width() + ": "
                            + Texts.gbps(atFullSpeed.theoreticalGBps()) + " of " + Texts.gbps(most.theoreticalGBps())
                            + " per direction at most",
                    evidence, Optional.of(new Cost(lost, Cost.THEORETICAL)),
                    "reseat the GPU or move it to an x" + most.width() + " slot; check risers, cables and the"
                            + " BIOS's lane bifurcation (lspci -vv: LnkSta against LnkCap)"));
        }
        if (now.generation().compareTo(most.generation()) < 0) {
            if (pinnedH2dGBps.isEmpty()) {
                return Diagnosis.found(new Finding(cause, scope, Severity.NOTE,
                        "the link reads Gen" + now.generation().number() + " of Gen" + most.generation().number()
                                + " at rest; GPUs lower the speed while idle, and no copy was measured to see it"
                                + " under load", evidence, Optional.empty(),
                        "run doctor with its probe (without --no-probe) to read the link under load"));
            }
            double pinned = pinnedH2dGBps.getAsDouble();
            List<Evidence> measured = Texts.plus(evidence,
                    new Evidence("pinned h2d median", Texts.gbps(pinned), "doctor's probe (cudaMemcpyAsync, events)"));
            if (pinned > now.theoreticalGBps()) {
                return new Diagnosis.Clear(cause, scope, "Gen" + now.generation().number() + " at rest, faster under"
                        + " load: pinned h2d " + Texts.gbps(pinned) + " is above " + Texts.link(now) + "'s "
                        + Texts.gbps(now.theoreticalGBps()), measured);
            }
            return Diagnosis.found(new Finding(cause, scope, Severity.MEDIUM,
                    "the link runs Gen" + now.generation().number() + " of Gen" + most.generation().number()
                            + ": pinned h2d " + Texts.gbps(pinned) + " stays within " + Texts.link(now) + "'s "
                            + Texts.gbps(now.theoreticalGBps()), measured,
                    Optional.of(new Cost(most.theoreticalGBps() - now.theoreticalGBps(), Cost.THEORETICAL)),
                    "set the slot's PCIe speed to Auto or Gen" + most.generation().number()
                            + " in the BIOS; check risers and retimers (nvidia-smi -q -d PCIE)"));
        }
        return Diagnosis.clear(cause, scope, "at its maximum, " + Texts.link(most), evidence.toArray(Evidence[]::new));
    }
}
