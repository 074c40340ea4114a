package dev.xfer.app.result;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Any disturbance xfer can write binds back to the same record, evidence and all. */
class DisturbanceBindingPropertiesTest {
    private final RecordBinder binder = new RecordBinder();

    private static Arbitrary<String> text() {
        return Arbitraries.strings().ofMaxLength(12);
    }

    // Finite, as the rules round them.
    private static Arbitrary<Double> figures() {
        return Arbitraries.doubles().between(0, 1e6).ofScale(2);
    }

    private static Arbitrary<Disturbance.LinkRetrained.Link> links() {
        return Combinators.combine(Arbitraries.integers().between(1, 6), Arbitraries.integers().between(1, 32))
                .as(Disturbance.LinkRetrained.Link::new);
    }

    @Provide
    Arbitrary<Disturbance> disturbances() {
        Arbitrary<Disturbance> traffic = Combinators.combine(text(), Arbitraries.of("rx", "tx"), text(), figures(),
                figures(), figures(), figures(), figures()).as((detail, direction, during, ms, counter, own, foreign, threshold) ->
                new Disturbance.ForeignLinkTraffic(detail, new Disturbance.ForeignLinkTraffic.Evidence(direction, during,
                        ms, counter, own, foreign, threshold)));
        Arbitrary<Disturbance> process = Combinators.combine(text(), Arbitraries.longs().between(0, 1L << 40),
                text().optional()).as((detail, pid, name) ->
                new Disturbance.ForeignProcess(detail, new Disturbance.ForeignProcess.Evidence(pid, name)));
        Arbitrary<Disturbance> throttle = Combinators.combine(text(), text().list().ofMaxSize(3),
                text().list().ofMinSize(1).ofMaxSize(3), Arbitraries.integers().between(0, 5000).optional())
                .as((detail, reasons, phases, clock) -> new Disturbance.Throttle(detail, new Disturbance.Throttle.Evidence(
                        reasons, phases, clock.map(OptionalInt::of).orElse(OptionalInt.empty()))));
        Arbitrary<Disturbance> retrained = Combinators.combine(text(), links(), links(), text()).as((detail, from, to, when) ->
                new Disturbance.LinkRetrained(detail, new Disturbance.LinkRetrained.Evidence(from, to, when)));
        Arbitrary<Disturbance> replays = Combinators.combine(text(), Arbitraries.longs().between(1, Long.MAX_VALUE),
                text().list().ofMinSize(1).ofMaxSize(3)).as((detail, count, phases) ->
                new Disturbance.LinkReplays(detail, new Disturbance.LinkReplays.Evidence(count, phases)));
        return Arbitraries.oneOf(traffic, process, throttle, retrained, replays);
    }

    @Property
    void writtenThenBoundIsTheSameDisturbance(@ForAll("disturbances") Disturbance d) {
        assertEquals(d, binder.read(Json.write(d), Disturbance.class));
    }

    @Property
    void theTagWrittenIsTheKindsLabel(@ForAll("disturbances") Disturbance d) {
        assertEquals(d.kind().label(), d.getClass().getAnnotation(JsonTypeName.class).value());
        assertEquals(Disturbance.Kind.values().length, Disturbance.class.getPermittedSubclasses().length);
    }
}
