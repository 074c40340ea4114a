package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.format.WrittenSummary;

import java.util.List;
import java.util.Optional;

/**
 * One round of a many-GPU pattern ({@code --pattern}) as an entry of the {@code patterns} array of a
 * several-device document: {@code pattern} (the form, e.g. {@code all-to-one-read}), {@code copy}
 * ({@code driver} or {@code kernel}), {@code direction} ({@code d2h}, {@code h2d} or {@code p2p}),
 * {@code bytes} (each timed copy; interfering ones move twice as much), {@code device} (the
 * measured GPU's CUDA index), {@code others} (the GPUs beside it), {@code copies} (how many ran at once),
 * {@code gbps} (summary of the measured figure, GB/s), {@code aggregateGbps} (summary of all
 * copies together, GB/s) and {@code verified}. A round's results belong to its measured GPU
 * (as a one-device row belongs to its device), so the GPU index is no part of their identity:
 * fleet lines up one pattern's figure across every GPU; the number of copies at once is
 * ({@code copies}, read as the identity's {@code count}), since it changes the figure. xfer always
 * writes {@code others}; the schema does not require it, nor does this record when it binds a row.
 */
public record PatternRow(String pattern, String copy, String direction, long bytes, int device,
                         Optional<List<Integer>> others, int copies, WrittenSummary gbps, WrittenSummary aggregateGbps,
                         boolean verified) {

    public PatternRow {
        others = others.map(List::copyOf);
    }

    public static PatternRow of(PatternResult r) {
        return new PatternRow(r.form(), r.path().label(), r.direction(), r.bytes(), r.gpu(), Optional.of(r.others()),
                r.copies(),
                WrittenSummary.of(r.gigabytesPerSecond()), WrittenSummary.of(r.aggregateGbps()), r.verified());
    }

    /** Each of {@code results}, in order. */
    public static List<PatternRow> rows(List<PatternResult> results) {
        return results.stream().map(PatternRow::of).toList();
    }
}
