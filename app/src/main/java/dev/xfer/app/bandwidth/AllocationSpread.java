package dev.xfer.app.bandwidth;

import java.util.List;

/**
 * The median rate of one configuration on each of several separately allocated host buffers
 * ({@code --allocations}). Each new allocation of page-locked memory can land on slower memory
 * (on a lent H100, 256 MiB from {@code cudaMallocHost} measured 45.9 to 54.8 GB/s across 8
 * processes), so the best of them is what the link can do, and best against worst is how much
 * host-memory placement moved the result in this run.
 *
 * @param medians each allocation's median rate in GB/s, in the order measured
 */
public record AllocationSpread(List<Double> medians) {
    public AllocationSpread {
        medians = List.copyOf(medians);
        if (medians.isEmpty()) {
            throw new IllegalArgumentException("an allocation spread needs at least one allocation");
        }
    }

    public int count() {
        return medians.size();
    }

    /** The highest per-allocation median, GB/s. */
    public double best() {
        return medians.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** The lowest per-allocation median, GB/s. */
    public double worst() {
        return medians.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /** Worst below best as a percentage of best: 0 when every allocation measured the same. */
    public double spreadPercent() {
        double best = best();
        return best > 0 ? (best - worst()) / best * 100 : 0;
    }

    /** The position of the best allocation, for taking its samples as the configuration's. */
    public int bestIndex() {
        int index = 0;
        for (int i = 1; i < medians.size(); i++) {
            if (medians.get(i) > medians.get(index)) {
                index = i;
            }
        }
        return index;
    }
}
