package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class CpuSetTextPropertiesTest {

    /** A range written the way a person or a tool other than the kernel might: "first-last" or "first". */
    record Piece(int first, int last) {
        String text(boolean singleAsRange) {
            return first == last && !singleAsRange ? Integer.toString(first) : first + "-" + last;
        }
    }

    @Property
    void parsingFormattedSetGivesTheSet(@ForAll @Size(max = 200) Set<@IntRange(max = 4095) Integer> cpus) {
        assertEquals(cpus, CpuSet.of(cpus).cpus());
        assertEquals(CpuSet.of(cpus), CpuSet.parse(CpuSet.of(cpus).format()).orElseThrow());
    }

    @Property
    void anyWellFormedTextParsesToTheUnionOfItsPieces(@ForAll("pieces") List<Piece> pieces,
                                                      @ForAll boolean singlesAsRanges) {
        CpuSet parsed = CpuSet.parse(join(pieces, singlesAsRanges)).orElseThrow();

        TreeSet<Integer> union = new TreeSet<>();
        for (Piece piece : pieces) {
            for (int cpu = piece.first(); cpu <= piece.last(); cpu++) {
                union.add(cpu);
            }
        }
        assertEquals(union, parsed.cpus());
    }

    @Property
    void formattingParsedTextIsCanonical(@ForAll("pieces") List<Piece> pieces, @ForAll boolean singlesAsRanges) {
        String canonical = CpuSet.parse(join(pieces, singlesAsRanges)).orElseThrow().format();

        assertEquals(canonical, CpuSet.parse(canonical).orElseThrow().format());
        assertCanonical(canonical);
    }

    @Provide
    Arbitrary<List<Piece>> pieces() {
        Arbitrary<Piece> piece = Combinators.combine(
                Arbitraries.integers().between(0, 2000), Arbitraries.integers().between(0, 20))
            .as((first, length) -> new Piece(first, first + length));
        // Shuffled so the parser sees pieces out of order, overlapping and adjacent.
        return piece.list().ofMaxSize(12).map(list -> {
            List<Piece> shuffled = new ArrayList<>(list);
            Collections.shuffle(shuffled, new Random(list.hashCode()));
            return shuffled;
        });
    }

    private static String join(List<Piece> pieces, boolean singlesAsRanges) {
        List<String> texts = new ArrayList<>();
        for (Piece piece : pieces) {
            texts.add(piece.text(singlesAsRanges));
        }
        return String.join(",", texts);
    }

    /** Ascending runs, separated by gaps, each written in its shortest form. */
    private static void assertCanonical(String text) {
        if (text.isEmpty()) {
            return;
        }
        int previousLast = -2;
        for (String run : text.split(",")) {
            String[] ends = run.split("-");
            int first = Integer.parseInt(ends[0]);
            int last = ends.length == 2 ? Integer.parseInt(ends[1]) : first;
            assertTrue(first > previousLast + 1, () -> "runs must be ascending and separated: " + text);
            assertTrue(ends.length == 1 || last > first, () -> "a single CPU must not be written as a range: " + text);
            assertEquals(Integer.toString(first), ends[0], () -> "no leading zeros: " + text);
            previousLast = last;
        }
    }
}
