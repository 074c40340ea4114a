package dev.xfer.app.plot;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AxisTest {
    @Test
    void log2AxisFrom4KiBTo4GiBHasSizeLabelsAtPowersOfTwo() {
        Axis x = Axis.log2Bytes(4096, 4L << 30, 100, 600, "transfer size");
        List<String> labels = x.ticks().stream().map(Axis.Tick::label).toList();
        assertEquals("4KiB", labels.getFirst());
        assertEquals("4GiB", labels.getLast());
        assertEquals(11, labels.size(), "21 powers of two, every second one labelled: " + labels);
        assertEquals(100, x.at(4096), 1e-9);
        assertEquals(600, x.at(4L << 30), 1e-9);
        assertEquals(350, x.at(1L << 22), 1e-9, "4MiB is halfway between 4KiB and 4GiB in log2");
        assertTrue(x.title().contains("(bytes, log2 scale)"));
    }

    @Test
    void log2AxisOfOneSizeStillSpans() {
        Axis x = Axis.log2Bytes(16 << 20, 16 << 20, 0, 100, "size");
        assertTrue(x.at(16 << 20) > 0 && x.at(16 << 20) < 100, "the one size is inside the axis");
        assertTrue(x.ticks().size() >= 2);
    }

    @Test
    void linearAxisEndsOnARoundTick() {
        Axis y = Axis.linear(0, 63.0, 400, 40, "bandwidth", "GB/s", 6);
        List<Double> values = y.ticks().stream().map(Axis.Tick::value).toList();
        assertEquals(0.0, values.getFirst());
        assertEquals(70.0, values.getLast(), 1e-9);
        assertEquals(List.of("0", "10", "20", "30", "40", "50", "60", "70"), y.ticks().stream().map(Axis.Tick::label).toList());
        assertEquals(400, y.at(0), 1e-9);
        assertEquals(40, y.at(70), 1e-9);
        assertEquals("bandwidth (GB/s)", y.title());
    }

    @Test
    void linearAxisOfNothingOrNegativesStillDraws() {
        assertTrue(Axis.linear(0, 0, 0, 100, "t", "us", 5).ticks().size() >= 2);
        Axis both = Axis.linear(-40, 25, 0, 100, "d", "%", 8);
        assertTrue(both.ticks().getFirst().value() <= -40 && both.ticks().getLast().value() >= 25);
        assertTrue(both.ticks().stream().anyMatch(t -> t.label().equals("0")));
    }
}
