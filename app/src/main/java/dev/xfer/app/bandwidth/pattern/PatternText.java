package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.format.NoteLines;
import dev.xfer.app.output.UnmeasuredRow;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.format.Decimals;
import dev.xfer.app.format.TextTable;
import dev.xfer.app.format.TextTable.Column;
import dev.xfer.app.result.Waiver;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Locale;

/** The many-GPU patterns ({@code --pattern}) as text: one row per round, the measured GPU beside the aggregate. */
public final class PatternText {
    private PatternText() {
    }

    /**
     * Each GPU's headline, one table of every round, what its columns mean, the notes (GPUs
     * without a round) and the wrong data, one line each.
     * <pre>
     * many-GPU patterns over 2 GPUs (devices 0, 1): in each round every copy starts together, the measured GPU's timed
     * pattern                    copy    bytes      gpu  others  copies  median GB/s  min GB/s  max GB/s  aggregate GB/s  data
     * -------------------------  ------  ---------  ---  ------  ------  -----------  --------  --------  --------------  ----
     * all-to-host                driver  536870912    0  1            2        27.10     26.50     27.80           81.20  ok
     * </pre>
     *
     * @param headlines each GPU's headline (name, link, versions), in the order selected
     * @param indices   the CUDA indices, in the order selected
     */
    public static String render(List<String> headlines, List<Integer> indices, List<PatternResult> results,
                                List<VerificationFailure> failures, List<String> notes) {
        return render(headlines, indices, results, failures, notes, List.of());
    }

    /**
     * {@link #render(List, List, List, List, List)} with the patterns this machine does not run
     * (Confidential Computing forbids them) last, one line per reason.
     */
    public static String render(List<String> headlines, List<Integer> indices, List<PatternResult> results,
                                List<VerificationFailure> failures, List<String> notes, List<Waiver> waived) {
        String title = String.format(Locale.ROOT, "many-GPU patterns over %d GPUs (devices %s): in each round every copy"
                + " starts together; the measured GPU's copies are timed, the others' interfere",
                indices.size(), String.join(", ", indices.stream().map(String::valueOf).toList()));
        TextTable table = new TextTable(title, List.of(Column.left("pattern"), Column.left("copy"),
                Column.right("bytes"), Column.right("gpu"), Column.left("others"), Column.right("copies"),
                Column.right("median GB/s"), Column.right("min GB/s"), Column.right("max GB/s"),
                Column.right("aggregate GB/s"), Column.left("data")));
        for (PatternResult r : results) {
            if (!(r.gigabytesPerSecond() instanceof Summary rates) || !(r.aggregateGbps() instanceof Summary all)) {
                table.addRow(r.form(), r.path().label(), Long.toString(r.bytes()), Integer.toString(r.gpu()),
                        String.join(",", r.others().stream().map(String::valueOf).toList()), Integer.toString(r.copies()),
                        "-", "-", "-", "-", "not measured");
                continue;
            }
            table.addRow(r.form(), r.path().label(), Long.toString(r.bytes()), Integer.toString(r.gpu()),
                    String.join(",", r.others().stream().map(String::valueOf).toList()), Integer.toString(r.copies()),
                    f2(rates.median()), f2(rates.min()), f2(rates.max()), f2(all.median()), r.verified() ? "ok" : "WRONG");
        }
        StringBuilder out = new StringBuilder();
        headlines.forEach(h -> out.append(h).append('\n'));
        out.append('\n').append(table.render());
        out.append("gpu: the measured GPU; GB/s: its copy by CUDA events (host patterns), or its round's timed copies"
                + " together from the common start to the last end (GPU patterns, as nvbandwidth's total)\n");
        out.append("aggregate: every copy of the round, interfering ones (twice the bytes) included, over the common"
                + " start to the last end\n");
        out.append(NoteLines.of(notes));
        for (VerificationFailure f : failures) {
            out.append("WRONG DATA: ").append(f.describe()).append('\n');
        }
        for (PatternResult r : results) {
            r.notMeasured().ifPresent(why -> out.append("FAILED: ").append(UnmeasuredRow.words(r.configuration(), why))
                    .append('\n'));
        }
        out.append(Waiver.text(waived));
        return out.toString();
    }

    /**
     * A run that measured no pattern, every one waived (one GPU found, or Confidential Computing
     * forbidding them all): each GPU's headline, the notes, and one line per reason; no table.
     */
    public static String waivedOnly(List<String> headlines, List<String> notes, List<Waiver> waived) {
        StringBuilder out = new StringBuilder();
        headlines.forEach(h -> out.append(h).append('\n'));
        out.append(NoteLines.of(notes));
        out.append(Waiver.text(waived));
        return out.toString();
    }

    private static String f2(double v) {
        return Decimals.fixed(v, 2);
    }
}
