package dev.xfer.app.bandwidth;

import dev.xfer.app.report.Decimals;
import dev.xfer.app.report.TextTable;
import dev.xfer.app.report.TextTable.Column;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A bandwidth run over several devices as text: each device's report as one device's run prints
 * it (headline first), one after another with a blank line between; then the GPUs copying at
 * once, and the GPU-to-GPU matrices.
 */
public final class MultiDeviceText {
    /** Marks a matrix cell whose pair has no peer access. */
    static final String NO_PEER_ACCESS = "*";
    /** Marks a matrix cell whose data came back wrong. */
    static final String WRONG = "!";

    private MultiDeviceText() {
    }

    public static String render(MultiDeviceReport report) {
        List<String> sections = new ArrayList<>();
        if (report.devices().stream().allMatch(d -> d.results().isEmpty() && d.failures().isEmpty())) {
            // p2p alone: no device has rows of its own; the headlines still say which GPU is which.
            StringBuilder headlines = new StringBuilder();
            report.devices().forEach(d -> headlines.append(d.context().headline()).append('\n'));
            sections.add(headlines.toString());
        } else {
            report.devices().forEach(d -> sections.add(BandwidthText.render(d)));
        }
        report.concurrent().ifPresent(c -> sections.add(concurrent(report, c)));
        report.peers().ifPresent(p -> sections.add(peers(report, p)));
        StringBuilder out = new StringBuilder(String.join("\n", sections));
        for (VerificationFailure f : report.failures()) {
            out.append("WRONG DATA: ").append(f.describe()).append('\n');
        }
        return out.toString();
    }

    /**
     * All GPUs at once: one row per GPU and an {@code all} row per configuration, next to what
     * each GPU (and their sum) reached alone.
     * <pre>
     * all 2 GPUs at once (devices 0, 1): pinned memory, each iteration started together on every GPU
     * direction     bytes  device  median GB/s  min GB/s  max GB/s  % link  alone GB/s  % alone  data
     * ---------  --------  ------  -----------  --------  --------  ------  ----------  -------  ----
     * h2d        16777216       0        27.10     26.50     27.80    43.0       52.63     51.5  ok
     * h2d        16777216       1        27.05     26.40     27.70    42.9       52.60     51.4  ok
     * h2d        16777216     all        53.90     52.80     55.10       -      105.23     51.2  ok
     * </pre>
     */
    static String concurrent(MultiDeviceReport report, List<ConcurrentResult> results) {
        List<Integer> indices = report.indices();
        String title = String.format(Locale.ROOT,
                "all %d GPUs at once (devices %s): pinned memory, each iteration started together on every GPU",
                indices.size(), String.join(", ", indices.stream().map(String::valueOf).toList()));
        TextTable table = new TextTable(title, List.of(Column.left("direction"), Column.right("bytes"),
                Column.right("device"), Column.right("median GB/s"), Column.right("min GB/s"), Column.right("max GB/s"),
                Column.right("% link"), Column.right("alone GB/s"), Column.right("% alone"), Column.left("data")));
        for (ConcurrentResult c : results) {
            for (ConcurrentResult.GpuShare g : c.gpus()) {
                OptionalDouble alone = report.aloneMedian(g.device(), c.memory(), c.direction(), c.bytes());
                table.addRow(c.direction(), Long.toString(c.bytes()), Integer.toString(g.device()),
                        f2(g.gigabytesPerSecond().median()), f2(g.gigabytesPerSecond().min()),
                        f2(g.gigabytesPerSecond().max()), orDash(g.percentOfLink(), MultiDeviceText::f1),
                        orDash(alone, MultiDeviceText::f2),
                        orDash(percent(g.gigabytesPerSecond().median(), alone), MultiDeviceText::f1),
                        g.verified() ? "ok" : "WRONG");
            }
            table.addRow(c.direction(), Long.toString(c.bytes()), "all", f2(c.aggregateGbps().median()),
                    f2(c.aggregateGbps().min()), f2(c.aggregateGbps().max()), "-",
                    orDash(c.aloneGbpsSum(), MultiDeviceText::f2),
                    orDash(percent(c.aggregateGbps().median(), c.aloneGbpsSum()), MultiDeviceText::f1),
                    c.verified() ? "ok" : "WRONG");
        }
        return table.render()
                + "each GPU: its own copy by the timer; all: every GPU's bytes over the earliest start to the latest end"
                + " (host clock)\n"
                + "alone: the same copy with the GPU by itself (the runs above); % alone: at once / alone, the share"
                + " left when they copy together\n";
    }

    /** One matrix pair (one way, both ways) per size, rows the source, columns the destination. */
    static String peers(MultiDeviceReport report, List<PeerResult> results) {
        List<Integer> indices = report.indices();
        StringBuilder out = new StringBuilder();
        List<Long> sizes = results.stream().map(PeerResult::bytes).distinct().toList();
        for (long bytes : sizes) {
            List<PeerResult> ofSize = results.stream().filter(r -> r.bytes() == bytes).toList();
            out.append(matrix("GPU to GPU (cudaMemcpyPeerAsync), " + bytes
                    + " B, one way: median GB/s, rows: source, columns: destination", indices, ofSize, false));
            out.append(matrix("GPU to GPU, " + bytes + " B, both ways at once: median GB/s of both copies together",
                    indices, ofSize, true));
        }
        if (results.stream().anyMatch(r -> !r.peerAccess())) {
            out.append(NO_PEER_ACCESS).append(" no peer access between the two GPUs (cudaDeviceCanAccessPeer):"
                    + " the copy goes through host memory\n");
        }
        if (results.stream().anyMatch(r -> !r.verified() || !r.bidirVerified())) {
            out.append(WRONG).append(" data came back wrong (see WRONG DATA below)\n");
        }
        return out.toString();
    }

    /**
     * The matrix of one size: {@code -} on the diagonal, {@code *} without peer access, {@code !}
     * for wrong data. Marks are padded to one width so that the figures line up.
     */
    static String matrix(String title, List<Integer> indices, List<PeerResult> results, boolean bidir) {
        List<Column> columns = new ArrayList<>(List.of(Column.right("src\\dst")));
        indices.forEach(i -> columns.add(Column.right(Integer.toString(i))));
        TextTable table = new TextTable(title, columns);
        int markWidth = results.stream().mapToInt(r -> marks(r, bidir).length()).max().orElse(0);
        for (int src : indices) {
            List<String> cells = new ArrayList<>(List.of(Integer.toString(src)));
            for (int dst : indices) {
                if (src == dst) {
                    cells.add("-" + " ".repeat(markWidth));
                    continue;
                }
                Optional<PeerResult> pair = results.stream().filter(r -> r.src() == src && r.dst() == dst).findFirst();
                cells.add(pair.map(r -> cell(r, bidir, markWidth)).orElse("?"));
            }
            table.addRow(cells);
        }
        return table.render();
    }

    private static String cell(PeerResult r, boolean bidir, int markWidth) {
        double median = (bidir ? r.bidirGbps() : r.gigabytesPerSecond()).median();
        String marks = marks(r, bidir);
        return f2(median) + marks + " ".repeat(markWidth - marks.length());
    }

    private static String marks(PeerResult r, boolean bidir) {
        boolean ok = bidir ? r.bidirVerified() : r.verified();
        return (r.peerAccess() ? "" : NO_PEER_ACCESS) + (ok ? "" : WRONG);
    }

    /** {@code part} as a percentage of {@code whole}, when there is a whole. */
    static OptionalDouble percent(double part, OptionalDouble whole) {
        return whole.isPresent() && whole.getAsDouble() > 0 ? OptionalDouble.of(100 * part / whole.getAsDouble())
                : OptionalDouble.empty();
    }

    private static String orDash(OptionalDouble value, java.util.function.DoubleFunction<String> format) {
        return value.isPresent() ? format.apply(value.getAsDouble()) : "-";
    }

    /** Rates: two decimals, or two significant digits where two decimals would show fewer (tiny copies). */
    static String f2(double v) {
        return Decimals.fixed(v, 2);
    }

    static String f1(double v) {
        return Decimals.fixed(v, 1);
    }
}
