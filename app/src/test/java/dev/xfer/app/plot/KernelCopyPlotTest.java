package dev.xfer.app.plot;

import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A kernel-copy document drawn: kernel rows are lines of their own, and the crossover is said under the charts. */
class KernelCopyPlotTest {

    @Test
    void kernelRowsAreTheirOwnLinesAndTheCrossoverIsSaid() throws Exception {
        Map<?, ?> doc = (Map<?, ?>) JsonMaps.parse(SvgXml.resource("/golden/bandwidth-kernel.json"));
        String html = HtmlReport.render("kernel copies", List.of(new HtmlReport.Source("bandwidth-kernel.json", Json.write(doc))));
        assertTrue(html.contains("pinned kernel 132 blocks h2d"), "a line per kernel grid");
        assertTrue(html.contains("pinned kernel 64 blocks d2h"), "a line per kernel grid");
        assertTrue(html.contains("Copy kernel against the copy engine, "), html);
        assertTrue(html.contains("pinned h2d: the kernel is faster below 1MiB (up to 4KiB; the copy engine from 1MiB"
                + " to 512MiB); pinned d2h: the kernel never beats the copy engine (4KiB..512MiB); device d2d: the kernel"
                + " is faster at every size measured (4KiB..512MiB)"), html);
    }
}
