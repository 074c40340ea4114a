package dev.xfer.app.fleet;

import dev.xfer.app.cli.XferRun;
import dev.xfer.app.fleet.FleetFixtures.Gpu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fleet's JUnit: a skipped document is an error naming its file; two documents of one GPU are two test cases. */
class FleetJUnitTest {
    @TempDir
    Path dir;

    @Test
    void skippedDocumentsAreErrorsAndEveryTestCaseIsNamedOnce() throws IOException {
        Gpu gpu = new Gpu("n1", "NVIDIA H200", 0, 55);
        FleetFixtures.write(dir, "n1-monday.json", FleetFixtures.document(gpu, null, 0.1, 20));
        FleetFixtures.write(dir, "n1-tuesday.json", FleetFixtures.document(gpu, null, 0.1, 20));
        FleetFixtures.write(dir, "n2.json", FleetFixtures.document(new Gpu("n2", "NVIDIA H200", 0, 55), null, 0.1, 20));
        // Result rows but no context: a bad document (exit 2, or skipped), not one without results (NO RESULT).
        Path bad = Files.writeString(dir.resolve("n3.json"),
                "{\"schemaVersion\": 1, \"command\": \"bandwidth\", \"results\": [{\"memory\": \"pinned\"}]}");
        Path xml = dir.resolve("out/fleet.xml");
        Files.createDirectories(xml.getParent());
        XferRun run = XferRun.of("fleet", "--skip-bad", "--junit", xml.toString(), dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        String junit = Files.readString(xml);
        assertTrue(junit.contains("<testcase classname=\"xfer.fleet.unreadable\" name=\"" + bad + "\""), junit);
        // The first fault read: the row's (a key found missing only at its object's end, as context is, comes after).
        assertTrue(junit.contains("<error message=\"results[0].direction: expected text, got nothing"), junit);
        Set<String> cases = new HashSet<>();
        Matcher m = Pattern.compile("<testcase classname=\"([^\"]*)\" name=\"([^\"]*)\"").matcher(junit);
        int count = 0;
        while (m.find()) {
            assertTrue(cases.add(m.group(1) + " / " + m.group(2)), "named twice: " + m.group());
            count++;
        }
        assertEquals(4, count, junit);
    }
}
