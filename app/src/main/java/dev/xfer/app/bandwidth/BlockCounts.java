package dev.xfer.app.bandwidth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * {@code --blocks}: the grid sizes the copy kernel is launched with, as given, before the device
 * (and so its SM count) is known. A value is a count ({@code 64}), {@code sm} (one block per SM),
 * or a multiple of it ({@code 2sm}); {@code A..B} is the powers of two from A up to B, and B;
 * {@code all} is {@code 1..sm}. Values are separated by commas: {@code 1..4sm}, {@code 8,sm,2sm}.
 *
 * @param text  the option as given, for names and messages; {@code sm} when not given
 * @param given whether {@code --blocks} was given (result names then carry the block count)
 */
public record BlockCounts(String text, boolean given, List<Term> terms) {

    /** One block per SM: nvbandwidth's grid for its SM copies. */
    public static final BlockCounts DEFAULT = new BlockCounts("sm", false, List.of(new Term(0, 1, 0, 1)));

    /**
     * A range from {@code fromCount + fromPerSm * sm} to {@code toCount + toPerSm * sm}; a
     * single value has from == to. Exactly one of each pair is non-zero.
     */
    public record Term(int fromCount, int fromPerSm, int toCount, int toPerSm) {
    }

    public BlockCounts {
        terms = List.copyOf(terms);
    }

    /** Parses {@code --blocks}; an {@link IllegalArgumentException} names what is wrong. */
    public static BlockCounts parse(String text) {
        List<Term> terms = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip().toLowerCase(Locale.ROOT);
            if (p.equals("all")) {
                terms.add(new Term(1, 0, 0, 1));
                continue;
            }
            int dots = p.indexOf("..");
            if (dots >= 0) {
                int[] from = value(p.substring(0, dots), text);
                int[] to = value(p.substring(dots + 2), text);
                // Two counts, or two multiples of sm, are ordered without the device; a count beside a
                // multiple of sm waits for its SM count (OneDeviceRun.onDevice).
                boolean sameKind = (from[1] == 0) == (to[1] == 0);
                if (sameKind && from[0] + from[1] > to[0] + to[1]) {
                    throw new IllegalArgumentException("--blocks " + text.strip() + ": the range '" + part.strip()
                            + "' ends below where it starts");
                }
                terms.add(new Term(from[0], from[1], to[0], to[1]));
            } else {
                int[] v = value(p, text);
                terms.add(new Term(v[0], v[1], v[0], v[1]));
            }
        }
        return new BlockCounts(text.strip(), true, terms);
    }

    /** {count, perSm} of one value. */
    private static int[] value(String v, String whole) {
        String s = v.strip();
        boolean perSm = s.endsWith("sm");
        String number = perSm ? s.substring(0, s.length() - 2) : s;
        if (perSm && number.isEmpty()) {
            return new int[] {0, 1};
        }
        int n;
        try {
            n = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--blocks takes block counts (64), sm, multiples of it (2sm), ranges"
                    + " (1..sm) or all, not '" + whole + "'");
        }
        if (n < 1) {
            throw new IllegalArgumentException("--blocks needs at least one block per launch, not '" + s + "' in '"
                    + whole + "'");
        }
        if (perSm && n > 64) {
            throw new IllegalArgumentException("--blocks " + s + ": at most 64sm");
        }
        return perSm ? new int[] {0, n} : new int[] {n, 0};
    }

    /** These counts on a device with {@code sms} SMs, as plain numbers: {@link #fixed()} then knows them. */
    public BlockCounts on(int sms) {
        return new BlockCounts(text, given, resolve(sms).stream().map(n -> new Term(n, 0, n, 0)).toList());
    }

    /** The counts when they do not depend on the SM count (no {@code sm}, no {@code all}); empty otherwise. */
    public Optional<List<Integer>> fixed() {
        boolean plain = terms.stream().allMatch(t -> t.fromPerSm() == 0 && t.toPerSm() == 0);
        return plain ? Optional.of(resolve(1)) : Optional.empty();
    }

    /**
     * The block counts for a device with {@code sms} SMs, ascending and each once, so a sweep reads
     * from few SMs to many: a range gives its start, doubling while below its end, then its end.
     * A range that ends below its start is an error.
     */
    public List<Integer> resolve(int sms) {
        if (sms < 1) {
            throw new IllegalArgumentException("a device with " + sms + " SMs");
        }
        SortedSet<Integer> counts = new TreeSet<>();
        for (Term t : terms) {
            long from = (long) t.fromCount() + (long) t.fromPerSm() * sms;
            long to = (long) t.toCount() + (long) t.toPerSm() * sms;
            if (to > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("--blocks " + text + ": " + to + " blocks is too many for one launch");
            }
            if (to < from) {
                throw new IllegalArgumentException("--blocks " + text + ": the range ends (" + to + " blocks with " + sms
                        + " SMs) below where it starts (" + from + ")");
            }
            for (long b = from; b < to; b *= 2) {
                counts.add((int) b);
            }
            counts.add((int) to);
        }
        return List.copyOf(counts);
    }
}
