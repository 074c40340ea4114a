package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.xfer.app.units.ByteSize;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

class ExpectationPropertiesTest {

    @Property
    void parseReadsBackWhatToStringWrites(@ForAll("expectations") Expectation e) {
        assertEquals(e, Expectation.parse(e.toString()));
    }

    @Property
    void toStringIsAFixedPointOfParse(@ForAll("expectations") Expectation e) {
        String canonical = e.toString();
        assertEquals(canonical, Expectation.parse(canonical).toString());
    }

    @Property
    void whiteSpaceAroundTheOperatorAndTheTextDoesNotMatter(
            @ForAll("expectations") Expectation e,
            @ForAll("blanks") String outerLeft, @ForAll("blanks") String beforeOp,
            @ForAll("blanks") String afterOp, @ForAll("blanks") String beforeUnit,
            @ForAll("blanks") String outerRight) {
        String text = outerLeft + e.name() + beforeOp + e.op().symbol() + afterOp
                + DecimalText.canonical(e.value()) + beforeUnit + e.unit().symbol() + outerRight;
        assertEquals(e, Expectation.parse(text));
    }

    @Property
    void anyDecimalTextReadsAsTheDoubleJavaReads(
            @ForAll("decimals") String decimal, @ForAll("expectations") Expectation e) {
        double value = Double.parseDouble(decimal);
        String text = e.name() + " " + e.op().symbol() + " " + decimal + e.unit().symbol();
        if (Double.isInfinite(value)) {
            return; // out of range; covered by the example tests
        }
        assertEquals(value + 0.0, Expectation.parse(text).value());
    }

    @Property
    void errorsAreOneLineStartingWithTheOptionAndTheText(@ForAll("garbage") String text) {
        try {
            Expectation.parse(text);
        } catch (ExpectationSyntaxException e) {
            assertTrue(e.getMessage().startsWith("--expect '"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    @Provide
    Arbitrary<Expectation> expectations() {
        return Combinators.combine(names(), Arbitraries.of(Relation.class), values(),
                        Arbitraries.of(BoundUnit.class))
                .as(Expectation::new);
    }

    @Provide
    Arbitrary<String> blanks() {
        return Arbitraries.strings().withChars(" \t").ofMaxLength(3);
    }

    @Provide
    Arbitrary<String> decimals() {
        Arbitrary<String> digits = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(20);
        Arbitrary<String> sign = Arbitraries.of("", "+", "-");
        Arbitrary<String> fraction = digits.map(d -> "." + d).injectNull(0.5).map(f -> f == null ? "" : f);
        Arbitrary<String> exponent = Combinators.combine(Arbitraries.of("e", "E"), sign,
                        Arbitraries.integers().between(0, 400))
                .as((e, s, n) -> e + s + n)
                .injectNull(0.5).map(x -> x == null ? "" : x);
        return Combinators.combine(sign, digits, fraction, exponent).as((s, d, f, x) -> s + d + f + x);
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("pinedh2.16MiB<>=! \t\n0123456789eE+-%GB/sx\u0001").ofMaxLength(24);
    }

    private static Arbitrary<String> names() {
        // Words start with a letter here: digits then a size, as in "1.16MiB", would read as one
        // size (MetricNameTest covers that case).
        Arbitrary<String> word = Combinators.combine(
                        Arbitraries.strings().withCharRange('a', 'z').ofLength(1),
                        Arbitraries.strings().withCharRange('a', 'z').withCharRange('0', '9').withChars('-')
                                .ofMaxLength(8))
                .as(String::concat);
        Arbitrary<String> size = Arbitraries.longs().between(1, Long.MAX_VALUE)
                .map(bytes -> ByteSize.ofBytes(bytes).format());
        Arbitrary<String> segment = Arbitraries.frequencyOf(
                Tuple.of(3, word), Tuple.of(1, size),
                Tuple.of(1, sizesWithADot()));
        return segment.list().ofMinSize(1).ofMaxSize(4).map(segments -> String.join(".", segments));
    }

    // Odd multiples of half a KiB, MiB, ...: mostly written as 1.5MiB and the like.
    private static Arbitrary<String> sizesWithADot() {
        return Combinators.combine(Arbitraries.longs().between(0, 1000), Arbitraries.integers().between(1, 4))
                .as((n, power) -> ByteSize.ofBytes((2 * n + 1) << (10 * power - 1)).format());
    }

    private static Arbitrary<Double> values() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().filter(Double::isFinite),
                Arbitraries.doubles().between(-1e6, 1e6).ofScale(3),
                Arbitraries.integers().between(-1000, 1000).map(Integer::doubleValue),
                Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, 1e-7, 1e15, 1e-4));
    }
}
