package dev.xfer.app.sysfs;

/**
 * A PCIe link: its generation and how many lanes it uses.
 *
 * @param generation the signalling generation
 * @param width      the number of lanes, 1 to 32
 */
public record PcieLink(PcieGeneration generation, int width) {
    /** The widest link the PCIe specification defines. */
    public static final int MAX_WIDTH = 32;

    public PcieLink {
        if (generation == null) {
            throw new IllegalArgumentException("generation is required");
        }
        if (width < 1 || width > MAX_WIDTH) {
            throw new IllegalArgumentException("PCIe link width must be 1 to " + MAX_WIDTH + ", got " + width);
        }
    }

    /**
     * Theoretical bandwidth of the link in one direction, in GB/s (10^9 bytes per second): lanes
     * times per-lane rate after encoding. Real transfers stay below this because of TLP headers,
     * flow control and the limits of the devices at each end.
     */
    public double theoreticalGBps() {
        return width * generation.perLaneGBps();
    }

    /** As people write it, for example {@code PCIe Gen5 x16}. */
    @Override
    public String toString() {
        return "PCIe Gen" + generation.number() + " x" + width;
    }
}
