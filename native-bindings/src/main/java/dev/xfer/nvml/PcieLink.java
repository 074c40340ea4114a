package dev.xfer.nvml;

/**
 * A PCIe link's generation and width (lanes): the one trained now, or the most it can train to.
 * A link that retrains to less mid-run moves fewer bytes for reasons outside the GPU.
 */
public record PcieLink(int generation, int width) {
    @Override
    public String toString() {
        return "Gen" + generation + " x" + width;
    }
}
