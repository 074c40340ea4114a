package dev.xfer.app.docs;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MarkdownTest {

    @Test
    void slugsFollowGitHub() {
        assertEquals("xfer-bandwidth", Markdown.slug("xfer bandwidth"));
        assertEquals("numa-placement---numa-node", Markdown.slug("NUMA placement: `--numa-node`"));
        assertEquals("several-gpus---device-alllist---concurrent---direction-p2p",
                Markdown.slug("Several GPUs: `--device all|LIST`, `--concurrent`, `--direction p2p`"));
        assertEquals("thresholds---expect", Markdown.slug("Thresholds: `--expect`"));
        assertEquals("see-results", Markdown.slug("See [results](results.md)"));
        assertEquals("snake_case-stays", Markdown.slug("snake_case stays"));
    }

    @Test
    void repeatedHeadingsAreNumbered() {
        assertEquals(Set.of("text-output", "text-output-1", "json"),
                Markdown.anchors("# Text output\n## JSON\n## Text output\n"));
    }

    @Test
    void headingsInCodeBlocksAreNotHeadings() {
        assertEquals(Set.of("real"), Markdown.anchors("# real\n```\n# a shell comment\n```\n"));
    }

    @Test
    void linksOutsideCodeOnly() {
        String md = "see [a](a.md#x) and `[b](b.md)`\n```\n[c](c.md)\n```\n![img](pic.svg \"title\")\n";
        assertEquals(List.of(new Markdown.Link("a.md#x", 1), new Markdown.Link("pic.svg", 5)), Markdown.links(md));
    }
}
