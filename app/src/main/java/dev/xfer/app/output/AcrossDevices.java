package dev.xfer.app.output;

import dev.xfer.app.format.Inline;

import java.util.List;

/**
 * The parameters of a run over several devices that each ran the same plan: one device's
 * parameters, followed by {@code devices}, the CUDA indices in the order measured.
 */
public record AcrossDevices(@Inline Parameters each, List<Integer> devices) implements Parameters {
    public AcrossDevices {
        devices = List.copyOf(devices);
    }
}
