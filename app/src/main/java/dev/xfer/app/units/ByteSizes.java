package dev.xfer.app.units;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads several transfer sizes at once: a comma-separated list ({@code 4KiB,16MiB}) or a doubling
 * sweep ({@code 4KiB..1GiB}).
 */
public final class ByteSizes {
    private ByteSizes() {
    }

    /**
     * Reads either a sweep (when the text contains {@code ..}) or a list.
     *
     * @throws IllegalArgumentException as {@link #sweep(String)} or {@link #parseList(String)}
     */
    public static List<ByteSize> parse(String text) {
        Objects.requireNonNull(text, "text");
        return text.contains("..") ? sweep(text) : parseList(text);
    }

    /**
     * Reads a comma-separated list of sizes in the order given, duplicates kept. White space
     * around each element is ignored.
     *
     * @throws IllegalArgumentException when the list or an element is empty, or an element is
     *         not a valid {@link ByteSize}
     */
    public static List<ByteSize> parseList(String text) {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw invalidList(text, "it is empty");
        }
        // limit -1 keeps trailing empty elements so that "4KiB," is reported, not ignored.
        String[] elements = text.split(",", -1);
        List<ByteSize> sizes = new ArrayList<>(elements.length);
        for (int i = 0; i < elements.length; i++) {
            if (elements[i].isBlank()) {
                throw invalidList(text, "element " + (i + 1) + " is empty");
            }
            sizes.add(ByteSize.parse(elements[i]));
        }
        return List.copyOf(sizes);
    }

    /**
     * Reads {@code FROM..TO} and returns {@link #sweep(ByteSize, ByteSize)} of the two sizes.
     *
     * @throws IllegalArgumentException when the text is not two sizes around one {@code ..},
     *         or FROM is larger than TO
     */
    public static List<ByteSize> sweep(String text) {
        Objects.requireNonNull(text, "text");
        int dots = text.indexOf("..");
        if (dots < 0 || text.indexOf("..", dots + 2) >= 0 || text.startsWith(".", dots + 2)) {
            throw invalidSweep(text, "expected FROM..TO, such as 4KiB..1GiB");
        }
        String fromText = text.substring(0, dots);
        String toText = text.substring(dots + 2);
        if (fromText.isBlank() || toText.isBlank()) {
            throw invalidSweep(text, "expected FROM..TO, such as 4KiB..1GiB");
        }
        ByteSize from = ByteSize.parse(fromText);
        ByteSize to = ByteSize.parse(toText);
        if (from.compareTo(to) > 0) {
            throw invalidSweep(text, "FROM (" + from + ") is larger than TO (" + to + ")");
        }
        return sweep(from, to);
    }

    /**
     * Returns {@code from}, then doubles it while the result stays at most {@code to}. From a
     * power of two this gives every power of two in [from, to]; from 3KiB it gives 3KiB, 6KiB,
     * 12KiB, .... {@code to} is included only when the doubling lands on it.
     *
     * @throws IllegalArgumentException when {@code from} is larger than {@code to}
     */
    public static List<ByteSize> sweep(ByteSize from, ByteSize to) {
        if (from.compareTo(to) > 0) {
            throw new IllegalArgumentException(
                    "invalid size sweep: from (" + from + ") is larger than to (" + to + ")");
        }
        List<ByteSize> sizes = new ArrayList<>();
        long bytes = from.bytes();
        while (true) {
            sizes.add(new ByteSize(bytes));
            // Compare before doubling: doubling past 2^62 would overflow.
            if (bytes > to.bytes() / 2) {
                return List.copyOf(sizes);
            }
            bytes *= 2;
        }
    }

    private static IllegalArgumentException invalidList(String text, String reason) {
        return new IllegalArgumentException(
                "invalid size list " + InputText.quote(text) + ": " + reason);
    }

    private static IllegalArgumentException invalidSweep(String text, String reason) {
        return new IllegalArgumentException(
                "invalid size sweep " + InputText.quote(text) + ": " + reason);
    }
}
