package dev.xfer.app.expect;

import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A result name split into its segments: {@code pinned.h2d.16MiB} is {@code pinned}, {@code h2d},
 * {@code 16MiB}.
 *
 * <p>A segment is either a word of lower-case letters, digits and {@code -} that starts with a
 * letter or digit, or a size as {@link ByteSize#format()} writes it. A size may hold a dot
 * ({@code 1.5MiB}); where a size can be read, it is read whole, so {@code pinned.h2d.1.5MiB} has
 * three segments, not four. Sizes are kept in {@link ByteSize#format()} form, so that
 * {@code 16384KiB} names the same result as {@code 16MiB}.
 *
 * @param segments the segments, at least one
 */
record MetricName(List<String> segments) {

    // Upper-case B sets sizes apart from words, so the two never compete for the same text.
    private static final Pattern SIZE = Pattern.compile("[0-9]+(?:\\.[0-9]+)?(?:[KMGT]i?)?B");
    private static final Pattern WORD = Pattern.compile("[a-z0-9][a-z0-9-]*");

    /** @throws IllegalArgumentException when there are no segments or one is not valid */
    MetricName {
        segments = List.copyOf(segments);
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("a result name needs at least one segment");
        }
        for (String segment : segments) {
            if (!WORD.matcher(segment).matches() && !isCanonicalSize(segment)) {
                throw new IllegalArgumentException("'" + segment + "' is not a result name segment");
            }
        }
    }

    /**
     * Reads a name such as {@code pinned.h2d.16MiB}; a size segment in another form than
     * {@link ByteSize#format()} gives ({@code 16384KiB}) is rewritten to that form.
     *
     * @throws IllegalArgumentException with a one-line reason (without the name itself) when the
     *         text is not a name
     */
    static MetricName parse(String text) {
        Objects.requireNonNull(text, "text");
        return tryParse(text).orElseThrow(() -> new IllegalArgumentException(parseFailure()));
    }

    private static String parseFailure() {
        return "result names are dot-separated segments of a-z, 0-9 and '-', or sizes such as 16MiB";
    }

    /**
     * Returns {@code text} when it is a name exactly as {@link #toString()} writes it, which is
     * what results must be named for expectations to find them.
     *
     * @throws IllegalArgumentException otherwise
     */
    static String requireCanonical(String text) {
        Objects.requireNonNull(text, "name");
        MetricName name = tryParse(text).orElseThrow(() -> new IllegalArgumentException(
                "'" + text + "' is not a result name: " + parseFailure()));
        if (!name.toString().equals(text)) {
            throw new IllegalArgumentException("result name '" + text
                    + "' must write its sizes as ByteSize.format() does: " + name);
        }
        return text;
    }

    /**
     * Whether this name's segments begin with all of {@code prefix}'s segments; a name starts
     * with itself. {@code pinned.h2} is not a prefix of {@code pinned.h2d.16MiB}.
     */
    boolean startsWith(MetricName prefix) {
        return prefix.segments.size() <= segments.size()
                && segments.subList(0, prefix.segments.size()).equals(prefix.segments);
    }

    /** The first {@code count} segments. */
    MetricName prefix(int count) {
        return new MetricName(segments.subList(0, count));
    }

    /** The segments joined with dots. */
    @Override
    public String toString() {
        return String.join(".", segments);
    }

    private static Optional<MetricName> tryParse(String text) {
        List<String> segments = new ArrayList<>();
        int at = 0;
        while (true) {
            int end = segmentEnd(text, at);
            if (end < 0) {
                return Optional.empty();
            }
            String segment = text.substring(at, end);
            if (SIZE.matcher(segment).matches()) {
                try {
                    segment = ByteSize.parse(segment).format();
                } catch (IllegalArgumentException notASize) {
                    return Optional.empty(); // 0B, 1.5B
                }
            }
            segments.add(segment);
            if (end == text.length()) {
                return Optional.of(new MetricName(segments));
            }
            at = end + 1; // past the dot
        }
    }

    /** Where the segment at {@code at} ends (at a dot or the end), or -1 when none starts there. */
    private static int segmentEnd(String text, int at) {
        for (Pattern shape : List.of(SIZE, WORD)) {
            Matcher m = shape.matcher(text).region(at, text.length());
            if (m.lookingAt() && (m.end() == text.length() || text.charAt(m.end()) == '.')) {
                return m.end();
            }
        }
        return -1;
    }

    private static boolean isCanonicalSize(String segment) {
        if (!SIZE.matcher(segment).matches()) {
            return false;
        }
        try {
            return ByteSize.parse(segment).format().equals(segment);
        } catch (IllegalArgumentException notASize) {
            return false;
        }
    }
}
