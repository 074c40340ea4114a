package dev.xfer.app.evidence;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Everything an {@link EvidenceRecorder} read of one GPU through a run, for the
 * {@link DisturbanceRules} and the document.
 *
 * @param gpu             how the GPU is named in plain words: {@code GPU 0}
 * @param ownPid          xfer's own process, left out of the foreign processes
 * @param unavailable     why the probe read nothing; then everything else is empty
 * @param phases          in order
 * @param samples         the link samples read, in order (phase boundaries included)
 * @param samplesUnknown  why link samples could not be read, when none could
 * @param period          the background sampler's period
 * @param idleWindows     the stretches read on purpose while xfer moved nothing, in order
 */
public record Recording(String gpu, long ownPid, Optional<String> unavailable, List<Phase> phases,
                        List<LinkSample> samples, Optional<String> samplesUnknown, Duration period,
                        List<IdleWindow> idleWindows) {
    public Recording {
        phases = List.copyOf(phases);
        samples = List.copyOf(samples);
        idleWindows = List.copyOf(idleWindows);
    }

    /** A recording without idle windows of its own (only the gaps between phases are idle). */
    public Recording(String gpu, long ownPid, Optional<String> unavailable, List<Phase> phases,
                     List<LinkSample> samples, Optional<String> samplesUnknown, Duration period) {
        this(gpu, ownPid, unavailable, phases, samples, samplesUnknown, period, List.of());
    }

    public static Recording unavailable(String gpu, long ownPid, String why, Duration period) {
        return new Recording(gpu, ownPid, Optional.of(why), List.of(), List.of(), Optional.of(why), period);
    }
}
