package dev.xfer.app.verdict;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exact Mann-Whitney p-values against values counted by hand (C(2n, n) equally likely splits). */
class MannWhitneyUTest {
    @Test
    void completeSeparationGivesTheSmallestPTheSizesAllow() {
        // 2 of C(6,3) = 20 splits are as extreme: p = 0.1, which 3 runs a side can never go below.
        MannWhitneyU.Outcome three = MannWhitneyU.test(new double[] {55, 55.1, 55.2}, new double[] {44, 44.1, 44.2});
        assertEquals(0.1, three.p(), 1e-12);
        assertEquals(0.1, three.smallestP(), 1e-12);
        // 2 of C(10,5) = 252.
        MannWhitneyU.Outcome five = MannWhitneyU.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertEquals(2.0 / 252, five.p(), 1e-12);
        assertEquals(2.0 / 70, MannWhitneyU.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}).smallestP(), 1e-12);
    }

    @Test
    void interleavedSamplesAreNotSignificant() {
        MannWhitneyU.Outcome same = MannWhitneyU.test(new double[] {1, 4, 5, 8, 9}, new double[] {2, 3, 6, 7, 10});
        assertTrue(same.p() > 0.5, "p " + same.p());
        assertEquals(1.0, MannWhitneyU.test(new double[] {1, 2}, new double[] {1, 2}).p(), 1e-12);
    }

    @Test
    void tiesShareTheirMeanRankAndAreCountedExactly() {
        assertArrayEquals(new int[] {3, 3, 6, 8}, MannWhitneyU.doubledMidRanks(new double[] {1, 1, 3, 4}));
        // All equal: every split has the same rank sum, nothing is evidence of a change.
        assertEquals(1.0, MannWhitneyU.test(new double[] {5, 5, 5}, new double[] {5, 5, 5}).p(), 1e-12);
    }

    @Test
    void manyRunsUseTheNormalApproximationCloseToTheExactValue() {
        double[] a = new double[31];
        double[] b = new double[31];
        for (int i = 0; i < 31; i++) {
            a[i] = i * 2;
            b[i] = i * 2 + 1.5;
        }
        MannWhitneyU.Outcome approx = MannWhitneyU.test(a, b);
        assertTrue(approx.p() > 0.3 && approx.p() < 0.9, "p " + approx.p());
        assertTrue(MannWhitneyU.upperTail(1.959964) > 0.0249 && MannWhitneyU.upperTail(1.959964) < 0.0251);
    }
}
