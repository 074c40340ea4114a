package dev.xfer.app.bandwidth;

/**
 * Why Confidential Computing waives a copy path, as {@link ConfidentialComputingRules} says it:
 * over host memory, and for its d2d rows, which go with it because the engine runs one set of paths
 * for every direction.
 *
 * @param hostCopies why its host configurations are waived
 * @param deviceCopies why its d2d configurations are waived beside host directions
 */
public record ConfidentialComputingRefusal(String hostCopies, String deviceCopies) {
}
