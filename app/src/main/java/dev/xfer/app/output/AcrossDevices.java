package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/**
 * The parameters of a run over several devices that each ran the same plan: one device's
 * parameters, followed by {@code devices}, the CUDA indices in the order measured.
 */
public record AcrossDevices(@JsonUnwrapped Parameters each, List<Integer> devices) implements Parameters {
    public AcrossDevices {
        devices = List.copyOf(devices);
    }

    /** Each device's plan's: the devices are no row's identity. */
    @Override
    public void identity(IdentityFields into) {
        each.identity(into);
    }
}
