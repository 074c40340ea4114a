package dev.xfer.app.plot;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real headless Chromium (scripts/chromium/test-chromium.sh, Debian's chromium installed with
 * apt when missing) opens a report built from the golden documents: its screenshot is not blank
 * and shows the charts' colours, and the DOM Chromium built holds the expected SVG elements.
 * The script fails (exit 1) in CI when Chromium cannot be installed or run; elsewhere it exits 77
 * and this test is skipped with its reason.
 */
class ChromiumReportTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void chromiumDrawsTheReport() throws IOException, InterruptedException {
        List<HtmlReport.Source> sources = new ArrayList<>();
        for (String name : List.of("overlap.json", "bandwidth.json", "check.json", "batch.json")) {
            sources.add(new HtmlReport.Source(name, SvgXml.resource("/golden/" + name)));
        }
        Path report = dir.resolve("report.html");
        Files.writeString(report, HtmlReport.render("xfer report from fixtures", sources));
        Path out = dir.resolve("chromium");
        Path script = Path.of("..", "scripts", "chromium", "test-chromium.sh").toAbsolutePath().normalize();
        Path log = dir.resolve("test-chromium.log");
        Process process = new ProcessBuilder("bash", script.toString(), report.toString(), out.toString(), "1000,2600")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int exit = process.waitFor();
        String output = Files.readString(log);
        System.out.println(output);
        Assumptions.assumeFalse(exit == 77, () -> "Chromium cannot run here: " + output);
        assertEquals(0, exit, output);

        BufferedImage png = ImageIO.read(out.resolve("screenshot.png").toFile());
        assertNotNull(png, "a PNG javax.imageio reads");
        assertEquals(1000, png.getWidth());
        Set<Integer> colours = new HashSet<>();
        int h2d = 0;
        int kernel = 0;
        int d2h = 0;
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) {
                int rgb = png.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                h2d += near(rgb, 0x0072B2) ? 1 : 0;
                kernel += near(rgb, 0xE69F00) ? 1 : 0;
                d2h += near(rgb, 0xD55E00) ? 1 : 0;
            }
        }
        assertTrue(colours.size() > 50, "not blank: " + colours.size() + " colours");
        assertTrue(h2d > 500, "H2D blue drawn: " + h2d + " pixels");
        assertTrue(kernel > 200, "kernel orange drawn: " + kernel + " pixels");
        assertTrue(d2h > 200, "D2H vermillion stripes drawn: " + d2h + " pixels");

        String dom = Files.readString(out.resolve("dom.html"));
        // overlap 1, bandwidth host + device 2, check 1, batch 1
        assertEquals(5, count(dom, "<svg "), "inline SVG charts in the DOM");
        assertEquals(27, count(dom, "<rect class=\"op "), "every recorded operation of the overlap fixture");
        assertEquals(27, count(dom, "<rect class=\"engine-op "));
        assertEquals(5, count(dom, "<g class=\"legend\""));
        assertEquals(6, count(dom, "class=\"axis x-axis\""), "one per chart, two in the batch chart (time, GB/s)");
        assertEquals(2, count(dom, "class=\"axis y-axis\""), "bandwidth charts");
        assertTrue(count(dom, "class=\"point\"") >= 5, "bandwidth markers");
    }

    private static boolean near(int rgb, int target) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xFF) - ((target >> shift) & 0xFF)) > 6) {
                return false;
            }
        }
        return true;
    }

    private static int count(String text, String what) {
        return (int) Pattern.compile(Pattern.quote(what)).matcher(text).results().count();
    }
}
