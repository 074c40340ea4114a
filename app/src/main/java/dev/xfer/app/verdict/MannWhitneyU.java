package dev.xfer.app.verdict;

import java.util.Arrays;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum) of two samples of run results: are the current
 * runs' values drawn from the same distribution as the baseline's? It ranks the values and looks
 * at nothing else, so it assumes no normality, and one wild run moves it by one rank, not by its
 * size. Google Benchmark's {@code compare.py} uses it over repetitions for the same reasons.
 *
 * <p>The p-value is exact: the share of all ways to split the pooled ranks into groups of these
 * sizes whose rank sum is at least as far from its mean as the one seen (ties get mid-ranks,
 * counted exactly). With small samples the smallest p-value the test can give is large: two
 * groups of 3 cannot go below 0.1, of 4 below 0.029, of 5 below 0.008 (two-sided). A caller
 * that gets {@link #smallestP} at or above its significance level must say the runs are too few,
 * not that nothing changed.
 */
public final class MannWhitneyU {
    private MannWhitneyU() {
    }

    /**
     * @param p          two-sided p-value
     * @param smallestP  the smallest p-value samples of these sizes (and ties) could give
     */
    public record Outcome(double p, double smallestP, int baselineRuns, int currentRuns) {
    }

    public static Outcome test(double[] baseline, double[] current) {
        int n1 = baseline.length;
        int n2 = current.length;
        if (n1 == 0 || n2 == 0) {
            throw new IllegalArgumentException("a rank test needs values on both sides");
        }
        int n = n1 + n2;
        double[] pooled = new double[n];
        System.arraycopy(baseline, 0, pooled, 0, n1);
        System.arraycopy(current, 0, pooled, n1, n2);
        int[] doubledRanks = doubledMidRanks(pooled);
        long observed = 0;
        for (int i = 0; i < n1; i++) {
            observed += doubledRanks[i];
        }
        if (n > EXACT_UP_TO) {
            return normal(doubledRanks, observed, n1, n2);
        }
        // Counts of subsets of size n1 by their doubled rank sum: every split is equally likely under the null.
        int total = Arrays.stream(doubledRanks).sum();
        double[][] counts = new double[n1 + 1][total + 1];
        counts[0][0] = 1;
        for (int r : doubledRanks) {
            for (int k = n1; k >= 1; k--) {
                for (int s = total; s >= r; s--) {
                    counts[k][s] += counts[k - 1][s - r];
                }
            }
        }
        double all = 0;
        for (double c : counts[n1]) {
            all += c;
        }
        double mean = (double) n1 * total / n;
        double distance = Math.abs(observed - mean);
        double atLeast = 0;
        double largestDistance = 0;
        for (int s = 0; s <= total; s++) {
            if (counts[n1][s] > 0) {
                largestDistance = Math.max(largestDistance, Math.abs(s - mean));
                if (Math.abs(s - mean) >= distance - 1e-9) {
                    atLeast += counts[n1][s];
                }
            }
        }
        double extreme = 0;
        for (int s = 0; s <= total; s++) {
            if (counts[n1][s] > 0 && Math.abs(s - mean) >= largestDistance - 1e-9) {
                extreme += counts[n1][s];
            }
        }
        return new Outcome(Math.min(1, atLeast / all), Math.min(1, extreme / all), n1, n2);
    }

    /** Up to this many runs in all the exact count is cheap (about n^4 / 4 steps); beyond, the normal approximation is close. */
    static final int EXACT_UP_TO = 60;

    /** The normal approximation with the tie correction, for many runs. */
    private static Outcome normal(int[] doubledRanks, long observedDoubled, int n1, int n2) {
        int n = n1 + n2;
        double w = observedDoubled / 2.0;
        double mean = n1 * (n + 1) / 2.0;
        java.util.Map<Integer, Integer> ties = new java.util.HashMap<>();
        for (int r : doubledRanks) {
            ties.merge(r, 1, Integer::sum);
        }
        double tieTerm = ties.values().stream().mapToDouble(t -> (double) t * t * t - t).sum();
        double variance = n1 * n2 / 12.0 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        double z = variance > 0 ? Math.abs(w - mean) / Math.sqrt(variance) : 0;
        return new Outcome(Math.min(1, 2 * upperTail(z)), 0, n1, n2);
    }

    /** P(Z > z) for a standard normal Z (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
    static double upperTail(double z) {
        double t = 1 / (1 + 0.3275911 * z / Math.sqrt(2));
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        return 0.5 * poly * Math.exp(-z * z / 2);
    }

    /** Ranks 1..n times two, ties sharing their mean rank (which times two is a whole number). */
    static int[] doubledMidRanks(double[] values) {
        int n = values.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        int[] ranks = new int[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            int doubled = (i + 1) + (j + 1);
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = doubled;
            }
            i = j + 1;
        }
        return ranks;
    }
}
