package dev.xfer.app.bandwidth.concurrent;

import dev.xfer.app.bandwidth.BandwidthResults;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What each GPU reached by itself, from the devices' own results (the runs before the GPUs copied
 * at once): the yardstick that the rates at once are set against.
 *
 * @param devices each device's own results
 */
public record AloneRates(List<BandwidthResults> devices) {

    public AloneRates {
        devices = List.copyOf(devices);
    }

    /**
     * Device {@code index}'s median rate measured alone for this memory kind, direction and size,
     * from its own results (an unplaced pass); empty when it has none.
     */
    public OptionalDouble median(int index, String memory, String direction, long bytes) {
        return devices.stream().filter(r -> r.context().device().index() == index)
                .flatMap(r -> r.results().stream())
                .filter(r -> r.numaNode().isEmpty() && r.memory().label().equals(memory) && r.direction().label().equals(direction)
                        && r.bytes() == bytes)
                .mapToDouble(r -> r.gigabytesPerSecond().median())
                .findFirst();
    }

    /** The concurrent results with each one's sum of the GPUs' medians alone filled in. */
    public List<ConcurrentResult> withSums(List<ConcurrentResult> concurrent) {
        List<ConcurrentResult> out = new ArrayList<>();
        for (ConcurrentResult c : concurrent) {
            List<OptionalDouble> alone = c.gpus().stream()
                    .map(g -> median(g.device(), c.memory(), c.direction(), c.bytes())).toList();
            out.add(c.withAlone(ConcurrentResult.aloneSum(alone)));
        }
        return out;
    }
}
