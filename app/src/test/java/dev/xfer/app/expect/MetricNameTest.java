package dev.xfer.app.expect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MetricNameTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "pinned.h2d.16MiB           | pinned,h2d,16MiB",
            "pinned.h2d.1.5MiB          | pinned,h2d,1.5MiB",
            "pinned.h2d.16.5MiB         | pinned,h2d,16.5MiB",
            "pinned.h2d.4097B           | pinned,h2d,4097B",
            "write-combined.bidir-d2h.1GB | write-combined,bidir-d2h,1GB",
            "overlap.v1.speedup         | overlap,v1,speedup",
            "check.d2h-nosync.wrong     | check,d2h-nosync,wrong",
            "pinned                     | pinned",
            "1.5.x                      | 1,5,x",
            "pinned.h2d.16mib           | pinned,h2d,16mib",
    })
    void splitsIntoSegmentsReadingSizesWhole(String text, String segments) {
        assertEquals(List.of(segments.split(",")), MetricName.parse(text).segments());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "pinned.h2d.16384KiB | pinned.h2d.16MiB",
            "pinned.h2d.1024B    | pinned.h2d.1KiB",
            "pinned.h2d.1536KiB  | pinned.h2d.1.5MiB",
            "pinned.h2d.0.5KiB   | pinned.h2d.512B",
            "pinned.h2d.1000KB   | pinned.h2d.1MB",
            "pinned.h2d.16MiB    | pinned.h2d.16MiB",
    })
    void writesSizesInByteSizeFormat(String text, String canonical) {
        assertEquals(canonical, MetricName.parse(text).toString());
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"", ".", "pinned.", ".pinned", "pinned..h2d", "Pinned", "pinned.H2D", "pinned h2d",
            "pinned_h2d", "-x", "pinned.-x", "pinned.h2d.0B", "pinned.h2d.1.5B", "pinned.h2d.1.16MiB",
            "pinned.h2d.16MiBx", "pinned.h2d.16XB", "pinn\u00e9d", "a.b\n"})
    void rejectsTextThatIsNoName(String text) {
        assertThrows(IllegalArgumentException.class, () -> MetricName.parse(text));
    }

    @Test
    void resultsMustBeNamedInCanonicalForm() {
        assertEquals("pinned.h2d.16MiB", MetricName.requireCanonical("pinned.h2d.16MiB"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MetricName.requireCanonical("pinned.h2d.16384KiB"));
        assertEquals("result name 'pinned.h2d.16384KiB' must write its sizes as ByteSize.format() does: "
                + "pinned.h2d.16MiB", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MetricName.requireCanonical("pinned..h2d"));
        assertEquals("'pinned..h2d' is not a result name: result names are dot-separated segments of a-z, 0-9 "
                + "and '-', or sizes such as 16MiB", e.getMessage());
    }

    @ParameterizedTest(name = "{0} selects {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "pinned.h2d.16MiB | pinned.h2d.16MiB | true",
            "pinned.h2d       | pinned.h2d.16MiB | true",
            "pinned           | pinned.h2d.16MiB | true",
            "pinned.h2        | pinned.h2d.16MiB | false",
            "pinned.h2d.16    | pinned.h2d.16MiB | false",
            "pinned.h2d.1     | pinned.h2d.1.5MiB | false",
            "pinned.h2d.1.5MiB | pinned.h2d.1.5MiB | true",
            "pinned.h2d.16MiB | pinned.h2d       | false",
            "pinned.h2d.16384KiB | pinned.h2d.16MiB | true",
            "pin              | pinned.h2d.16MiB | false",
            "h2d              | pinned.h2d.16MiB | false",
            "pinned.d2h       | pinned.h2d.16MiB | false",
            "check.synchronized | check.synchronized.wrong | true",
            "check.synchronized | check.d2h-sync.wrong | false",
    })
    void selectsByWholeLeadingSegments(String expectationName, String metricName, boolean selects) {
        assertEquals(selects, Expectation.parse(expectationName + " >= 1").selects(metricName));
        assertEquals(selects, MetricName.parse(metricName).startsWith(MetricName.parse(expectationName)));
    }

    @Test
    void aNameStartsWithItsPrefixes() {
        MetricName name = MetricName.parse("pinned.h2d.16MiB");
        assertTrue(name.startsWith(name.prefix(1)));
        assertTrue(name.startsWith(name.prefix(2)));
        assertEquals("pinned.h2d", name.prefix(2).toString());
        assertFalse(name.prefix(2).startsWith(name));
    }
}
