package dev.xfer.app.sysfs;

import java.util.Optional;

/**
 * What the PCI Express capability of one function says about its packet sizes.
 *
 * @param offset              where the capability starts in config space
 * @param portType            the Device/Port Type field (capability register bits 7:4): 0 endpoint,
 *                            4 root port, 5 switch upstream port, 6 switch downstream port, ...
 * @param maxPayloadSupported bytes, from Device Capabilities bits 2:0 (128 &lt;&lt; n)
 * @param maxPayload          bytes, from Device Control bits 7:5: the largest TLP payload the function sends
 * @param maxReadRequest      bytes, from Device Control bits 14:12: the largest read the function requests
 */
public record PcieCapability(int offset, int portType, int maxPayloadSupported, int maxPayload, int maxReadRequest) {
    /** Device Capabilities, from the capability's start. */
    public static final int DEVICE_CAPABILITIES = 0x04;
    /** Device Control, from the capability's start. */
    public static final int DEVICE_CONTROL = 0x08;

    /** The function's PCI Express capability; empty when it has none (a conventional PCI function). */
    public static Optional<PcieCapability> of(PciConfigSpace config) {
        return config.capability(PciConfigSpace.PCI_EXPRESS_CAPABILITY).map(offset -> {
            long deviceCapabilities = config.u32(offset + DEVICE_CAPABILITIES);
            int deviceControl = config.u16(offset + DEVICE_CONTROL);
            return new PcieCapability(offset, (config.u16(offset + 2) >> 4) & 0xf,
                    128 << (int) (deviceCapabilities & 0x7), 128 << ((deviceControl >> 5) & 0x7),
                    128 << ((deviceControl >> 12) & 0x7));
        });
    }

    /** Where Device Control is, as {@code 0x68}. */
    public String deviceControlOffset() {
        return "0x" + Integer.toHexString(offset + DEVICE_CONTROL);
    }

    /** Where Device Capabilities is, as {@code 0x64}. */
    public String deviceCapabilitiesOffset() {
        return "0x" + Integer.toHexString(offset + DEVICE_CAPABILITIES);
    }

    /** The port type as the specification names it. */
    public String portTypeName() {
        return switch (portType) {
            case 0 -> "endpoint";
            case 1 -> "legacy endpoint";
            case 4 -> "root port";
            case 5 -> "switch upstream port";
            case 6 -> "switch downstream port";
            case 7 -> "PCIe-to-PCI bridge";
            case 8 -> "PCI-to-PCIe bridge";
            case 9 -> "root complex integrated endpoint";
            case 10 -> "root complex event collector";
            default -> "port type " + portType;
        };
    }
}
