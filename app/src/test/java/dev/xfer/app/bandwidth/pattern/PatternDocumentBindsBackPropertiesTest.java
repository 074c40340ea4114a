package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.output.BindsBack;
import dev.xfer.app.output.GeneratedFigures;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.output.RunContext;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;
import java.util.stream.IntStream;

import static dev.xfer.app.output.MultiDeviceFixtures.h200At;

/**
 * Any document of a pattern run binds back to an equal record, and the gates read a result for
 * each of its figures: generated rounds (some not measured, {@code failures} entries) go through
 * {@link PatternRun#document}, the call the run makes.
 */
class PatternDocumentBindsBackPropertiesTest {
    private static final long BYTES = 512L << 20;

    @Property
    void aPatternDocumentBindsBack(@ForAll("plans") List<PatternPlan> plans,
                                   @ForAll("gpus") int gpus, @ForAll("rounds") List<Round> figures,
                                   @ForAll("failures") List<VerificationFailure> failures) {
        List<Integer> indices = IntStream.range(0, gpus).boxed().toList();
        List<RunContext> contexts = indices.stream()
                .map(i -> ResultsFixtures.context(h200At(i, 0x17 + 0x20 * i, i % 2))).toList();
        List<PatternResult> results = new java.util.ArrayList<>();
        int k = 0;
        for (PatternPlan plan : plans) {
            for (int gpu : indices) {
                Round r = figures.get(k++ % figures.size());
                results.add(new PatternResult(plan.form(), PatternResult.direction(plan), plan.path(), plan.bytes(), gpu,
                        indices.stream().filter(i -> i != gpu).toList(), r.copies(), r.gbps(), r.aggregate(),
                        r.verified()));
            }
        }
        BindsBack.assertBindsBack("bandwidth", PatternRun.document(contexts, indices, plans,
                ResultsFixtures.bandwidthPlan(), results, failures));
    }

    /** One round's figures, as the engine gives them (either may be not measured). */
    record Round(int copies, dev.xfer.app.stats.Summarized gbps, dev.xfer.app.stats.Summarized aggregate,
                 boolean verified) {
    }

    @Provide
    Arbitrary<List<PatternPlan>> plans() {
        Arbitrary<PatternPlan> plan = Combinators.combine(Arbitraries.of(TrafficPattern.values()),
                        Arbitraries.of(true, false), Arbitraries.of(Initiation.values()),
                        Arbitraries.of(CopyPath.DRIVER, CopyPath.KERNEL))
                .as((pattern, bidirectional, initiation, path) -> new PatternPlan(pattern,
                        bidirectional && pattern.involvesHost(), initiation, path, BYTES));
        return plan.list().ofMinSize(1).ofMaxSize(4).uniqueElements(p -> List.of(p.form(), p.path()));
    }

    @Provide
    Arbitrary<Integer> gpus() {
        return Arbitraries.integers().between(2, 4);
    }

    @Provide
    Arbitrary<List<Round>> rounds() {
        return Combinators.combine(Arbitraries.integers().between(1, 8), GeneratedFigures.summarizedRates(),
                GeneratedFigures.summarizedRates(), Arbitraries.of(true, false)).as(Round::new).list().ofMinSize(1).ofMaxSize(8);
    }

    @Provide
    Arbitrary<List<VerificationFailure>> failures() {
        return Combinators.combine(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20),
                Arbitraries.longs().between(0, BYTES), Arbitraries.bytes(), Arbitraries.bytes())
                .as(VerificationFailure::new).list().ofMaxSize(2);
    }
}
