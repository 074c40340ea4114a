package dev.xfer.app.bandwidth.several;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.bandwidth.BandwidthParameters;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.PairChoice;
import dev.xfer.app.output.AcrossDevices;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code parameters} of a bandwidth run over several devices: one device's
 * ({@link BandwidthParameters}, the first's) and {@code devices} (the CUDA indices, in order), then
 * {@code concurrent} (whether they also copied at once), then with {@code --pair} or
 * {@code --pairs} the GPU pairs p2p measured ({@code pairs}) and, for a sample, its seed
 * ({@code pairSeed}): absent for every pair, so documents without them stay as they were.
 */
public record MultiDeviceParameters(@JsonUnwrapped AcrossDevices across, boolean concurrent, Optional<List<GpuPair>> pairs,
                                    OptionalLong pairSeed) implements Parameters {

    public MultiDeviceParameters {
        pairs = pairs.map(List::copyOf);
    }

    /** Each device's plan's; the devices, pairs and seed are no row's identity. */
    @Override
    public void identity(IdentityFields into) {
        across.identity(into);
    }

    public static MultiDeviceParameters of(MultiDeviceResults report) {
        PairChoice choice = report.plan().pairs();
        boolean chosen = report.plan().peerCopies() && !choice.every();
        return new MultiDeviceParameters(new AcrossDevices(BandwidthParameters.of(report.devices().getFirst()),
                report.indices()), report.concurrent().isPresent(),
                chosen ? Optional.of(choice.resolve(report.indices())) : Optional.empty(),
                chosen ? choice.drawSeed() : OptionalLong.empty());
    }
}
