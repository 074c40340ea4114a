package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The document of a run over several devices: the schema, the command, the whole run's
 * {@code parameters}, and {@code devices}: one {@link GpuDocument} per device, each exactly what a
 * one-device run of it writes (the {@code expectations} are the whole run's, at the top). A
 * command adds its keys for what spans the devices ({@code extras}, inline) after these. One
 * device selected (also {@code --device all} on a one-GPU machine) writes the one-device
 * document instead, unchanged.
 */
public record DevicesDocument(int schemaVersion, String command, Parameters parameters, List<GpuDocument> devices,
                              @JsonUnwrapped Extras extras, Optional<List<dev.xfer.app.result.Waiver>> waived,
                              Optional<List<ExpectationRow>> expectations,
                              Optional<Boolean> complete, Optional<Stopped> stopped) implements RunDocument {

    public DevicesDocument {
        devices = List.copyOf(devices);
        waived = waived.map(List::copyOf);
    }

    public static DevicesDocument of(String command, Parameters parameters, List<GpuDocument> devices) {
        return new DevicesDocument(DocumentSchema.VERSION, command, parameters, devices, NoParameters.NONE,
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * This document with the configurations across the GPUs that the run did not measure here (a
     * pair's TMA rows where a GPU of it is below compute capability 9.0); each GPU's own are in its
     * document. None, no field.
     */
    public DevicesDocument withWaived(List<dev.xfer.app.result.Waiver> waivers) {
        return new DevicesDocument(schemaVersion, command, parameters, devices, extras,
                waivers.isEmpty() ? Optional.empty() : Optional.of(waivers), expectations, complete, stopped);
    }

    /** This document with what its command adds after the devices. */
    public DevicesDocument withExtras(Extras extras) {
        return new DevicesDocument(schemaVersion, command, parameters, devices, extras, waived, expectations, complete, stopped);
    }

    @Override
    public DevicesDocument withOutcome(List<ExpectationRow> expectations, Optional<Stopped> stopped) {
        return new DevicesDocument(schemaVersion, command, parameters, devices, extras, waived,
                Optional.of(List.copyOf(expectations)), Stopped.complete(stopped), stopped);
    }

    @Override
    public DevicesDocument eachGpu(UnaryOperator<GpuDocument> each) {
        return new DevicesDocument(schemaVersion, command, parameters, devices.stream().map(each).toList(), extras,
                waived, expectations, complete, stopped);
    }

    @Override
    public List<GpuDocument> gpus() {
        return devices;
    }
}
