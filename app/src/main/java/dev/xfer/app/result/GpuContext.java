package dev.xfer.app.result;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where a document's results ran: the host, the run's label and start, and the GPU. Kept beside
 * the results rather than in their identities so that one result lines up across GPUs (fleet)
 * and runs (compare); OpenMetrics adds it to every sample's labels, so a scrape still tells
 * GPUs apart.
 *
 * @param index   the CUDA device index; empty when the document does not say
 * @param uuid    {@code GPU-...}; empty in documents written before xfer recorded it
 * @param link    the PCIe link; empty when unknown (a generation or width of 0 means unknown)
 */
public record GpuContext(String host, Optional<String> label, String started, OptionalInt index, String name,
                         Optional<String> uuid, String busId, Optional<Link> link) {

    /**
     * The PCIe link as the document recorded it, every part known (1 or more).
     */
    public record Link(int currentGeneration, int currentWidth, int maxGeneration, int maxWidth) {
    }
}
