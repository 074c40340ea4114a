package dev.xfer.app.evidence;

import java.time.Instant;
import java.util.Optional;

/** A probe that reads nothing, and says why: the evidence is {@code unavailable: <why>}. */
public record UnavailableProbe(String why) implements GpuProbe {
    @Override
    public Optional<String> unavailable() {
        return Optional.of(why);
    }

    @Override
    public GpuSnapshot snapshot(boolean memoryHealth) {
        return GpuSnapshot.unknown(Instant.now(), System.nanoTime(), why);
    }

    @Override
    public Reading<LinkSample> linkSample() {
        return Reading.unknown(why);
    }

    @Override
    public void close() {
    }
}
