package dev.xfer.app.sysfs;

import java.util.Optional;

/**
 * Access Control Services of one port (extended capability 0x000D): whether peer-to-peer requests
 * and completions are redirected up to the root complex instead of being routed across the switch.
 *
 * @param offset  where the capability starts in config space
 * @param control the ACS Control register (capability + 6)
 */
public record AcsCapability(int offset, int control) {
    /** ACS Control, from the capability's start. */
    public static final int CONTROL = 0x06;
    private static final int REQUEST_REDIRECT = 1 << 2;
    private static final int COMPLETION_REDIRECT = 1 << 3;
    private static final int EGRESS_CONTROL = 1 << 5;

    /** The function's ACS capability; empty when it has none. */
    public static Optional<AcsCapability> of(PciConfigSpace config) {
        return config.extendedCapability(PciConfigSpace.ACS_EXTENDED_CAPABILITY)
                .map(offset -> new AcsCapability(offset, config.u16(offset + CONTROL)));
    }

    /** P2P Request Redirect: requests between peers go up to the root complex. */
    public boolean requestRedirect() {
        return (control & REQUEST_REDIRECT) != 0;
    }

    /** P2P Completion Redirect. */
    public boolean completionRedirect() {
        return (control & COMPLETION_REDIRECT) != 0;
    }

    /** P2P Egress Control. */
    public boolean egressControl() {
        return (control & EGRESS_CONTROL) != 0;
    }

    /** Whether peer traffic through this port is sent up instead of across. */
    public boolean redirectsPeerTraffic() {
        return requestRedirect() || completionRedirect() || egressControl();
    }

    /** Where ACS Control is, as {@code 0x14e}. */
    public String controlOffset() {
        return "0x" + Integer.toHexString(offset + CONTROL);
    }
}
