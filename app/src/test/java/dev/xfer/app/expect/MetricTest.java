package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class MetricTest {

    @Test
    void declaresWhatItIs() {
        assertEquals(MetricDeclaration.overLink("pinned.h2d.16MiB"),
                Metric.overLink("pinned.h2d.16MiB", 54.5, 63.0).declaration());
        assertEquals(MetricDeclaration.of("pinned.d2d.16MiB", MetricUnit.GBPS),
                Metric.of("pinned.d2d.16MiB", 700, MetricUnit.GBPS).declaration());
        assertEquals(new MetricDeclaration("overlap.v1.speedup", MetricUnit.RATIO, false),
                Metric.of("overlap.v1.speedup", 1.8, MetricUnit.RATIO).declaration());
    }

    @Test
    void aMeasurementThatGaveNoNumberIsStillAResult() {
        assertEquals(Double.NaN, Metric.of("pinned.h2d.16MiB", Double.NaN, MetricUnit.GBPS).value());
    }

    @Test
    void onlyBandwidthsHaveALinkRate() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Metric("overlap.v1.ms", 3, MetricUnit.MILLISECONDS, OptionalDouble.of(63)));
        assertEquals("result overlap.v1.ms is a time in ms; only bandwidths in GB/s have a link rate", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new MetricDeclaration("overlap.v1.speedup", MetricUnit.RATIO, true));
    }

    @Test
    void aLinkRateIsFiniteAndPositive() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Metric.overLink("pinned.h2d.16MiB", 50, bad));
            assertEquals("result pinned.h2d.16MiB: the link rate must be finite and greater than zero, got " + bad,
                    e.getMessage());
        }
    }

    @Test
    void namesMustBeCanonical() {
        assertThrows(IllegalArgumentException.class, () -> Metric.of("pinned.h2d.16384KiB", 1, MetricUnit.GBPS));
        assertThrows(IllegalArgumentException.class, () -> Metric.of("Pinned", 1, MetricUnit.GBPS));
        assertThrows(IllegalArgumentException.class, () -> MetricDeclaration.of("pinned.h2d.1024B", MetricUnit.GBPS));
        assertThrows(NullPointerException.class, () -> Metric.of(null, 1, MetricUnit.GBPS));
        assertThrows(NullPointerException.class, () -> Metric.of("a", 1, null));
    }
}
