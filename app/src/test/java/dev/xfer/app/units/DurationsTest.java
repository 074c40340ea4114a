package dev.xfer.app.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationsTest {

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource(delimiter = '|', value = {
            "500ms     | 500000000",
            "30s       | 30000000000",
            "5m        | 300000000000",
            "1h        | 3600000000000",
            "1.5s      | 1500000000",
            "0.25h     | 900000000000",
            "250us     | 250000",
            "250µs     | 250000",
            "250μs     | 250000",
            "7ns       | 7",
            "1.5MS     | 1500000",
            "'2 s'     | 2000000000",
            "' 10s '   | 10000000000",
            "0s        | 0",
            "0.000000001s | 1",
            "9223372036854775807ns | 9223372036854775807",
    })
    void parsesDurations(String text, long nanos) {
        assertEquals(Duration.ofNanos(nanos), Durations.parse(text));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "''         | invalid duration '': it is empty",
            "30         | invalid duration '30': the unit is missing (use ns, us, ms, s, m or h)",
            "-5s        | invalid duration '-5s': a duration cannot be negative",
            "5d         | invalid duration '5d': unknown unit 'd' (use ns, us, ms, s, m or h)",
            "5sec       | invalid duration '5sec': unknown unit 'sec' (use ns, us, ms, s, m or h)",
            "1.5ns      | invalid duration '1.5ns': it is not a whole number of nanoseconds",
            "0.0000000001s | invalid duration '0.0000000001s': it is not a whole number of nanoseconds",
            "2562048h   | invalid duration '2562048h': it is longer than the maximum of 9223372036854775807 nanoseconds",
            "s          | invalid duration 's': expected a number and a unit, such as 500ms, 30s, 5m or 1h",
            "1m30s      | invalid duration '1m30s': expected a number and a unit, such as 500ms, 30s, 5m or 1h",
            "PT5S       | invalid duration 'PT5S': expected a number and a unit, such as 500ms, 30s, 5m or 1h",
    })
    void rejectsWithOneLineMessageNamingInputAndReason(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> Durations.parse(text)).getMessage());
    }

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource(delimiter = '|', value = {
            "0               | 0s",
            "1               | 1ns",
            "1500            | 1.5us",
            "250000          | 250us",
            "500000000       | 500ms",
            "1500000000      | 1.5s",
            "30000000000     | 30s",
            "90000000000     | 90s",
            "300000000000    | 5m",
            "3600000000000   | 1h",
            "5400000000000   | 90m",
            "1234567891      | 1.234567891s",
            "-1500000000     | -1.5s",
    })
    void formatsShortestExactForm(long nanos, String text) {
        assertEquals(text, Durations.format(Duration.ofNanos(nanos)));
    }

    @Test
    void formatsDurationsBeyondTheParseLimit() {
        assertEquals("1000000h", Durations.format(Duration.ofHours(1_000_000)));
    }

    @Property
    void formatParsesBack(@ForAll @LongRange(min = 0) long nanos) {
        Duration duration = Duration.ofNanos(nanos);
        assertEquals(duration, Durations.parse(Durations.format(duration)));
    }

    @Property
    void formatOfWholeUnitsParsesBack(@ForAll @LongRange(min = 0, max = 2_562_046) long hours,
                                      @ForAll @LongRange(min = 0, max = 59) long minutes,
                                      @ForAll @LongRange(min = 0, max = 999) long millis) {
        Duration duration = Duration.ofHours(hours).plusMinutes(minutes).plusMillis(millis);
        assertEquals(duration, Durations.parse(Durations.format(duration)));
    }
}
