package dev.xfer.nvml;

/**
 * A GPU's SM and memory clocks, current or maximum.
 *
 * @param smMhz     the streaming multiprocessors' clock, MHz
 * @param memoryMhz the memory clock, MHz
 */
public record Clocks(int smMhz, int memoryMhz) {
    @Override
    public String toString() {
        return "SM " + smMhz + " MHz, memory " + memoryMhz + " MHz";
    }
}
