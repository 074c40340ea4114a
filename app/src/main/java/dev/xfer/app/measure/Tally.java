package dev.xfer.app.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The results of one type a run has measured so far, in order: the one way results travel from a
 * benchmark to its command. The benchmark appends each result as soon as it is complete; the
 * command reads the same tally whether the run ends or stops at a safe point (SIGINT, --timeout),
 * so a stopped run keeps what was measured without a second channel. {@code onKept} runs after
 * every append, on the measuring thread: the command renders its rows again there (--csv, --jsonl).
 *
 * @param <T> the command's result record
 */
public final class Tally<T> {
    private final List<T> kept = new ArrayList<>();
    private final Runnable onKept;

    /** @param onKept runs after each result is appended: rows streamed as they are measured */
    public Tally(Runnable onKept) {
        this.onKept = onKept;
    }

    /** A tally no one watches while it fills: a run read only when it ends. */
    public static <T> Tally<T> quiet() {
        return new Tally<>(() -> { });
    }

    /** Keeps {@code result}: it stands even if the run stops next. */
    public void add(T result) {
        kept.add(result);
        onKept.run();
    }

    /** Every result kept so far, in order. */
    public List<T> all() {
        return List.copyOf(kept);
    }

    /** How many results are kept so far; a mark to read what came after ({@link #since}). */
    public int size() {
        return kept.size();
    }

    /** The results kept after the first {@code mark}, in order. */
    public List<T> since(int mark) {
        return List.copyOf(kept.subList(mark, kept.size()));
    }

    public boolean isEmpty() {
        return kept.isEmpty();
    }
}
