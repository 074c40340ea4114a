package dev.xfer.app.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/nvbandwidth.md maps every single-node test case of nvbandwidth, exactly the names its
 * {@code -l} lists (a committed copy: resources/nvbandwidth/testcases-v0.8.txt), in its order,
 * each marked equivalent, partial or not yet.
 */
class NvbandwidthMappingTest {
    private static final Pattern LISTED = Pattern.compile("^\\d+, ([a-z0-9_]+):$");
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9_]+)` \\|(.*)\\|(.*)\\|(.*)\\|$");

    static List<String> listed() throws IOException {
        try (InputStream in = NvbandwidthMappingTest.class.getResourceAsStream("/nvbandwidth/testcases-v0.8.txt")) {
            assertNotNull(in, "the nvbandwidth -l fixture is missing");
            List<String> names = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                Matcher m = LISTED.matcher(line.strip());
                if (m.matches()) {
                    names.add(m.group(1));
                }
            }
            return names;
        }
    }

    @Test
    void theTableMapsExactlyNvbandwidthsTestCases() throws IOException {
        Path page = RepositoryFiles.root().resolve("docs/nvbandwidth.md");
        List<String> mapped = new ArrayList<>();
        for (String line : Files.readAllLines(page)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                mapped.add(m.group(1));
                String match = m.group(3).strip();
                assertTrue(Set.of("equivalent", "partial", "not yet").contains(match), line);
                assertTrue(match.equals("not yet") || m.group(2).contains("xfer "), "no xfer command: " + line);
            }
        }
        List<String> listed = listed();
        assertEquals(35, listed.size(), "nvbandwidth v0.8 has 35 single-node test cases");
        assertEquals(listed, mapped);
    }
}
