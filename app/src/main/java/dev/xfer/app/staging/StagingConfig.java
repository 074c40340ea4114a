package dev.xfer.app.staging;

import java.util.Objects;

/**
 * How a staged copy is set up: {@code threads} lanes, each with its own stream and a ring of
 * {@code slotsPerThread} pinned slots of {@code slotBytes} bytes, host bytes moved by {@code hostCopy}.
 */
public record StagingConfig(int threads, int slotsPerThread, long slotBytes, HostCopy hostCopy) {
    public StagingConfig {
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("--threads must be 1 to 256, not " + threads);
        }
        if (slotsPerThread < 1 || slotsPerThread > 1024) {
            throw new IllegalArgumentException("--staging-slots must be 1 to 1024, not " + slotsPerThread);
        }
        if (slotBytes < 1) {
            throw new IllegalArgumentException("--staging-size must be at least 1 byte");
        }
        Objects.requireNonNull(hostCopy, "hostCopy");
    }
}
