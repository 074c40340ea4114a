package dev.xfer.cuda;

final class Sizes {
    private Sizes() {
    }

    static void requirePositive(long bytes, String what) {
        if (bytes <= 0) {
            throw new IllegalArgumentException(what + " size must be positive: " + bytes);
        }
    }
}
