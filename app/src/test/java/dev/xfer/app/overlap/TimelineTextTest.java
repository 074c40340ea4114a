package dev.xfer.app.overlap;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.output.ResultsFixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The terminal timeline from fixed timestamps; golden text at 80 columns under golden/. */
class TimelineTextTest {

    private static void assertGolden(String name, String actual) throws IOException {
        GoldenFile.assertMatches(name, actual, name);
    }

    private static String fourStreams(int width) {
        return TimelineText.render(ResultsFixtures.overlapTimelines(4),
                OptionalDouble.of(ResultsFixtures.overlapModel().idealMs()), width, false);
    }

    @Test
    void fourStreamsAt80ColumnsAsTheGoldenText() throws IOException {
        assertGolden("overlap-timeline-80.txt", fourStreams(80));
    }

    @Test
    void sixteenStreamsAt80ColumnsAsTheGoldenText() throws IOException {
        assertGolden("overlap-timeline-16-streams-80.txt", TimelineText.render(ResultsFixtures.overlapTimelines(16),
                OptionalDouble.empty(), 80, false));
    }

    @Test
    void everyLineFitsTheWidthAndEveryScheduleHasARowPerStreamAndEngine() {
        for (int width : new int[]{80, 120, 200}) {
            String text = fourStreams(width);
            for (String line : text.split("\n")) {
                assertTrue(line.length() <= width, "longer than " + width + ": '" + line + "'");
            }
            // 3 schedules: sequential 1 stream + 3 engines, V1 and V2 4 streams + 3 engines each.
            long rows = text.lines().filter(l -> l.contains(" |") && l.endsWith("|")).count();
            assertEquals(4 + 7 + 7, rows, text);
        }
    }

    @Test
    void widthBelowTheMinimumStillDraws() {
        String text = fourStreams(10);
        assertTrue(text.lines().allMatch(l -> l.length() <= TimelineText.MIN_WIDTH + 60), text);
        assertTrue(text.contains(">"));
    }

    @Test
    void schedulesShareOneTimeAxis() {
        String text = fourStreams(80);
        List<String> h2dRows = text.lines().filter(l -> l.contains("H2D |")).toList();
        assertEquals(3, h2dRows.size());
        // Sequential's single 320 us H2D is one unbroken run; the chunked schedules end sooner.
        int seqEnd = h2dRows.get(0).lastIndexOf('>');
        int v1End = text.lines().filter(l -> l.contains(" D2H |")).toList().get(1).lastIndexOf('<');
        int seqD2hEnd = text.lines().filter(l -> l.contains(" D2H |")).toList().get(0).lastIndexOf('<');
        assertTrue(v1End < seqD2hEnd, text);
        assertTrue(seqEnd > 0);
    }

    @Test
    void v1DrawsACopyOfOneStreamUnderAKernelOfAnother() {
        String text = fourStreams(200);
        List<String> v1 = text.lines().dropWhile(l -> !l.startsWith("v1")).limit(4).toList();
        boolean overlap = false;
        for (int col = 0; col < v1.getFirst().length(); col++) {
            boolean kernel = false;
            boolean copy = false;
            for (String row : v1) {
                char c = col < row.length() ? row.charAt(col) : ' ';
                kernel |= c == '#';
                copy |= c == '>' || c == '<';
            }
            overlap |= kernel && copy;
        }
        assertTrue(overlap, text);
    }

    @Test
    void oneStreamAndAZeroWidthOperationAreDrawn() {
        ScheduleTimeline t = new ScheduleTimeline(OverlapSchedule.SEQUENTIAL, List.of(
                new TimedOp(0, 0, TimedOp.Stage.H2D, 0, 100),
                new TimedOp(0, 0, TimedOp.Stage.KERNEL, 150, 150),
                new TimedOp(0, 0, TimedOp.Stage.D2H, 200, 300)));
        String text = TimelineText.render(List.of(t), OptionalDouble.empty(), 80, false);
        String s0 = text.lines().filter(l -> l.contains(" s0 |")).findFirst().orElseThrow();
        assertEquals(1, s0.chars().filter(c -> c == '#').count(), text);
        assertEquals(1, text.lines().filter(l -> l.contains(" s0 |")).count());
    }

    @Test
    void nothingRecordedSaysSo() {
        assertEquals("timeline: nothing recorded\n", TimelineText.render(List.of(), OptionalDouble.empty(), 80, false));
    }

    @Test
    void colourOnlyWhenAsked() {
        assertFalse(fourStreams(80).contains("\033["));
        String coloured = TimelineText.render(ResultsFixtures.overlapTimelines(4), OptionalDouble.empty(), 80, true);
        assertTrue(coloured.contains("\033["));
        assertEquals(TimelineText.render(ResultsFixtures.overlapTimelines(4), OptionalDouble.empty(), 80, false),
                coloured.replaceAll("\033\\[[0-9;]*m", ""));
    }
}
