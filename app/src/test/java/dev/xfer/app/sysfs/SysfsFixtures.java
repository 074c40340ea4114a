package dev.xfer.app.sysfs;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/**
 * Locates the fixture sysfs trees under {@code src/test/resources/sysfs/<case>}. Public so that tests
 * of other packages (the {@code topo} command's) read the same trees.
 */
public final class SysfsFixtures {
    public static final String SINGLE_NODE_GEN5 = "single-node-gen5";
    public static final String TWO_NODE_DEGRADED = "two-node-degraded";
    public static final String FOUR_NODE_TWO_GPUS = "four-node-two-gpus";
    public static final String UNKNOWN_LINK = "unknown-link";
    public static final String MALFORMED = "malformed";
    /** Taken from a cloud VM with one H200 passed through: full link, but no NUMA affinity. */
    public static final String VM_GUEST_GEN5 = "vm-guest-gen5";
    /**
     * An H100 VM's GPU as root reads it (2026-11-27): its config space (4096 bytes), link, THP
     * setting; no IOMMU group, no cpufreq (the VM has neither), one NUMA node, numa_node -1.
     */
    public static final String H100_VM_ROOT = "h100-vm-root";
    /** A desktop: one node, an NVIDIA GPU of class VGA with its HDMI audio function, Intel graphics. */
    public static final String WORKSTATION_VGA = "workstation-vga";

    private SysfsFixtures() {
    }

    /** The root of a fixture tree, standing in for {@code /sys}. */
    public static Path root(String fixtureCase) {
        URL url = SysfsFixtures.class.getResource("/sysfs/" + fixtureCase);
        if (url == null) {
            throw new IllegalArgumentException("no sysfs fixture named " + fixtureCase);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
