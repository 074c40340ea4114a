package dev.xfer.app.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/nvbandwidth.md's table names every single-node test case of nvbandwidth once, exactly as
 * {@code nvbandwidth -l} lists them (its output on the H200, committed as a fixture), each with a
 * verdict from a fixed set.
 */
class NvbandwidthTableTest {
    /** {@code 32, host_device_latency_sm:} in nvbandwidth -l's output. */
    private static final Pattern LISTED = Pattern.compile("(?m)^\\d+, ([a-z0-9_]+):$");
    /** A table row: the test case in backticks in the first cell, the verdict opening the third. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z0-9_]+)` \\| (.*?) \\| (.*) \\|$");
    private static final List<String> VERDICTS = List.of("equivalent", "partial", "not covered");

    private static String fixture() throws IOException {
        try (InputStream in = NvbandwidthTableTest.class.getResourceAsStream("/nvbandwidth/nvbandwidth-l.txt")) {
            assertNotNull(in, "the nvbandwidth -l fixture is missing");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static List<String> listed(String output) {
        List<String> names = new ArrayList<>();
        Matcher m = LISTED.matcher(output);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    void theFixtureIsNvbandwidthsSingleNodeList() throws IOException {
        String output = fixture();
        assertTrue(output.startsWith("nvbandwidth Version: v0.8"), output.lines().findFirst().orElse(""));
        List<String> names = listed(output);
        assertEquals(35, names.size(), names.toString());
        assertTrue(names.contains("host_device_latency_sm"));
        assertFalse(names.stream().anyMatch(n -> n.startsWith("multinode")), "a build without MPI lists no multinode case");
    }

    /** The mapping table's section: the measured tables further down name test cases again, with figures. */
    static String mappingSection(String doc) {
        int start = doc.indexOf("## Single-node test cases");
        assertTrue(start >= 0, "docs/nvbandwidth.md has no section '## Single-node test cases'");
        int end = doc.indexOf("\n## ", start + 1);
        return end < 0 ? doc.substring(start) : doc.substring(start, end);
    }

    @Test
    void theTableNamesEveryTestCaseOnceWithAVerdict() throws IOException {
        String doc = mappingSection(RepositoryFiles.read(RepositoryFiles.root().resolve("docs/nvbandwidth.md")));
        List<String> rows = new ArrayList<>();
        Matcher m = ROW.matcher(doc);
        while (m.find()) {
            rows.add(m.group(1));
            String verdict = m.group(3);
            assertTrue(VERDICTS.stream().anyMatch(verdict::startsWith), m.group(1) + ": verdict '" + verdict
                    + "' does not start with one of " + VERDICTS);
        }
        Set<String> distinct = new TreeSet<>(rows);
        assertEquals(rows.size(), distinct.size(), "a test case appears twice: " + rows);
        assertEquals(new TreeSet<>(listed(fixture())), distinct);
    }
}
