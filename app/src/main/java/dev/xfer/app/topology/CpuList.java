package dev.xfer.app.topology;

import dev.xfer.host.CpuSet;

import java.util.Collection;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of logical CPU numbers, as Linux writes it in {@code cpulist} files: comma-separated
 * numbers and inclusive ranges, for example {@code 0-3,8,10-11}. The empty string is the empty set.
 *
 * @param cpus the CPU numbers, ascending; never negative
 */
public record CpuList(SortedSet<Integer> cpus) {
    /**
     * CPU numbers at or above this are treated as malformed input. Linux caps NR_CPUS far lower,
     * and the cap keeps a corrupt range such as {@code 0-2147483647} from exhausting memory.
     */
    public static final int CPU_LIMIT = 1 << 16;

    private static final CpuList EMPTY = new CpuList(new TreeSet<>());
    // The kernel also accepts stride groups ("0-15:2/4") when writing, but never prints them.
    private static final Pattern PIECE = Pattern.compile("(\\d{1,5})(?:-(\\d{1,5}))?");

    public CpuList {
        TreeSet<Integer> copy = new TreeSet<>();
        for (Integer cpu : cpus) {
            if (cpu == null || cpu < 0 || cpu >= CPU_LIMIT) {
                throw new IllegalArgumentException("CPU numbers must be 0 to " + (CPU_LIMIT - 1) + ", got " + cpu);
            }
            copy.add(cpu);
        }
        cpus = Collections.unmodifiableSortedSet(copy);
    }

    /** The list without CPUs. */
    public static CpuList empty() {
        return EMPTY;
    }

    /** The list of the given CPU numbers, in any order, duplicates allowed. */
    public static CpuList of(Collection<Integer> cpus) {
        return new CpuList(new TreeSet<>(cpus));
    }

    /** The list of the given CPU numbers. */
    public static CpuList of(int... cpus) {
        TreeSet<Integer> set = new TreeSet<>();
        for (int cpu : cpus) {
            set.add(cpu);
        }
        return new CpuList(set);
    }

    /**
     * Parses cpulist text. Surrounding whitespace is ignored; pieces may overlap or come in any
     * order. Returns empty for anything malformed: stray characters, a range whose end is below its
     * start, or a CPU number at or above {@link #CPU_LIMIT}.
     */
    public static Optional<CpuList> parse(String text) {
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
        return Optional.of(new CpuList(cpus));
    }

    /** Whether {@code cpu} is in the list. */
    public boolean contains(int cpu) {
        return cpus.contains(cpu);
    }

    /** How many CPUs the list holds. */
    public int size() {
        return cpus.size();
    }

    /** Whether the list holds no CPUs. */
    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    /**
     * The canonical cpulist text, as the kernel prints it: ascending, runs of two or more
     * consecutive CPUs written as ranges, empty string for no CPUs.
     */
    public String format() {
        // One writer of cpulist text for the whole project: the one the placement layer uses.
        return new CpuSet(cpus).toString();
    }

    /** The canonical cpulist text; see {@link #format()}. */
    @Override
    public String toString() {
        return format();
    }
}
