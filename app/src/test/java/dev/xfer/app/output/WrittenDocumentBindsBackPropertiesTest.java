package dev.xfer.app.output;

import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.format.Json;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.fleet.DocumentReader;
import dev.xfer.app.stats.Summary;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Any bandwidth document xfer writes binds back, through the one strict reader, to the records the
 * run held: each measured result's identity, unit, statistics and check, and each row's own
 * {@code verified} and the recorded failures that the gates judge. Generated result records go
 * through the real writers ({@link OneDeviceRun#document}, {@link Json}) as text.
 */
class WrittenDocumentBindsBackPropertiesTest {
    private static final Path FILE = Path.of("generated.json");

    @Property(tries = 200)
    void aWrittenBandwidthDocumentBindsBackIntoTheRecordsItWasWrittenFrom(@ForAll("reports") BandwidthResults report) {
        GpuDocument written = OneDeviceRun.document(report);
        Object read = dev.xfer.app.documents.MeasuredDocuments.parts("bandwidth").orElseThrow().read(Json.write(written));
        assertEquals(written, read);
    }

    @Property(tries = 200)
    void aWrittenBandwidthDocumentBindsBackToEqualRecords(@ForAll("reports") BandwidthResults report) {
        String text = Json.write(OneDeviceRun.document(report));
        DocumentReader reader = new DocumentReader();
        List<GpuResults> read = reader.results(FILE, text);
        Map<Identity, Result> held = new HashMap<>();
        report.runResults(OptionalDouble.of(63.015)).results().forEach(r -> {
            held.put(r.result().identity(), r.result());
            // The run's --expect records hold each row's rate; its time is the row's own summary, same identity.
            report.results().stream().filter(row -> r.result().identity().equals(rateOf(row, r.result().identity())))
                    .forEach(row -> held.put(r.result().identity().measuring("microseconds"),
                            Result.shown(r.result().identity().measuring("microseconds"),
                                    row.microseconds(), r.result().check())));
        });
        List<Result> back = read.stream().flatMap(g -> g.results().stream()).toList();
        assertEquals(2 * report.results().size(), back.size(), "each row's rate and time, once: " + back);
        for (Result result : back) {
            Result expected = held.get(result.identity());
            assertNotNull(expected, result.identity() + " was not among the run's records: " + held.keySet());
            assertEquals(expected.quantity(), result.quantity());
            assertEquals(expected.summary(), result.summary(), result.identity().name());
            assertEquals(expected.check().state(), result.check().state(), result.identity().name());
        }

        MeasuringDocument status = reader.document(FILE, text);
        assertEquals(report.results().stream().map(r -> Optional.of(r.verified())).toList(),
                status.top().results().rows().stream().map(MeasuringDocument.Row::verified).toList());
        assertEquals(report.failures().size(), status.top().failures().size());
        assertEquals(true, status.top().complete());
    }

    /** {@code identity} when it is the rate of {@code row}, else null. */
    private static Identity rateOf(BandwidthResult row, Identity identity) {
        return identity.measured().equals("gbps") && identity.memory().equals(Optional.of(row.memory().label()))
                && identity.direction().equals(Optional.of(row.direction().label()))
                && identity.bytes().equals(java.util.OptionalLong.of(row.bytes())) ? identity : null;
    }

    @Provide
    Arbitrary<BandwidthResults> reports() {
        Arbitrary<BandwidthResult> row = Combinators.combine(
                Arbitraries.of("pageable", "pinned"), Arbitraries.of("h2d", "d2h"),
                Arbitraries.longs().between(1, 1L << 40), summaries(), summaries(),
                Arbitraries.doubles().between(0, 200).ofScale(6).optional(), Arbitraries.of(true, false))
                .as((memory, direction, bytes, gbps, us, link, verified) -> new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel(memory), dev.xfer.app.bandwidth.RowDirection.fromLabel(direction), bytes,
                        gbps, us, link.map(OptionalDouble::of).orElse(OptionalDouble.empty()), verified,
                        OptionalInt.empty(), Optional.empty()));
        Arbitrary<VerificationFailure> failure = Combinators.combine(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20),
                        Arbitraries.longs().between(0, 1L << 40), Arbitraries.bytes(), Arbitraries.bytes())
                .as(VerificationFailure::new);
        return Combinators.combine(row.list().ofMinSize(1).ofMaxSize(6)
                                .uniqueElements(r -> List.of(r.memory(), r.direction(), r.bytes())),
                        failure.list().ofMaxSize(3))
                .as((rows, failures) -> new BandwidthResults(ResultsFixtures.context(), ResultsFixtures.bandwidthPlan(),
                        rows, failures, List.of()));
    }

    /** A summary of 1 to 30 samples over the range real figures take, from a fraction of a unit to 10^5. */
    private static Arbitrary<Summary> summaries() {
        return Arbitraries.doubles().between(1e-4, 1e5).ofScale(9).array(double[].class).ofMinSize(1).ofMaxSize(30)
                .map(Summary::of);
    }
}
