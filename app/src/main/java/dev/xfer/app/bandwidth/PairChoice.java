package dev.xfer.app.bandwidth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which ordered GPU pairs the copies between GPUs ({@code --direction p2p}, and the patterns
 * all-to-one and one-to-all) take part in: every pair of the selected GPUs (the default), the
 * pairs {@code --pair} names, or {@code --pairs K} of them sampled with {@code --seed}, as
 * nvbandwidth v0.10 samples pairs on machines with too many GPUs to measure every pair. A choice
 * is resolved against the GPUs a run opened ({@link #resolve}); a sample depends only on those
 * GPUs and the seed, so the same command on the same machine measures the same pairs, and runs
 * compare pair by pair.
 */
public sealed interface PairChoice {
    /** The seed a sample takes without {@code --seed}: fixed, so runs without one sample alike and compare. */
    long DEFAULT_SEED = 1;

    /** Every ordered pair, as before {@code --pair}. */
    PairChoice EVERY = new Every();

    /**
     * The pairs chosen among {@code gpus} (CUDA indices, in the order selected), in that order,
     * source-major: (0,1), (0,2), (1,0), ...
     *
     * @throws IllegalArgumentException in the options' words when the choice does not fit {@code gpus}
     */
    List<GpuPair> resolve(List<Integer> gpus);

    /** Whether this is every pair (the default): documents and text then say nothing of pairs. */
    default boolean every() {
        return this instanceof Every;
    }

    /** The seed a sample was drawn with; empty for every pair or given pairs. */
    default OptionalLong drawSeed() {
        return this instanceof Sampled s ? OptionalLong.of(s.seed()) : OptionalLong.empty();
    }

    /** What the choice is, for the text: {@code --pair 0,1 --pair 2,3}, {@code --pairs 4 --seed 1}. */
    String describe();

    /**
     * The pairs chosen among {@code gpus} as one line of text:
     * {@code GPU pairs: 0->2, 1->0 (2 of 6, --pairs 2 --seed 1)}.
     */
    default String line(List<Integer> gpus) {
        List<GpuPair> chosen = resolve(gpus);
        return "GPU pairs: " + chosen.stream().map(GpuPair::toString).collect(Collectors.joining(", ")) + " ("
                + chosen.size() + " of " + allPairs(gpus).size() + ", " + describe() + ")";
    }

    /** Every ordered pair of the selected GPUs. */
    record Every() implements PairChoice {
        @Override
        public List<GpuPair> resolve(List<Integer> gpus) {
            return allPairs(gpus);
        }

        @Override
        public String describe() {
            return "every pair";
        }
    }

    /** The pairs {@code --pair} named, each of two selected GPUs. */
    record Given(List<GpuPair> pairs) implements PairChoice {
        public Given {
            pairs = pairs.stream().distinct().toList();
            if (pairs.isEmpty()) {
                throw new IllegalArgumentException("--pair needs a pair, as 0,1");
            }
        }

        @Override
        public List<GpuPair> resolve(List<Integer> gpus) {
            for (GpuPair p : pairs) {
                for (int gpu : List.of(p.src(), p.dst())) {
                    if (!gpus.contains(gpu)) {
                        throw new IllegalArgumentException("--pair " + p.src() + "," + p.dst() + ": GPU " + gpu
                                + " is not among the GPUs selected (" + list(gpus) + ")");
                    }
                }
            }
            return allPairs(gpus).stream().filter(pairs::contains).toList();
        }

        @Override
        public String describe() {
            return pairs.stream().map(p -> "--pair " + p.src() + "," + p.dst()).collect(Collectors.joining(" "));
        }
    }

    /** {@code count} distinct ordered pairs drawn with {@code seed}. */
    record Sampled(int count, long seed) implements PairChoice {
        public Sampled {
            if (count < 1) {
                throw new IllegalArgumentException("--pairs must be 1 or more, not " + count);
            }
        }

        /**
         * The first {@code count} of a Fisher-Yates shuffle of every pair by {@link Random}, whose
         * sequence for a seed the JDK specifies, so a seed draws the same pairs on every JVM; then
         * in the GPUs' order.
         */
        @Override
        public List<GpuPair> resolve(List<Integer> gpus) {
            List<GpuPair> all = allPairs(gpus);
            if (count > all.size()) {
                throw new IllegalArgumentException("--pairs " + count + ": the " + gpus.size() + " GPUs selected ("
                        + list(gpus) + ") have " + all.size() + " ordered pair" + (all.size() == 1 ? "" : "s"));
            }
            List<GpuPair> shuffled = new ArrayList<>(all);
            Random random = new Random(seed);
            for (int i = 0; i < count; i++) {
                int j = i + random.nextInt(shuffled.size() - i);
                GpuPair swap = shuffled.get(i);
                shuffled.set(i, shuffled.get(j));
                shuffled.set(j, swap);
            }
            Set<GpuPair> drawn = new HashSet<>(shuffled.subList(0, count));
            return all.stream().filter(drawn::contains).toList();
        }

        @Override
        public String describe() {
            return "--pairs " + count + " --seed " + seed;
        }
    }

    /** Every ordered pair of {@code gpus}, source-major in their order. */
    static List<GpuPair> allPairs(List<Integer> gpus) {
        List<GpuPair> out = new ArrayList<>();
        for (int src : gpus) {
            for (int dst : gpus) {
                if (src != dst) {
                    out.add(new GpuPair(src, dst));
                }
            }
        }
        return out;
    }

    private static String list(List<Integer> gpus) {
        return gpus.stream().sorted(Comparator.naturalOrder()).map(String::valueOf).collect(Collectors.joining(", "));
    }
}
