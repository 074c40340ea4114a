package dev.xfer.app.fleet;

import dev.xfer.app.fleet.FleetFixtures.Gpu;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Any fleet or compare document xfer writes binds back to records that write the same bytes. The
 * one exception is the binder's documented one: a z-score of -0.0 (a GPU exactly at the median of
 * a lower-is-better result) binds as 0.0, since a decimal has no negative zero.
 */
class FleetCompareRoundTripPropertiesTest {
    private final RecordBinder binder = new RecordBinder();

    @Provide
    Arbitrary<List<Double>> speeds() {
        return Arbitraries.doubles().between(1, 2000).list().ofMinSize(1).ofMaxSize(14);
    }

    private static List<Gpu> gpus(List<Double> speeds, String prefix) {
        List<Gpu> gpus = new ArrayList<>();
        for (int i = 0; i < speeds.size(); i++) {
            // Two models, a few GPUs a node: groups of one, two and many.
            gpus.add(new Gpu(prefix + (i / 3), i % 4 == 3 ? "NVIDIA H100 PCIe" : "NVIDIA H200", i % 3, speeds.get(i),
                    speeds.get(i) * 0.97, 16));
        }
        return gpus;
    }

    @Property(tries = 100)
    void anyFleetDocumentBindsBack(@ForAll("speeds") List<Double> speeds) {
        var report = new FleetAnalysis(FleetRule.standard(), FleetFixtures.FLOORS).analyse(FleetFixtures.runs(gpus(speeds, "n")));
        String written = FleetText.json(report);
        FleetDocument read = binder.read(written, FleetDocument.class);
        assertEquals(written, Json.write(read));
        assertEquals(report.passed(), read.passed());
    }

    @Property(tries = 100)
    void anyCompareDocumentBindsBack(@ForAll("speeds") List<Double> baseline, @ForAll("speeds") List<Double> current,
                                     @ForAll @DoubleRange(min = 0, max = 0.5) double threshold) {
        var report = new CompareAnalysis(FleetFixtures.FLOORS, threshold, false)
                .compare(FleetFixtures.judged(gpus(baseline, "n")), FleetFixtures.judged(gpus(current, "n")));
        String written = CompareText.json(report, threshold);
        CompareDocument read = binder.read(written, CompareDocument.class);
        assertEquals(CompareDocument.of(report, threshold), read);
        assertEquals(written, Json.write(read));
    }
}
