package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DecimalTextTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "0            | 0",
            "-0.0         | 0",
            "45           | 45",
            "45.5         | 45.5",
            "-2           | -2",
            "0.1          | 0.1",
            "0.0001       | 0.0001",
            "0.00001      | 1e-5",
            "1.25e-7      | 1.25e-7",
            "100000000000000 | 100000000000000",
            "1e15         | 1e15",
            "4.5e20       | 4.5e20",
            "-4.5e-20     | -4.5e-20",
            "1.7976931348623157e308 | 1.7976931348623157e308",
            "4.9e-324     | 4.9e-324",
    })
    void canonicalIsShortAndPlainWhereThatIsShort(double value, String text) {
        assertEquals(text, DecimalText.canonical(value));
    }

    @Property
    void canonicalReadsBackExactly(@ForAll("finite") double value) {
        assertEquals(value + 0.0, Double.parseDouble(DecimalText.canonical(value)));
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource(delimiter = '|', value = {
            "54.5213            | >= | 45 | 54.52",
            "79.60000001        | >= | 80 | 79.6",
            "54521.3            | >= | 1  | 54521.3",
            "0.000123456        | <= | 1  | 0.0001235",
            "3                  | == | 0  | 3",
            "1234567            | >= | 0  | 1234567",
            "-2.5               | >= | 0  | -2.5",
            "79.99996           | >= | 80 | 79.99996",
            "80.00004           | <= | 80 | 80.00004",
            "45.00001           | == | 45 | 45.00001",
            "45.00001           | != | 45 | 45.00001",
            "79.99999999999999  | >= | 80 | 79.99999999999999",
            "1.5e-7             | <= | 1e-6 | 1.5e-7",
            "NaN                | >= | 1  | NaN",
            "Infinity           | >= | 1  | Infinity",
            "-Infinity          | >= | 1  | -Infinity",
    })
    void measuredValuesAreShortButNeverHideTheVerdict(double value, String op, double bound, String text) {
        assertEquals(text, DecimalText.measured(value, Relation.fromSymbol(op).orElseThrow(), bound));
    }

    @Property
    void thePrintedMeasurementComparesAsTheMeasurementDoes(
            @ForAll Relation op, @ForAll("finite") double bound, @ForAll("offsets") double offset) {
        double value = bound + offset;
        String printed = DecimalText.measured(value, op, bound);
        assertEquals(op.test(value, bound), op.test(Double.parseDouble(printed), bound), printed);
    }

    @Provide
    Arbitrary<Double> finite() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().filter(Double::isFinite),
                Arbitraries.doubles().between(-1000, 1000),
                Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-4, 1e15));
    }

    @Provide
    Arbitrary<Double> offsets() {
        return Arbitraries.oneOf(
                Arbitraries.of(0.0, 1e-12, -1e-12, 1e-6, -1e-6, 1e-3, -1e-3),
                Arbitraries.doubles().between(-10, 10));
    }
}
