package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpectationParseTest {

    @Test
    void readsTheExamplesOfTheIssue() {
        assertEquals(new Expectation("pinned.h2d.16MiB", Relation.AT_LEAST, 45, BoundUnit.GBPS),
                Expectation.parse("pinned.h2d.16MiB >= 45GB/s"));
        assertEquals(new Expectation("pinned.d2h", Relation.AT_LEAST, 80, BoundUnit.PERCENT_LINK),
                Expectation.parse("pinned.d2h >= 80%link"));
        assertEquals(new Expectation("overlap.v1.speedup", Relation.AT_LEAST, 1.5, BoundUnit.NONE),
                Expectation.parse("overlap.v1.speedup >= 1.5"));
        assertEquals(new Expectation("check.synchronized.wrong", Relation.EQUAL, 0, BoundUnit.NONE),
                Expectation.parse("check.synchronized.wrong == 0"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a>1                        | a > 1",
            "a >= 1                     | a >= 1",
            "'  a<=1  '                 | a <= 1",
            "a < 1                      | a < 1",
            "a==1                       | a == 1",
            "a != 1                     | a != 1",
            "'a\t>=\t2'                 | a >= 2",
            "a >= 45GB/s                | a >= 45GB/s",
            "a >= 45 GB/s               | a >= 45GB/s",
            "a >= 45000MB/s             | a >= 45000MB/s",
            "a >= 80%link               | a >= 80%link",
            "a >= 1.5x                  | a >= 1.5x",
            "a <= 12.5ms                | a <= 12.5ms",
            "a <= 250us                 | a <= 250us",
            "a <= 250\u00b5s            | a <= 250us",
            "a <= 250\u03bcs            | a <= 250us",
            "a <= 1e-6                  | a <= 1e-6",
            "a <= 0.0001                | a <= 0.0001",
            "a <= 1E-7                  | a <= 1e-7",
            "a <= 2.5e+20               | a <= 2.5e20",
            "a <= 1e15                  | a <= 1e15",
            "a <= 1e14                  | a <= 100000000000000",
            "a >= 45.000                | a >= 45",
            "a >= +3                    | a >= 3",
            "a >= -3                    | a >= -3",
            "a >= -0                    | a >= 0",
            "a >= 007                   | a >= 7",
            "pinned.h2d.16MiB >= 1      | pinned.h2d.16MiB >= 1",
            "pinned.h2d.16384KiB >= 1   | pinned.h2d.16MiB >= 1",
            "pinned.h2d.1.5MiB >= 1     | pinned.h2d.1.5MiB >= 1",
            "pinned.h2d.4097B >= 1      | pinned.h2d.4097B >= 1",
            "pinned.h2d.1024B >= 1      | pinned.h2d.1KiB >= 1",
            "write-combined.bidir-h2d.4KiB >= 1 | write-combined.bidir-h2d.4KiB >= 1",
    })
    void readsAndWritesTheCanonicalForm(String text, String canonical) {
        assertEquals(canonical, Expectation.parse(text).toString());
    }

    @Test
    void minusZeroIsTheSameBoundAsZero() {
        assertEquals(Expectation.parse("a == 0"), Expectation.parse("a == -0"));
        assertEquals(Expectation.parse("a == 0"), new Expectation("a", Relation.EQUAL, -0.0, BoundUnit.NONE));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "pinned.h2d >= fast     | --expect 'pinned.h2d >= fast': 'fast' is not a number",
            "\"\"                     | --expect '': it is empty; expected NAME OP VALUE[UNIT], such as pinned.h2d >= 20GB/s",
            "\"   \"                  | --expect '   ': it is empty; expected NAME OP VALUE[UNIT], such as pinned.h2d >= 20GB/s",
            "pinned.h2d 45GB/s      | --expect 'pinned.h2d 45GB/s': there is no comparison (use >=, >, <=, <, == or !=)",
            ">= 45GB/s              | --expect '>= 45GB/s': the result name before >= is missing",
            "pinned.h2d =>45        | --expect 'pinned.h2d =>45': '=>' is not a comparison (use >=, >, <=, <, == or !=)",
            "pinned.h2d = 45        | --expect 'pinned.h2d = 45': '=' is not a comparison (use >=, >, <=, <, == or !=)",
            "pinned.h2d >== 45      | --expect 'pinned.h2d >== 45': '>==' is not a comparison (use >=, >, <=, <, == or !=)",
            "pinned.h2d ! 45        | --expect 'pinned.h2d ! 45': '!' is not a comparison (use >=, >, <=, <, == or !=)",
            "pinned.h2d >=          | --expect 'pinned.h2d >=': the value after >= is missing",
            "pinned.h2d >= 45Gb/s   | --expect 'pinned.h2d >= 45Gb/s': unknown unit 'Gb/s' (use GB/s, MB/s, %link, x, ms, us or ns, or no unit)",
            "pinned.h2d >= 45 gb/s  | --expect 'pinned.h2d >= 45 gb/s': unknown unit 'gb/s' (use GB/s, MB/s, %link, x, ms, us or ns, or no unit)",
            "pinned.h2d >= 80%      | --expect 'pinned.h2d >= 80%': unknown unit '%' (use GB/s, MB/s, %link, x, ms, us or ns, or no unit)",
            "pinned.h2d >= 1e       | --expect 'pinned.h2d >= 1e': unknown unit 'e' (use GB/s, MB/s, %link, x, ms, us or ns, or no unit)",
            "pinned.h2d >= 1 2      | --expect 'pinned.h2d >= 1 2': unknown unit '2' (use GB/s, MB/s, %link, x, ms, us or ns, or no unit)",
            "pinned.h2d >= .5       | --expect 'pinned.h2d >= .5': '.5' is not a number",
            "pinned.h2d >= 1e999    | --expect 'pinned.h2d >= 1e999': '1e999' is out of range",
            "pinned.h2d >= NaN      | --expect 'pinned.h2d >= NaN': 'NaN' is not a number",
            "Pinned.h2d >= 1        | --expect 'Pinned.h2d >= 1': 'Pinned.h2d' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
            "pinned..h2d >= 1       | --expect 'pinned..h2d >= 1': 'pinned..h2d' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
            "pinned.h2d. >= 1       | --expect 'pinned.h2d. >= 1': 'pinned.h2d.' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
            "pinned h2d >= 1        | --expect 'pinned h2d >= 1': 'pinned h2d' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
            "pinned.h2d.0B >= 1     | --expect 'pinned.h2d.0B >= 1': 'pinned.h2d.0B' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
            "pinned.h2d.1.5B >= 1   | --expect 'pinned.h2d.1.5B >= 1': 'pinned.h2d.1.5B' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
            "-pinned >= 1           | --expect '-pinned >= 1': '-pinned' is not a result name: result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB",
    })
    void rejectsMalformedTextNamingTheTextAndTheProblem(String text, String message) {
        ExpectationSyntaxException e = assertThrows(ExpectationSyntaxException.class, () -> Expectation.parse(text));
        assertEquals(message, e.getMessage());
        assertEquals(List.of(message), e.problems());
        assertEquals(text, e.text());
    }

    @Test
    void messagesStayOnOneLineWhateverTheInput() {
        ExpectationSyntaxException e = assertThrows(ExpectationSyntaxException.class,
                () -> Expectation.parse("pinned.h2d\n>= 1\u0007"));
        assertEquals("--expect 'pinned.h2d\\n>= 1\\u0007': unknown unit '\\u0007' "
                + "(use GB/s, MB/s, %link, x, ms, us or ns, or no unit)", e.getMessage());
    }

    @Test
    void theRecordRejectsWhatParseCannotProduce() {
        assertThrows(IllegalArgumentException.class,
                () -> new Expectation("pinned.h2d", Relation.AT_LEAST, Double.NaN, BoundUnit.NONE));
        assertThrows(IllegalArgumentException.class,
                () -> new Expectation("pinned.h2d", Relation.AT_LEAST, Double.POSITIVE_INFINITY, BoundUnit.NONE));
        assertThrows(IllegalArgumentException.class,
                () -> new Expectation("pinned.h2d.16384KiB", Relation.AT_LEAST, 1, BoundUnit.NONE));
        assertThrows(IllegalArgumentException.class,
                () -> new Expectation("Pinned", Relation.AT_LEAST, 1, BoundUnit.NONE));
    }
}
