package dev.xfer.app.fleet;

import dev.xfer.app.result.Disturbance;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One GPU as one document saw it: where it ran, which GPU, its link, and its results. Several
 * runs of one GPU (several documents, told apart by --label or start time) are several GpuRuns.
 *
 * @param uuid      {@code GPU-...}; empty in documents written before xfer recorded it
 * @param link      the link's width now and at most, and generation at most; empty when unknown
 * @param unusable  why the node had no usable GPU, for the document {@code smoke} writes when CUDA
 *                  is not usable (exit 3); such a run has no GPU and no measurements
 * @param disturbances what the GPU's evidence found while it measured (docs/evidence.md); empty
 *                  when nothing, or in documents from before xfer recorded evidence
 * @param repetition which repetition of a document written with {@code --runs N} (1 and up): the
 *                  repetitions of one document are runs of one GPU, as separate documents are;
 *                  empty for a document without repetitions
 */
public record GpuRun(Path file, String command, String host, Optional<String> label, String started,
                     int index, String name, Optional<String> uuid, String busId, Optional<LinkState> link,
                     List<Measurement> measurements, Optional<String> unusable, List<Disturbance> disturbances,
                     OptionalInt repetition) {

    /** A GPU run of a document without repetitions. */
    public GpuRun(Path file, String command, String host, Optional<String> label, String started,
                  int index, String name, Optional<String> uuid, String busId, Optional<LinkState> link,
                  List<Measurement> measurements, Optional<String> unusable, List<Disturbance> disturbances) {
        this(file, command, host, label, started, index, name, uuid, busId, link, measurements, unusable, disturbances,
                OptionalInt.empty());
    }

    /** A run without disturbances, of a document without repetitions. */
    public GpuRun(Path file, String command, String host, Optional<String> label, String started,
                  int index, String name, Optional<String> uuid, String busId, Optional<LinkState> link,
                  List<Measurement> measurements, Optional<String> unusable) {
        this(file, command, host, label, started, index, name, uuid, busId, link, measurements, unusable, List.of());
    }

    /** The stand-in for a node whose document says it had no usable GPU. */
    public static GpuRun unusable(Path file, String command, String host, Optional<String> label, String started, String why) {
        return new GpuRun(file, command, host, label, started, -1, "(no usable GPU)", Optional.empty(), "none",
                Optional.empty(), List.of(), Optional.of(why));
    }

    public GpuRun {
        measurements = List.copyOf(measurements);
        disturbances = List.copyOf(disturbances);
    }

    /** The GPU across runs: its UUID where known, else its bus id, on its host. */
    public String gpuKey() {
        return host + " " + uuid.orElse(busId);
    }

    /** How a person finds this GPU: host, label, UUID (or bus id) and CUDA index. */
    public String who() {
        String where = host + label.map(l -> " [" + l + "]").orElse("");
        String run = repetition.isPresent() ? " run " + repetition.getAsInt() : "";
        return unusable.isPresent() ? where + run
                : where + " " + uuid.orElse("bus " + busId) + " (device " + index + ")" + run;
    }

    /**
     * The results this run is a view of (measurements made by hand, in tests, have none), as
     * {@link dev.xfer.app.output.OpenMetrics} writes them.
     */
    public dev.xfer.app.result.GpuResults results() {
        Optional<dev.xfer.app.result.GpuContext> gpu = unusable.isPresent() ? Optional.empty()
                : Optional.of(new dev.xfer.app.result.GpuContext(host, label, started,
                        index >= 0 ? OptionalInt.of(index) : OptionalInt.empty(), name, uuid, busId,
                        link.map(l -> new dev.xfer.app.result.GpuContext.Link(l.currentGeneration(), l.currentWidth(),
                                l.maxGeneration(), l.maxWidth()))));
        return new dev.xfer.app.result.GpuResults(file, command, gpu, host, label, started,
                measurements.stream().flatMap(m -> m.result().stream()).toList(), unusable, disturbances, repetition);
    }

    public Optional<Measurement> measurement(String resultName) {
        return measurements.stream().filter(m -> m.name().equals(resultName)).findFirst();
    }

    /**
     * The PCIe link as the document recorded it.
     *
     * @param currentGeneration 0 when unknown
     */
    public record LinkState(int currentGeneration, int currentWidth, int maxGeneration, int maxWidth) {
        /** A link that trained narrower than it can: a badly seated card, a bad slot or riser. */
        public boolean widthReduced() {
            return currentWidth > 0 && maxWidth > 0 && currentWidth < maxWidth;
        }

        /**
         * Below its maximum generation. Reported, not failed: GPUs lower the link speed while
         * idle, and documents record the link before the run, at rest.
         */
        public boolean generationReduced() {
            return currentGeneration > 0 && maxGeneration > 0 && currentGeneration < maxGeneration;
        }

        public String describe() {
            return "Gen" + currentGeneration + " x" + currentWidth + " (max Gen" + maxGeneration + " x" + maxWidth + ")";
        }
    }
}
