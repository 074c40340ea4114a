package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NodeMeminfoTextTest {
    private static final String MEMINFO = """
        Node 0 MemTotal:       131072 kB
        Node 0 MemFree:         65536 kB
        Node 0 HugePages_Total:     0
        """;

    @Test
    void readsKilobytesAsBinaryKilobytes() {
        assertEquals(OptionalLong.of(131072L * 1024), NodeMeminfoText.bytes(MEMINFO, 0, "MemTotal"));
        assertEquals(OptionalLong.of(65536L * 1024), NodeMeminfoText.bytes(MEMINFO, 0, "MemFree"));
    }

    @Test
    void readsTheBriefFormat() {
        assertEquals(OptionalLong.of(131072L * 1024), NodeMeminfoText.bytes("Node 0 MemTotal: 131072 kB", 0, "MemTotal"));
    }

    @Test
    void missingFieldOrOtherNodeIsUnknown() {
        assertEquals(OptionalLong.empty(), NodeMeminfoText.bytes(MEMINFO, 0, "MemUsed"));
        assertEquals(OptionalLong.empty(), NodeMeminfoText.bytes(MEMINFO, 1, "MemTotal"));
        // Counts without a unit are not byte amounts.
        assertEquals(OptionalLong.empty(), NodeMeminfoText.bytes(MEMINFO, 0, "HugePages_Total"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Node 0 MemTotal: lots kB", "Node 0 MemTotal:", "Node 0 MemTotal: 12 MB",
        "Node 0 MemTotal: -5 kB", "Node 0 MemTotal: 99999999999999999999 kB", "Node 0 MemTotal: 9223372036854775807 kB",
        "MemTotal: 131072 kB", ""})
    void malformedLinesAreUnknown(String line) {
        assertEquals(OptionalLong.empty(), NodeMeminfoText.bytes(line, 0, "MemTotal"));
    }
}
