package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.PcieCapability;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * MaxPayload and MaxReadReq from the PCI Express capability's Device Control register, the GPU's
 * against the port above it. A payload below what both ends support sends more packets, each
 * with its header, for the same bytes; a small read request makes host-to-device copies keep more
 * requests in flight.
 */
public final class PayloadCheck {
    /**
     * Bytes of framing, sequence number, header and LCRC around each TLP's payload (a 4-DW header):
     * the model behind the estimated cost.
     */
    static final int TLP_OVERHEAD_BYTES = 24;
    /** Below this a read request is small: Linux's default is 512 B, NVIDIA's drivers set 4096 B. */
    static final int SMALL_READ_REQUEST = 512;

    private PayloadCheck() {
    }

    /**
     * A port's capability and where it was read.
     *
     * @param label  {@code 0000:00:01.0 (root port)}
     * @param config its sysfs {@code config} file
     */
    public record Port(String label, PcieCapability capability, String config) {
    }

    /**
     * @param gpu      the GPU's PCI Express capability, {@link Reading#where()} its {@code config} file
     * @param upstream the port right above the GPU; known-empty when the GPU sits on a root bus
     * @param linkGBps the link's theoretical per-direction rate, for the estimated cost
     */
    public static List<Diagnosis> diagnose(Scope scope, Reading<PcieCapability> gpu, Reading<Optional<Port>> upstream,
                                           OptionalDouble linkGBps) {
        return List.of(payload(scope, gpu, upstream, linkGBps), readRequest(scope, gpu));
    }

    static Diagnosis payload(Scope scope, Reading<PcieCapability> gpu, Reading<Optional<Port>> upstream,
                             OptionalDouble linkGBps) {
        Cause cause = Cause.MAX_PAYLOAD;
        if (gpu instanceof Reading.Unknown<PcieCapability> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        PcieCapability own = ((Reading.Known<PcieCapability>) gpu).value();
        List<Evidence> evidence = new ArrayList<>(List.of(
                new Evidence("GPU MaxPayload", own.maxPayload() + " B",
                        gpu.where() + " Device Control " + own.deviceControlOffset() + " bits 7:5"),
                new Evidence("GPU MaxPayload supported", own.maxPayloadSupported() + " B",
                        gpu.where() + " Device Capabilities " + own.deviceCapabilitiesOffset() + " bits 2:0")));
        int target = own.maxPayloadSupported();
        switch (upstream) {
            case Reading.Unknown<Optional<Port>> u -> {
                if (own.maxPayload() < own.maxPayloadSupported()) {
                    return Diagnosis.unknown(cause, scope, "GPU MaxPayload " + own.maxPayload() + " B is below its"
                            + " supported " + own.maxPayloadSupported() + " B, and the port above it is unknown: "
                            + u.why());
                }
            }
            case Reading.Known<Optional<Port>> k when k.value().isEmpty() -> {
                if (own.maxPayload() < own.maxPayloadSupported()) {
                    return Diagnosis.unknown(cause, scope, "GPU MaxPayload " + own.maxPayload() + " B is below its"
                            + " supported " + own.maxPayloadSupported() + " B, and no port above it is in sysfs (a"
                            + " root bus, as in a VM) to say whether the platform allows more");
                }
            }
            case Reading.Known<Optional<Port>> k -> {
                Port port = k.value().get();
                PcieCapability theirs = port.capability();
                evidence.add(new Evidence(port.label() + " MaxPayload", theirs.maxPayload() + " B",
                        port.config() + " Device Control " + theirs.deviceControlOffset() + " bits 7:5"));
                evidence.add(new Evidence(port.label() + " MaxPayload supported", theirs.maxPayloadSupported() + " B",
                        port.config() + " Device Capabilities " + theirs.deviceCapabilitiesOffset() + " bits 2:0"));
                target = Math.min(own.maxPayloadSupported(), theirs.maxPayloadSupported());
            }
        }
        if (own.maxPayload() >= target) {
            return new Diagnosis.Clear(cause, scope, "MaxPayload " + own.maxPayload() + " B, the most both ends"
                    + " support", evidence);
        }
        double keeps = efficiency(own.maxPayload()) / efficiency(target);
        Optional<Cost> cost = linkGBps.isPresent()
                ? Optional.of(new Cost(linkGBps.getAsDouble() * (1 - keeps), Cost.ESTIMATED)) : Optional.empty();
        return Diagnosis.found(new Finding(cause, scope, Severity.MEDIUM,
                "MaxPayload " + own.maxPayload() + " B where both ends support " + target + " B: about "
                        + Texts.percent(1 - keeps) + " of the link goes to packet headers (" + TLP_OVERHEAD_BYTES
                        + " B a packet)", evidence, cost,
                "boot with pci=pcie_bus_perf, or set it: setpci -s " + busOf(scope) + " CAP_EXP+08.w="
                        + Texts.hex(Integer.numberOfTrailingZeros(target / 128) << 5) + ":0xe0"));
    }

    static Diagnosis readRequest(Scope scope, Reading<PcieCapability> gpu) {
        Cause cause = Cause.MAX_READ_REQUEST;
        if (gpu instanceof Reading.Unknown<PcieCapability> u) {
            return Diagnosis.unknown(cause, scope, u.why());
        }
        PcieCapability own = ((Reading.Known<PcieCapability>) gpu).value();
        Evidence evidence = new Evidence("GPU MaxReadReq", own.maxReadRequest() + " B",
                gpu.where() + " Device Control " + own.deviceControlOffset() + " bits 14:12");
        if (own.maxReadRequest() >= SMALL_READ_REQUEST) {
            return Diagnosis.clear(cause, scope, "MaxReadReq " + own.maxReadRequest() + " B", evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.LOW,
                "MaxReadReq " + own.maxReadRequest() + " B: host-to-device copies need more read requests in flight"
                        + " to fill the link", List.of(evidence), Optional.empty(),
                "set it to 4096 B: setpci -s " + busOf(scope) + " CAP_EXP+08.w=0x5000:0x7000 (or boot with"
                        + " pci=pcie_bus_perf)"));
    }

    /** The share of the link a TLP with {@code payload} bytes carries as data. */
    static double efficiency(int payload) {
        return payload / (double) (payload + TLP_OVERHEAD_BYTES);
    }

    private static String busOf(Scope scope) {
        String label = scope.label();
        return label.substring(label.lastIndexOf(' ') + 1);
    }
}
