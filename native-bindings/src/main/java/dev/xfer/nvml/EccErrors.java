package dev.xfer.nvml;

/**
 * A GPU's total ECC error counts: volatile since the last driver load, aggregate over its life.
 */
public record EccErrors(long volatileCorrected, long volatileUncorrected,
                        long aggregateCorrected, long aggregateUncorrected) {
}
