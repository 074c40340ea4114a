package dev.xfer.app.evidence;

/** The PCIe link as it runs now (NVML's GetCurrPcieLinkGeneration and GetCurrPcieLinkWidth). */
public record LinkState(int generation, int width) {
    @Override
    public String toString() {
        return "Gen" + generation + " x" + width;
    }
}
