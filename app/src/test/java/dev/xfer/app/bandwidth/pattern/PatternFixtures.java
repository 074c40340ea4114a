package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.OptionalInt;

import static dev.xfer.app.output.ResultsFixtures.summary;

/**
 * Fixed rounds of a pattern run over GPUs 0 and 1, for renderer tests and the golden files
 * {@code bandwidth-patterns.txt} and {@code bandwidth-devices-patterns.json}: all-to-host on the
 * copy engines, all-to-one read by the copy kernel with GPU 1's round delivering a wrong byte.
 * No GPU, no clock.
 */
public final class PatternFixtures {
    public static final long MIB512 = 512L << 20;

    private PatternFixtures() {
    }

    public static List<PatternPlan> plans() {
        return List.of(new PatternPlan(TrafficPattern.ALL_TO_HOST, false, Initiation.WRITE, CopyPath.DRIVER, MIB512),
                new PatternPlan(TrafficPattern.ALL_TO_ONE, false, Initiation.READ, CopyPath.KERNEL, MIB512));
    }

    private static Summary around(double median) {
        return summary(20, median, median - 0.5, median + 0.25, median, 0.125);
    }

    public static List<PatternResult> results() {
        return List.of(
                new PatternResult("all-to-host", "d2h", CopyPath.DRIVER, MIB512, 0, List.of(1), 2, around(41.5),
                        around(97.25), true),
                new PatternResult("all-to-host", "d2h", CopyPath.DRIVER, MIB512, 1, List.of(0), 2, around(40.75),
                        around(96.5), true),
                new PatternResult("all-to-one-read", "p2p", CopyPath.KERNEL, MIB512, 0, List.of(1), 1, around(123.5),
                        around(123.5), true),
                new PatternResult("all-to-one-read", "p2p", CopyPath.KERNEL, MIB512, 1, List.of(0), 1, around(121.0),
                        around(121.0), false));
    }

    public static List<VerificationFailure> failures() {
        return List.of(new VerificationFailure("all-to-one-read kernel round of GPU 1: copy gpu1->gpu0 by gpu0"
                + " 536870912B timed", 4096, (byte) 0x3c, (byte) 0xa5, OptionalInt.empty()));
    }

    public static List<String> notes() {
        return List.of();
    }
}
