package dev.xfer.host;

import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of logical CPU numbers: the one CPU-set type of the project. {@code sched_getaffinity} and
 * {@code sched_setaffinity} see it as a bit mask of 64-bit words, CPU {@code n} being bit
 * {@code n % 64} of word {@code n / 64}; sysfs {@code cpulist} files as comma-separated numbers
 * and inclusive ranges ({@code 0-3,8,10-11}, the empty string for no CPUs).
 *
 * @param cpus the CPU numbers, ascending, each 0 to {@link #CPU_LIMIT} - 1
 */
public record CpuSet(SortedSet<Integer> cpus) {
    /** The most CPUs a set may name; Linux's NR_CPUS is at most 8192 on x86-64. */
    public static final int CPU_LIMIT = 1 << 16;

    private static final CpuSet EMPTY = new CpuSet(new TreeSet<>());
    // The kernel also accepts stride groups ("0-15:2/4") when writing, but never prints them.
    private static final Pattern PIECE = Pattern.compile("(\\d{1,5})(?:-(\\d{1,5}))?");

    public CpuSet {
        TreeSet<Integer> copy = new TreeSet<>();
        for (Integer cpu : cpus) {
            if (cpu == null || cpu < 0 || cpu >= CPU_LIMIT) {
                throw new IllegalArgumentException("CPU numbers are 0 to " + (CPU_LIMIT - 1) + ", not " + cpu);
            }
            copy.add(cpu);
        }
        cpus = Collections.unmodifiableSortedSet(copy);
    }

    /** The set without CPUs. */
    public static CpuSet empty() {
        return EMPTY;
    }

    /**
     * Parses cpulist text. Surrounding whitespace is ignored; pieces may overlap or come in any
     * order. Returns empty for anything malformed: stray characters, a range whose end is below its
     * start, or a CPU number at or above {@link #CPU_LIMIT} (a corrupt {@code 0-2147483647} must
     * not exhaust memory).
     */
    public static Optional<CpuSet> parse(String text) {
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return Optional.of(EMPTY);
        }
        TreeSet<Integer> cpus = new TreeSet<>();
        // Limit -1 keeps trailing empty pieces, so "1," is rejected rather than read as "1".
        for (String piece : trimmed.split(",", -1)) {
            Matcher matcher = PIECE.matcher(piece);
            if (!matcher.matches()) {
                return Optional.empty();
            }
            int first = Integer.parseInt(matcher.group(1));
            int last = matcher.group(2) == null ? first : Integer.parseInt(matcher.group(2));
            if (last < first || last >= CPU_LIMIT) {
                return Optional.empty();
            }
            for (int cpu = first; cpu <= last; cpu++) {
                cpus.add(cpu);
            }
        }
        return Optional.of(new CpuSet(cpus));
    }

    /** The canonical cpulist text, as the kernel prints it; the same as {@link #toString()}. */
    public String format() {
        return toString();
    }

    /** The set of the given CPUs, in any order, repeats allowed. */
    public static CpuSet of(Collection<Integer> cpus) {
        return new CpuSet(new TreeSet<>(cpus));
    }

    /** The set of the given CPUs. */
    public static CpuSet of(int... cpus) {
        TreeSet<Integer> set = new TreeSet<>();
        for (int cpu : cpus) {
            set.add(cpu);
        }
        return new CpuSet(set);
    }

    /** The CPUs whose bits are set in {@code mask}, word 0 holding CPUs 0 to 63. */
    public static CpuSet fromMask(long[] mask) {
        TreeSet<Integer> set = new TreeSet<>();
        for (int word = 0; word < mask.length; word++) {
            long bits = mask[word];
            while (bits != 0) {
                int bit = Long.numberOfTrailingZeros(bits);
                set.add(word * 64 + bit);
                bits &= bits - 1;
            }
        }
        return new CpuSet(set);
    }

    /** The bit mask in {@code words} 64-bit words; the words must hold the highest CPU. */
    public long[] toMask(int words) {
        if (!cpus.isEmpty() && cpus.last() >= words * 64) {
            throw new IllegalArgumentException(words + " words cannot hold CPU " + cpus.last());
        }
        long[] mask = new long[words];
        for (int cpu : cpus) {
            mask[cpu / 64] |= 1L << (cpu % 64);
        }
        return mask;
    }

    /** The fewest 64-bit words that hold every CPU of the set; at least one. */
    public int wordsNeeded() {
        return cpus.isEmpty() ? 1 : cpus.last() / 64 + 1;
    }

    public boolean contains(int cpu) {
        return cpus.contains(cpu);
    }

    public int size() {
        return cpus.size();
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    /** The set as Linux writes cpulist files: {@code 0-3,8,10-11}; empty text for no CPUs. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        Iterator<Integer> iterator = cpus.iterator();
        if (!iterator.hasNext()) {
            return "";
        }
        int first = iterator.next();
        int last = first;
        while (iterator.hasNext()) {
            int cpu = iterator.next();
            if (cpu != last + 1) {
                appendRun(text, first, last);
                first = cpu;
            }
            last = cpu;
        }
        appendRun(text, first, last);
        return text.toString();
    }

    private static void appendRun(StringBuilder text, int first, int last) {
        if (!text.isEmpty()) {
            text.append(',');
        }
        text.append(first);
        if (last != first) {
            text.append('-').append(last);
        }
    }
}
