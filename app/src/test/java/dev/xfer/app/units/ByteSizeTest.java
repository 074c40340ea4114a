package dev.xfer.app.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ByteSizeTest {

    @ParameterizedTest(name = "{0} = {1} bytes")
    @CsvSource(delimiter = '|', value = {
            "4096        | 4096",
            "1B          | 1",
            "1b          | 1",
            "1KB         | 1000",
            "1kb         | 1000",
            "1MB         | 1000000",
            "1GB         | 1000000000",
            "1TB         | 1000000000000",
            "1KiB        | 1024",
            "1kib        | 1024",
            "1KIB        | 1024",
            "16MiB       | 16777216",
            "16mib       | 16777216",
            "1GiB        | 1073741824",
            "1TiB        | 1099511627776",
            "1.5KiB      | 1536",
            "1.5 GB      | 1500000000",
            "0.5KiB      | 512",
            "2.000B      | 2",
            "'16 MiB'    | 16777216",
            "' 64KiB\t'  | 65536",
            "007KB       | 7000",
            "9223372036854775807 | 9223372036854775807",
            "9223372036854775807B | 9223372036854775807",
    })
    void parsesSizes(String text, long bytes) {
        assertEquals(bytes, ByteSize.parse(text).bytes());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "1                 | 1B",
            "4097              | 4097B",
            "1000              | 1KB",
            "1024              | 1KiB",
            "16777216          | 16MiB",
            "16000000          | 16MB",
            "1572864           | 1.5MiB",
            "1536              | 1536B",
            "1500000000        | 1.5GB",
            "1048576000        | 1000MiB",
            "1024000           | 1024KB",
            "1099511627776     | 1TiB",
            "9223372036854775807 | 9223372036854775807B",
            "4611686018427387904 | 4194304TiB",
    })
    void formatsShortestExactForm(long bytes, String text) {
        assertEquals(text, ByteSize.ofBytes(bytes).format());
        assertEquals(text, ByteSize.ofBytes(bytes).toString());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "''          | invalid size '': it is empty",
            "'   '       | invalid size '   ': it is empty",
            "0           | invalid size '0': a size must be at least 1 byte",
            "0KiB        | invalid size '0KiB': a size must be at least 1 byte",
            "0.0MB       | invalid size '0.0MB': a size must be at least 1 byte",
            "-5MB        | invalid size '-5MB': a size cannot be negative",
            "16XB        | invalid size '16XB': unknown unit 'XB' (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)",
            "16K         | invalid size '16K': unknown unit 'K' (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)",
            "1.5B        | invalid size '1.5B': it is not a whole number of bytes (1.5)",
            "1.0001KB    | invalid size '1.0001KB': it is not a whole number of bytes (1000.1)",
            "9223372036854775808 | invalid size '9223372036854775808': it is larger than the maximum of 9223372036854775807 bytes",
            "8388608TiB  | invalid size '8388608TiB': it is larger than the maximum of 9223372036854775807 bytes",
            "abc         | invalid size 'abc': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
            "MiB         | invalid size 'MiB': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
            "1.KiB       | invalid size '1.KiB': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
            ".5KiB       | invalid size '.5KiB': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
            "+5MB        | invalid size '+5MB': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
            "1e6         | invalid size '1e6': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
            "4 KiB B     | invalid size '4 KiB B': expected a number with an optional unit, such as 4096, 64KiB or 1.5GB",
    })
    void rejectsWithOneLineMessageNamingInputAndReason(String text, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ByteSize.parse(text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void keepsMessageOnOneLineForMultiLineInput() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("4\nKiB"));
        assertEquals("invalid size '4\\nKiB': expected a number with an optional unit, such as "
                + "4096, 64KiB or 1.5GB", e.getMessage());
    }

    @Test
    void rejectsSizesBelowOneByte() {
        assertThrows(IllegalArgumentException.class, () -> new ByteSize(0));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.ofBytes(-1));
    }

    @Test
    void ordersByBytes() {
        assertTrue(ByteSize.parse("1MiB").compareTo(ByteSize.parse("1MB")) > 0);
        assertEquals(0, ByteSize.parse("1KiB").compareTo(ByteSize.ofBytes(1024)));
    }
}
