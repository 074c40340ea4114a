package dev.xfer.app.bandwidth;

/**
 * One ordered pair of GPUs by CUDA index: the data goes from {@code src} to {@code dst}, whichever
 * of the two issues the copy ({@code --initiation}). {@code --pair 0,1} is this pair, and a
 * document's {@code parameters.pairs} lists them.
 */
public record GpuPair(int src, int dst) {
    /** @throws IllegalArgumentException for a negative index or a GPU paired with itself, in the option's words */
    public GpuPair {
        if (src < 0 || dst < 0) {
            throw new IllegalArgumentException("--pair " + src + "," + dst + ": a GPU index is 0 or more");
        }
        if (src == dst) {
            throw new IllegalArgumentException("--pair " + src + "," + dst + ": a pair is two different GPUs");
        }
    }

    /**
     * {@code A,B} as {@code --pair} takes it.
     *
     * @throws IllegalArgumentException naming the form when {@code text} is not two indices
     */
    public static GpuPair parse(String text) {
        String[] parts = text.strip().split(",", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("--pair takes two GPU indices, source then destination, as 0,1, not '"
                    + text.strip() + "'");
        }
        try {
            return new GpuPair(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--pair takes two GPU indices, source then destination, as 0,1, not '"
                    + text.strip() + "'", e);
        }
    }

    /** {@code 0->1}, as the p2p configurations write a pair. */
    @Override
    public String toString() {
        return src + "->" + dst;
    }
}
