package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.AcsCapability;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * ACS on the bridges above a GPU (extended capability 0x000D, ACS Control): with P2P request or
 * completion redirect (or egress control) on, copies between GPUs under one switch go up to the root
 * complex and back instead of across the switch. It matters only where peers copy.
 */
public final class AcsCheck {
    private AcsCheck() {
    }

    /**
     * One bridge's ACS as read.
     *
     * @param label  {@code 0000:00:01.0}
     * @param acs    its capability; known-empty when the port has none; {@link Reading#where()} its {@code config}
     */
    public record Port(String label, Reading<Optional<AcsCapability>> acs) {
    }

    /**
     * @param bridges the bridges above the GPU, nearest first; empty on a root bus
     * @param peers   whether this machine has another GPU for peer copies
     */
    public static Diagnosis diagnose(Scope scope, List<Port> bridges, boolean peers) {
        Cause cause = Cause.ACS_REDIRECT;
        if (bridges.isEmpty()) {
            return Diagnosis.clear(cause, scope, "no bridge between the GPU and the root complex: nothing to redirect");
        }
        List<Evidence> redirecting = new ArrayList<>();
        List<Evidence> read = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (Port port : bridges) {
            switch (port.acs()) {
                case Reading.Unknown<Optional<AcsCapability>> u -> unknown.add(port.label() + ": " + u.why());
                case Reading.Known<Optional<AcsCapability>> k when k.value().isEmpty() ->
                        read.add(new Evidence(port.label() + " ACS", "absent", k.where()));
                case Reading.Known<Optional<AcsCapability>> k -> {
                    AcsCapability acs = k.value().get();
                    Evidence evidence = new Evidence(port.label() + " ACS Control",
                            Texts.hex(acs.control()) + " (request redirect " + onOff(acs.requestRedirect())
                                    + ", completion redirect " + onOff(acs.completionRedirect()) + ", egress control "
                                    + onOff(acs.egressControl()) + ")",
                            k.where() + " ACS Control " + acs.controlOffset());
                    (acs.redirectsPeerTraffic() ? redirecting : read).add(evidence);
                }
            }
        }
        if (!redirecting.isEmpty()) {
            List<Evidence> evidence = new ArrayList<>(redirecting);
            evidence.addAll(read);
            return Diagnosis.found(new Finding(cause, scope, peers ? Severity.MEDIUM : Severity.NOTE,
                    redirecting.size() + " bridge" + (redirecting.size() == 1 ? "" : "s") + " above the GPU redirect"
                            + " peer traffic to the root complex" + (peers ? "" : " (no other GPU here to copy with)"),
                    evidence, Optional.empty(),
                    "clear the redirect bits on the switch ports (setpci -s PORT ECAP_ACS+06.w=0:0x2c) or turn ACS"
                            + " off in the BIOS; keep it where the GPUs go to separate VMs: it is what isolates them"));
        }
        if (!unknown.isEmpty()) {
            return Diagnosis.unknown(cause, scope, String.join("; ", unknown));
        }
        return new Diagnosis.Clear(cause, scope, "no bridge above the GPU redirects peer traffic", read);
    }

    private static String onOff(boolean on) {
        return on ? "on" : "off";
    }
}
