package dev.xfer.app.overlap;

/** Elements {@code [begin, end)} of the array, handled by one stream. */
public record Chunk(int stream, long begin, long end) {
    public long length() {
        return end - begin;
    }
}
