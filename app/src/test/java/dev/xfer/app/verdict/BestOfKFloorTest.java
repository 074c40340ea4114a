package dev.xfer.app.verdict;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Best-of-k figures have a kind and a floor of their own, measured from runs that report best-of-k. */
class BestOfKFloorTest {
    private static final Map<String, String> PINNED = Map.of("command", "bandwidth", "memory", "pinned", "direction", "h2d",
            "bytes", Long.toString(64L << 20), "copy", "driver");

    @Test
    void aBestOfKFigureIsItsKindsBestOfKKind() {
        assertEquals(NoiseKind.PINNED_COPY, NoiseKind.of(PINNED, false));
        assertEquals(NoiseKind.PINNED_COPY_BEST_OF_K, NoiseKind.of(PINNED, true));
        assertEquals(NoiseKind.PINNED_COPY, NoiseKind.PINNED_COPY_BEST_OF_K.single());
        assertEquals(NoiseKind.SMALL_COPY, NoiseKind.SMALL_COPY.bestOfK(), "no best-of-k kind of its own: its own floor");
        assertFalse(NoiseKind.SMALL_COPY.isBestOfK());
        assertEquals(NoiseKind.PAGEABLE_COPY, NoiseKind.PAGEABLE_COPY.bestOfK(), "the driver's staging, not placement: one floor");
    }

    @Test
    void theFloorOfBestOfKRunsJudgesThemAndNeverTheSingleOnesFloor() {
        NoiseFloors floors = NoiseFloors.parse("M\tPINNED_COPY\t0.26\nM\tPINNED_COPY_BEST_OF_K\t0.01\nN\tPINNED_COPY_BEST_OF_K\t0.02\n");
        assertEquals(0.01, floors.floor("M", NoiseKind.PINNED_COPY_BEST_OF_K).getAsDouble());
        assertEquals(0.26, floors.floor("M", NoiseKind.PINNED_COPY).getAsDouble());
        assertEquals(0.02, floors.floor("unmeasured", NoiseKind.PINNED_COPY_BEST_OF_K).getAsDouble(), "the worst model's best-of-k floor");
        assertFalse(floors.fallsBack(NoiseKind.PINNED_COPY_BEST_OF_K));
    }

    @Test
    void withNoBestOfKRunsMeasuredItFallsBackToTheSingleAllocationFloorAndSaysSo() {
        NoiseFloors floors = NoiseFloors.parse("M\tPINNED_COPY\t0.03\n");
        assertEquals(0.03, floors.floor("M", NoiseKind.PINNED_COPY_BEST_OF_K).getAsDouble());
        assertTrue(floors.fallsBack(NoiseKind.PINNED_COPY_BEST_OF_K));
        assertFalse(floors.fallsBack(NoiseKind.PINNED_COPY));
    }

    @Test
    void theSameResultAsBestOfKAndAsOneAllocationAreTwoSeries() {
        BetweenRunSpread spread = new BetweenRunSpread();
        for (double v : new double[] {54.6, 54.7, 54.8, 54.9, 55.0}) {
            spread.add("M", "gpu", "pinned.h2d.64MiB.gbps", NoiseKind.PINNED_COPY_BEST_OF_K, v);
            spread.add("M", "gpu", "pinned.h2d.64MiB.gbps", NoiseKind.PINNED_COPY, v * (v > 54.8 ? 1 : 0.8));
        }
        Map<NoiseKind, Double> floors = spread.floors().byModel().get("M");
        assertEquals(0.01, floors.get(NoiseKind.PINNED_COPY_BEST_OF_K), 1e-12, "55.0 / 54.6 - 1 = 0.73%, times 1.25, up to 0.5%");
        assertTrue(floors.get(NoiseKind.PINNED_COPY) > 0.25, floors.toString());
    }
}
