package dev.xfer.app.smoke;

import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.check.CheckResults;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.GeneratedFigures;
import dev.xfer.app.output.GeneratedReports;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.overlap.OverlapResults;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Any smoke document binds back, through {@link SmokeDocument#read}, to an equal record, and the
 * gates ({@link SmokeDocument#results}) read a result for each of its figures: generated
 * bandwidth, overlap (schedules without a figure among them) and check results go through
 * {@link SmokeDocument#device} and {@link SmokeDocument#of}, the calls smoke makes.
 */
class SmokeDocumentBindsBackPropertiesTest {

    /** One device's engines' results, and whether it passed. */
    record Measured(BandwidthResults bandwidth, OverlapResults overlap, CheckResults check, boolean passed,
                    SmokeTimes times) {
    }

    @Property
    void aSmokeDocumentBindsBack(@ForAll("devices") List<Measured> devices, @ForAll boolean concurrent) {
        List<SmokeDocument.Device> written = devices.stream().map(m -> SmokeDocument.device(ResultsFixtures.context(),
                m.bandwidth(), m.overlap(), m.check(), List.<RunResults>of(m.bandwidth().runResults(OptionalDouble.of(63)),
                        m.overlap().runResults(), m.check().runResults()), List.of(), m.passed(), m.times())).toList();
        SmokeDocument.Run run = SmokeDocument.of(written, devices.stream().allMatch(Measured::passed),
                new SmokeDocument.SmokeRun("quick", concurrent, 12.5, OptionalDouble.of(13.25)));
        String text = Json.write(run);
        SmokeDocument.Written read = SmokeDocument.read(text);
        assertEquals(run, read, text);
        long results = SmokeDocument.results(Path.of("smoke.json"), read).stream()
                .mapToLong(g -> g.results().size()).sum();
        long summaries = dev.xfer.app.output.BindsBack.summaries(JsonMaps.parse(text));
        assertTrue(results >= summaries, results + " results for " + summaries + " summaries in\n" + text);
    }

    @Provide
    Arbitrary<List<Measured>> devices() {
        Arbitrary<SmokeTimes> times = Combinators.combine(GeneratedFigures.figures(), GeneratedFigures.figures(),
                GeneratedFigures.figures(), GeneratedFigures.figures(), GeneratedFigures.figures()).as(SmokeTimes::new);
        return Combinators.combine(GeneratedReports.bandwidthReports(), GeneratedReports.overlapReports(),
                GeneratedReports.checkReports(), Arbitraries.of(true, false), times).as(Measured::new)
                .list().ofMinSize(1).ofMaxSize(2);
    }
}
