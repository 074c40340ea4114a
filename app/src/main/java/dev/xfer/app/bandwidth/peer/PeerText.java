package dev.xfer.app.bandwidth.peer;

import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.LaunchShape;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.stats.Summarized;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The GPU-to-GPU copies ({@code --direction p2p}) as text: per size, form and path, a matrix one way and one both ways. */
public final class PeerText {
    /** Marks a matrix cell whose pair has no peer access. */
    private static final String NO_PEER_ACCESS = "*";
    /** Marks a matrix cell whose data came back wrong. */
    private static final String WRONG = "!";
    /** Fills a matrix cell whose pair was not chosen ({@code --pair}, {@code --pairs}). */
    private static final String NOT_CHOSEN = ".";

    private PeerText() {
    }

    /**
     * One matrix pair (one way, both ways) per size, form and path measured (the driver's, then
     * the copy kernel's, then the TMA copy's), rows the source, columns the destination (the read
     * form's too, though there the destination issues the copy), then what the marks mean. The
     * write form comes first, titled as it always was.
     *
     * @param indices     the CUDA indices, in the order selected
     * @param kernelSample what a grid path's row's sample is ({@code KernelTiming.describe}), said once under
     *                     the matrices of the copy kernel and the TMA copy
     */
    public static String render(List<Integer> indices, List<PeerResult> results, String kernelSample) {
        StringBuilder out = new StringBuilder();
        List<Long> sizes = results.stream().map(PeerResult::bytes).distinct().toList();
        // A pair with no row in any form or path was not chosen; one with a driver row only had no kernel.
        java.util.Set<List<Integer>> chosen = new java.util.HashSet<>();
        results.forEach(r -> chosen.add(List.of(r.src(), r.dst())));
        List<CopyPath> paths = results.stream().map(PeerResult::copy).distinct().sorted().toList();
        for (long bytes : sizes) {
            for (Initiation initiation : Initiation.values()) {
                for (CopyPath path : paths) {
                    List<PeerResult> ofForm = results.stream().filter(r -> r.bytes() == bytes && r.copy() == path
                            && r.initiation() == initiation).toList();
                    if (!ofForm.isEmpty()) {
                        Titles titles = Titles.of(initiation, path, bytes);
                        out.append(matrix(titles.oneWay(), indices, ofForm, false, chosen));
                        out.append(matrix(titles.bothWays(), indices, ofForm, true, chosen));
                    }
                }
            }
        }
        List<CopyPath> grids = paths.stream().filter(CopyPath::launchesGrid).toList();
        for (CopyPath path : grids) {
            out.append(Grid.of(path).launch()).append('\n');
        }
        if (!grids.isEmpty()) {
            out.append("  ").append(kernelSample).append(", timed together and counted per copy\n");
        }
        long driverPairs = results.stream().filter(r -> r.copy() == CopyPath.DRIVER).count();
        for (CopyPath path : grids) {
            if (results.stream().filter(r -> r.copy() == path).count() < driverPairs) {
                out.append("? ").append(Grid.of(path).missing()).append('\n');
            }
        }
        if (chosen.size() < indices.size() * (indices.size() - 1)) {
            out.append(NOT_CHOSEN).append(" not measured: the pair is not among those chosen (--pair, --pairs)\n");
        }
        if (results.stream().anyMatch(r -> !r.peerAccess())) {
            out.append(NO_PEER_ACCESS).append(" no peer access between the two GPUs (cudaDeviceCanAccessPeer):"
                    + " the copy goes through host memory\n");
        }
        if (results.stream().anyMatch(r -> !r.verified() || !r.bidirVerified())) {
            out.append(WRONG).append(" data came back wrong (see WRONG DATA below)\n");
        }
        for (PeerResult r : results) {
            for (PeerResult.NotMeasured u : r.unmeasured()) {
                out.append("FAILED: ").append(UnmeasuredRow.words(u.configuration(), u.reason())).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * How the text names a grid path's copies between GPUs: in its matrices' titles ({@code by}),
     * under them (its kernel and grid), and for the pairs it has no figure for.
     */
    private record Grid(String by, String launch, String missing) {
        private static final Grid KERNEL = new Grid("copy kernel", "copy kernel: copy_bytes, one block of "
                + LaunchShape.THREADS_PER_BLOCK + " threads per SM of the GPU that launches it",
                "no copy kernel between two GPUs without peer access both ways: a kernel cannot reach the other's"
                        + " memory");
        private static final Grid TMA = new Grid("TMA copy", "TMA copy: tma_copy, one block of "
                + LaunchShape.TMA_THREADS_PER_BLOCK + " threads (one issues the bulk copies) per SM of the GPU that"
                + " launches it", "no TMA copy between two GPUs without peer access both ways, or with one below"
                + " compute capability 9.0 (waived)");

        static Grid of(CopyPath path) {
            return path == CopyPath.TMA ? TMA : KERNEL;
        }
    }

    /** What the two matrices of one size, form and path say they hold. */
    private record Titles(String oneWay, String bothWays) {
        private static final String ONE_WAY = " B, one way: median GB/s, rows: source, columns: destination";
        private static final String BOTH = ": median GB/s of both copies together";

        static Titles of(Initiation initiation, CopyPath path, long bytes) {
            boolean grid = path.launchesGrid();
            String by = grid ? Grid.of(path).by() : "";
            if (initiation == Initiation.WRITE) {
                return grid
                        ? new Titles("GPU to GPU by " + by + " (launched on the source, writing into the destination), "
                                + bytes + ONE_WAY, "GPU to GPU by " + by + ", " + bytes
                                + " B, both ways at once (a kernel on each)" + BOTH)
                        : new Titles("GPU to GPU (cudaMemcpyPeerAsync), " + bytes + ONE_WAY,
                                "GPU to GPU, " + bytes + " B, both ways at once" + BOTH);
            }
            return grid
                    ? new Titles("GPU to GPU by " + by + ", read (launched on the destination, reading the source), "
                            + bytes + ONE_WAY, "GPU to GPU by " + by + ", read, " + bytes
                            + " B, both ways at once (a kernel on each, reading)" + BOTH)
                    : new Titles("GPU to GPU, read (cudaMemcpyPeerAsync issued by the destination), " + bytes + ONE_WAY,
                            "GPU to GPU, read, " + bytes + " B, both ways at once (each copy issued by the GPU it"
                                    + " goes to)" + BOTH);
        }
    }

    /**
     * The matrix of one size: {@code -} on the diagonal, {@code *} without peer access, {@code !}
     * for wrong data, {@code .} for a pair not chosen, {@code none} for a pair whose timer gave no time (a FAILED line says why). Marks are padded to one width so that the figures line up.
     */
    private static String matrix(String title, List<Integer> indices, List<PeerResult> results, boolean bidir,
                                 java.util.Set<List<Integer>> chosen) {
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
                String absent = chosen.contains(List.of(src, dst)) ? "?" : NOT_CHOSEN;
                cells.add(pair.map(r -> cell(r, bidir, markWidth)).orElse(absent));
            }
            table.addRow(cells);
        }
        return table.render();
    }

    private static String cell(PeerResult r, boolean bidir, int markWidth) {
        Summarized rates = bidir ? r.bidirGbps() : r.gigabytesPerSecond();
        String marks = marks(r, bidir);
        return rates.measured().map(s -> f2(s.median())).orElse("none") + marks + " ".repeat(markWidth - marks.length());
    }

    private static String marks(PeerResult r, boolean bidir) {
        boolean ok = bidir ? r.bidirVerified() : r.verified();
        return (r.peerAccess() ? "" : NO_PEER_ACCESS) + (ok ? "" : WRONG);
    }

    private static String f2(double v) {
        return Decimals.fixed(v, 2);
    }
}
