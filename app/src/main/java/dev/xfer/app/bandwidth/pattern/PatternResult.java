package dev.xfer.app.bandwidth.pattern;

import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.units.ByteSize;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One round of a many-GPU pattern: GPU {@code gpu} measured while the other GPUs' copies ran
 * beside its own, all started together. Its results are named {@code pattern.FORM[.kernel].SIZE.gpuN},
 * the measured GPU's median, and {@code pattern.FORM[.kernel].SIZE.gpuN.aggregate}, every copy of
 * the round together (GB/s only: they span several links); {@code kernel} marks the copy kernel's
 * rounds (the copy engines' carry no path, as everywhere), e.g. {@code pattern.all-to-host.512MiB.gpu0},
 * {@code pattern.one-to-all-write.kernel.512MiB.gpu1.aggregate}.
 *
 * @param form          the pattern in the form it ran ({@link PatternPlan#form()}), e.g. {@code all-to-one-read}
 * @param direction     what the timed copies move: {@code d2h} (all-to-host), {@code h2d} (host-to-all) or
 *                      {@code p2p} (GPU patterns)
 * @param path          who copied: the copy engines ({@code driver}) or xfer's copy kernel ({@code kernel})
 * @param bytes         each timed copy's size (interfering copies move twice as much)
 * @param gpu           the measured GPU's CUDA index
 * @param others        the other GPUs that took part, in order
 * @param copies        how many copies ran at once in the round, timed and interfering
 * @param gigabytesPerSecond per iteration, the measured figure: the one timed copy's bytes over its
 *                      own events, or (several timed copies) their bytes over the time from the
 *                      common start to the last timed end, 1e9 bytes/s
 * @param aggregateGbps per iteration, every copy's bytes over the time from the common start to the
 *                      last end, 1e9 bytes/s
 * @param verified      whether every copy of the round, timed or not, delivered its bytes intact
 * <p>Either figure is {@link Summarized.Unsummarizable} when its timer gave NaN or no time: the
 * round is then a failed result with its reason ({@link #notMeasured()}), never a figure.
 */
public record PatternResult(String form, String direction, CopyPath path, long bytes, int gpu, List<Integer> others,
                            int copies, Summarized gigabytesPerSecond, Summarized aggregateGbps, boolean verified) {
    public PatternResult {
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(gigabytesPerSecond, "gigabytesPerSecond");
        Objects.requireNonNull(aggregateGbps, "aggregateGbps");
        others = List.copyOf(others);
        if (others.isEmpty() || others.contains(gpu)) {
            throw new IllegalArgumentException("a round measures GPU " + gpu + " beside other GPUs, not " + others);
        }
        if (bytes <= 0 || copies < 1) {
            throw new IllegalArgumentException("a round of " + copies + " copies of " + bytes + " bytes");
        }
    }

    /** Why the round has no figure (a timer gave NaN or no time); empty when both figures are measured. */
    public Optional<String> notMeasured() {
        return gigabytesPerSecond.whyNot().or(() -> aggregateGbps.whyNot().map(why -> "its aggregate: " + why));
    }

    /** The direction the timed copies of {@code plan} move, as the other bandwidth rows name it. */
    public static String direction(PatternPlan plan) {
        return switch (plan.pattern()) {
            case ALL_TO_HOST -> "d2h";
            case HOST_TO_ALL -> "h2d";
            case ALL_TO_ONE, ONE_TO_ALL -> "p2p";
        };
    }

    /** The round as people name it, e.g. {@code all-to-host kernel 536870912 B on GPU 0}. */
    public String configuration() {
        return form + (path == CopyPath.DRIVER ? "" : " " + path.label()) + " " + bytes + " B on GPU " + gpu;
    }

    /** The suffix of a round's aggregate. */
    public static final String AGGREGATE = "aggregate";

    /** {@code pattern.FORM[.kernel].SIZE.gpuN}. */
    public static String name(String form, CopyPath path, long bytes, int gpu) {
        return "pattern." + form + (path == CopyPath.DRIVER ? "" : "." + path.label()) + "."
                + ByteSize.ofBytes(bytes).format() + ".gpu" + gpu;
    }

    /** {@code pattern.FORM[.kernel].SIZE.gpuN.aggregate}. */
    public static String aggregateName(String form, CopyPath path, long bytes, int gpu) {
        return name(form, path, bytes, gpu) + "." + AGGREGATE;
    }
}
