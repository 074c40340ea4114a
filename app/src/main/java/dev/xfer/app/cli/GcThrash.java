package dev.xfer.app.cli;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The rule that tells a heap too small for the input from a heap merely well used: over the last
 * {@link #WINDOW_NANOS}, the old generation was collected at least {@link #OLD_COLLECTIONS} times,
 * it was still at least {@link #FULL} full after each reading of its last collection, and
 * collecting took at least {@link #GC_SHARE} of the wall time. All three, for the whole window: a
 * run that fills its heap with one large buffer (bandwidth --memory heap with a big --size) is full
 * but does not collect it again and again; a run that churns short-lived objects collects, but the
 * young generation, or an old one that each collection empties. Only a live set that no longer fits
 * does all three: every full collection frees almost nothing and the next follows at once
 * (thrashing), until an OutOfMemoryError a minute later, or never. The JVM's own limit
 * (-XX:+UseGCOverheadLimit: 98% of the time, 2% freed) is Parallel GC's alone, and xfer runs the
 * serial collector. On a loaded machine the share of wall time spent collecting stays low even in
 * a thrash (fleet over 20,000 documents at -Xmx16m beside other builds on two cores: 0.5 to 0.9 per
 * 3 s; fleet over 3,000 larger ones at -Xmx10m: 0.3 to 0.55, with 4 to 6 full collections per
 * 3 s each leaving the old generation about 90% full), so the count and the occupancy carry the
 * rule, and the share asked for is a quarter.
 */
public final class GcThrash {
    /** How long the three conditions must hold: short beside the 10 s a thrash may last, long beside one collection. */
    static final long WINDOW_NANOS = 3_000_000_000L;
    /** The least share of the window's wall time spent collecting. */
    static final double GC_SHARE = 0.25;
    /** The least number of old-generation (full) collections in the window. */
    static final long OLD_COLLECTIONS = 4;
    /** The least occupancy of the old generation after its last collection, a fraction of its maximum. */
    static final double FULL = 0.85;

    private record Sample(long nanos, long gcMillis, long oldCollections, boolean full) {
    }

    private final Deque<Sample> samples = new ArrayDeque<>();
    private double share;

    /**
     * One reading; true once the window behind it shows thrashing.
     *
     * @param nanos     when it was read ({@link System#nanoTime()})
     * @param gcMillis       the collectors' total collection time so far, ms
     * @param oldCollections how many times the old generation was collected so far
     * @param occupancy      the old generation's use after its last collection over its maximum
     */
    public boolean observe(long nanos, long gcMillis, long oldCollections, double occupancy) {
        samples.addLast(new Sample(nanos, gcMillis, oldCollections, occupancy >= FULL));
        // Keep the newest sample at least a window old, and every later one.
        while (samples.size() > 2) {
            var it = samples.iterator();
            it.next();
            if (nanos - it.next().nanos() >= WINDOW_NANOS) {
                samples.removeFirst();
            } else {
                break;
            }
        }
        Sample first = samples.getFirst();
        long span = nanos - first.nanos();
        if (span < WINDOW_NANOS) {
            return false;
        }
        share = (gcMillis - first.gcMillis()) * 1e6 / span;
        return share >= GC_SHARE && oldCollections - first.oldCollections() >= OLD_COLLECTIONS
                && samples.stream().allMatch(Sample::full);
    }

    /** The share of the last window's wall time spent collecting, as the last reading found it. */
    public double share() {
        return share;
    }

    /** The line for a thrash: {@link ErrorLine#OUT_OF_JAVA_MEMORY}'s remedy, with what the watch saw. */
    public String line() {
        return ErrorLine.outOfJavaMemory("garbage collection took " + Math.round(share * 100)
                + "% of the last " + WINDOW_NANOS / 1_000_000_000L + " s and freed almost nothing");
    }
}
