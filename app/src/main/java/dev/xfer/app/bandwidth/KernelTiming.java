package dev.xfer.app.bandwidth;

import java.util.Locale;

/**
 * What one timed sample of a kernel copy holds and how it is started: the parts in which xfer's
 * kernel rows and nvbandwidth's {@code *_memcpy_sm} differ (docs/kernel-copies.md), each one a
 * setting, so that one run can measure what each is worth. The default is nvbandwidth's sample and
 * start for the sizes it calls large (16 copies in one launch, behind {@code hold_stream} and an
 * untimed lead-in copy, under the events timer) and one plain copy per sample below them; the other
 * settings are diagnostic (hidden options of {@code xfer bandwidth}).
 * <p>
 * A sample of {@code n} copies is timed as a whole and counts as its time divided by {@code n} per
 * copy, so its rate is {@code n x bytes} over its time; the median, min and max are over samples.
 * Every copy of a sample is a whole copy of the buffer, and the data is verified after all of them.
 *
 * @param copies copies of the buffer per timed sample; 0 = by size ({@link #copiesFor})
 * @param repeat how a sample's copies are issued
 * @param gated  whether the stream is held by {@code hold_stream} until the host has queued the
 *               whole sample, so no host launch latency falls between the events: at every size
 *               (besides what {@code start} says)
 * @param leadIn whether one untimed copy is queued just before the start event, so the timed copies
 *               start behind a busy link rather than an idle one: at every size (besides {@code start})
 * @param start  how a sample starts where neither is forced
 * @param bidir  how the kernel's bidir rows are copied
 */
public record KernelTiming(int copies, Repeat repeat, boolean gated, boolean leadIn, Start start, Bidir bidir) {
    /** nvbandwidth's copies per sample (its {@code loopCount}). */
    public static final int NVBANDWIDTH_COPIES = 16;

    /**
     * From this size on a sample holds {@link #NVBANDWIDTH_COPIES} copies: nvbandwidth's threshold
     * (64 MiB) below which it calls a buffer small (it times 16 copies at every size, but switches
     * to its SM-count grid only from here). Below it one copy per sample, so a small copy's
     * row still includes its launch, which is what an application pays and what the crossover with
     * the copy engine (one cudaMemcpyAsync per sample) compares.
     */
    public static final long MANY_COPIES_FROM = 64L << 20;

    /** The most copies per sample: a 4 GiB sample of 64 copies is already 5 s at 55 GB/s. */
    public static final int MAX_COPIES = 64;

    /** By size (copies and start), in one launch, bidir one vector per thread in one launch. */
    public static final KernelTiming DEFAULT = new KernelTiming(0, Repeat.LOOP, false, false, Start.BY_SIZE,
            Bidir.ONE_VECTOR);

    /** How a sample's copies are issued. */
    public enum Repeat {
        /** One launch that copies the buffer n times ({@code copy_bytes_repeat}), as nvbandwidth does. */
        LOOP,
        /** n launches of {@code copy_bytes} queued back to back: each copy ends before the next starts. */
        LAUNCHES;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How a sample starts where {@code --kernel-gate} and {@code --kernel-lead-in} do not force it. */
    public enum Start {
        /**
         * nvbandwidth's start from {@link #MANY_COPIES_FROM} under the events timer: the stream held
         * by {@code hold_stream} while an untimed lead-in copy, the start event, the sample's copies
         * and the stop event are queued, then released; plain below that size or by the wall clock.
         */
        BY_SIZE,
        /** The start event and the copies queued onto an idle stream, at every size. */
        PLAIN;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** How the kernel's bidir rows are copied. */
    public enum Bidir {
        /**
         * {@code copy_bidir}: one launch of {@code --blocks}, even warps up, odd warps down, 12-vector
         * rounds, one event pair for both. The default before {@link #ONE_VECTOR}, 2.6% under nvbandwidth.
         */
        ONE_LAUNCH,
        /** {@code copy_bytes} up on one stream and down on another, each timed by its own events. */
        TWO_STREAMS,
        /**
         * {@code copy_bidir_one_vector}, the default: one launch in nvbandwidth's split-warp shape, one
         * vector per thread, a grid by size ({@link LaunchShape#oneVectorFor}) rather than {@code --blocks}.
         */
        ONE_VECTOR;

        /** The bidir kernel in words, for the text report's launch line and the JSON parameters. */
        public String describe() {
            return switch (this) {
                case ONE_LAUNCH -> "copy_bidir, " + LaunchShape.THREADS_PER_BLOCK + " threads per block, "
                        + LaunchShape.UNROLL + " x 16 B loads in flight per thread, even warps up and odd warps down,"
                        + " blocks as listed";
                case TWO_STREAMS -> "copy_bytes up on one stream and down on another, blocks as listed";
                case ONE_VECTOR -> "copy_bidir_one_vector, " + LaunchShape.ONE_VECTOR_THREADS_PER_BLOCK
                        + " threads per block, one 16 B vector per thread, even warps up and odd warps down,"
                        + " a grid by size (blocks as listed)";
            };
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public KernelTiming {
        if (copies < 0 || copies > MAX_COPIES) {
            throw new IllegalArgumentException("--kernel-copies must be 1 to " + MAX_COPIES + ", or auto, not " + copies);
        }
        java.util.Objects.requireNonNull(repeat, "repeat");
        java.util.Objects.requireNonNull(start, "start");
        java.util.Objects.requireNonNull(bidir, "bidir");
    }

    /** Parses {@code --kernel-copies}: a count, or {@code auto} (by size). */
    public static int parseCopies(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("auto")) {
            return 0;
        }
        try {
            int n = Integer.parseInt(t);
            if (n >= 1 && n <= MAX_COPIES) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("--kernel-copies must be 1 to " + MAX_COPIES + ", or auto, not '" + text + "'");
    }

    /** Parses {@code --kernel-repeat}. */
    public static Repeat parseRepeat(String text) {
        for (Repeat r : Repeat.values()) {
            if (r.label().equalsIgnoreCase(text.strip())) {
                return r;
            }
        }
        throw new IllegalArgumentException("--kernel-repeat must be loop or launches, not '" + text + "'");
    }

    /** Parses {@code --kernel-start}. */
    public static Start parseStart(String text) {
        for (Start s : Start.values()) {
            if (s.label().equalsIgnoreCase(text.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("--kernel-start must be by-size or plain, not '" + text + "'");
    }

    /** Parses {@code --kernel-bidir}. */
    public static Bidir parseBidir(String text) {
        for (Bidir b : Bidir.values()) {
            if (b.label().equalsIgnoreCase(text.strip())) {
                return b;
            }
        }
        throw new IllegalArgumentException("--kernel-bidir must be one-launch, two-streams or one-vector, not '" + text + "'");
    }

    /** Copies of a {@code bytes}-byte buffer in one timed sample. */
    public int copiesFor(long bytes) {
        if (copies > 0) {
            return copies;
        }
        return bytes >= MANY_COPIES_FROM ? NVBANDWIDTH_COPIES : 1;
    }

    /** Whether a sample of a {@code bytes}-byte buffer timed by {@code timer} is held by {@code hold_stream}. */
    public boolean gatedFor(long bytes, CopyTimer timer) {
        return gated || nvbandwidthStart(bytes, timer);
    }

    /** Whether a sample of a {@code bytes}-byte buffer timed by {@code timer} has an untimed lead-in copy. */
    public boolean leadInFor(long bytes, CopyTimer timer) {
        return leadIn || nvbandwidthStart(bytes, timer);
    }

    /** Whether any sample timed by {@code timer} may be held, so the run needs a {@code hold_stream} gate. */
    public boolean mayGate(CopyTimer timer) {
        return gated || startsBySize(timer);
    }

    private boolean nvbandwidthStart(long bytes, CopyTimer timer) {
        return startsBySize(timer) && bytes >= MANY_COPIES_FROM;
    }

    /** Whether large samples start as nvbandwidth's: a held stream cannot be timed by the wall clock. */
    private boolean startsBySize(CopyTimer timer) {
        return start == Start.BY_SIZE && timer == CopyTimer.EVENTS;
    }

    /** Whether this is the default timing (nothing for the output to mention beyond the default's rule). */
    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** The sample in words, for the text report's launch line and the JSON parameters. */
    public String describe(CopyTimer timer) {
        String n = copies > 0 ? copies + (copies == 1 ? " copy" : " copies")
                : NVBANDWIDTH_COPIES + " copies from 64 MiB, 1 below,";
        StringBuilder s = new StringBuilder("a sample is ").append(n);
        s.append(repeat == Repeat.LOOP ? " in one launch" : " in back-to-back launches");
        if (gated) {
            s.append(", queued behind hold_stream");
        }
        if (leadIn) {
            s.append(", after an untimed lead-in copy");
        }
        if (startsBySize(timer) && !(gated && leadIn)) {
            s.append(", from 64 MiB behind hold_stream and an untimed lead-in copy (nvbandwidth's start)");
        }
        if (bidir == Bidir.TWO_STREAMS) {
            s.append(", bidir on two streams");
        } else if (bidir == Bidir.ONE_LAUNCH) {
            s.append(", bidir by copy_bidir");
        }
        return s.toString();
    }
}
