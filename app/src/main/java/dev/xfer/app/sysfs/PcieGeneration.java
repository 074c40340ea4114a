package dev.xfer.app.sysfs;

import java.util.Optional;

/**
 * A PCIe generation: the raw per-lane transfer rate and the share of it that carries data after
 * line encoding.
 *
 * <p>Generations 1 and 2 use 8b/10b encoding, 3 to 5 use 128b/130b. Generation 6 signals with
 * PAM4 and always runs in FLIT mode, where there is no per-symbol encoding; instead each 256-byte
 * flit carries 236 bytes of TLP and 6 bytes of data-link payload, the rest being CRC and forward
 * error correction. We count those 242 bytes as payload, giving an efficiency of 242/256, which
 * makes the Gen6 figure comparable to the older ones (which also include TLP headers).
 */
public enum PcieGeneration {
    GEN1(1, 2.5, 8.0 / 10.0),
    GEN2(2, 5.0, 8.0 / 10.0),
    GEN3(3, 8.0, 128.0 / 130.0),
    GEN4(4, 16.0, 128.0 / 130.0),
    GEN5(5, 32.0, 128.0 / 130.0),
    GEN6(6, 64.0, 242.0 / 256.0);

    // Sysfs prints rates with one decimal at most, so anything closer than this is the same rate.
    private static final double RATE_TOLERANCE_GTS = 0.01;

    private final int number;
    private final double transferRateGTps;
    private final double encodingEfficiency;

    PcieGeneration(int number, double transferRateGTps, double encodingEfficiency) {
        this.number = number;
        this.transferRateGTps = transferRateGTps;
        this.encodingEfficiency = encodingEfficiency;
    }

    /** The generation's number as the PCIe specification names it: 1 for Gen1 and so on. */
    public int number() {
        return number;
    }

    /** Raw transfer rate of one lane in gigatransfers per second (one bit per transfer and lane). */
    public double transferRateGTps() {
        return transferRateGTps;
    }

    /** Fraction of the raw bit rate that carries data after line encoding (or flit framing for Gen6). */
    public double encodingEfficiency() {
        return encodingEfficiency;
    }

    /** Usable bandwidth of one lane in one direction, in GB/s (10^9 bytes per second). */
    public double perLaneGBps() {
        return transferRateGTps * encodingEfficiency / 8.0;
    }

    /** The generation whose per-lane rate is {@code gts} GT/s, or empty if no generation has that rate. */
    public static Optional<PcieGeneration> fromTransferRate(double gts) {
        for (PcieGeneration generation : values()) {
            if (Math.abs(generation.transferRateGTps - gts) < RATE_TOLERANCE_GTS) {
                return Optional.of(generation);
            }
        }
        return Optional.empty();
    }
}
