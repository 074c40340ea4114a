package dev.xfer.app.latency.command;

import dev.xfer.app.latency.LatencyPerDevice;
import dev.xfer.app.run.EarlyNames;
import dev.xfer.app.devices.DeviceSelection;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LatencyCommandTest {

    @Test
    void theNoPeerWaiverSaysWhy() {
        assertEquals("this machine has one GPU, and peer latency needs two",
                LatencyPerDevice.whyNoPeers(DeviceSelection.everyDevice(), 1));
        assertEquals("--device 1 selects one GPU of 4; peer latency needs two (--device all or a list such as 0,1)",
                LatencyPerDevice.whyNoPeers(DeviceSelection.of(1), 4));
    }

    @Test
    void peersAResultNameMayNameBeforeCuda() {
        assertEquals(List.of(), LatencyCommand.namedPeers(DeviceSelection.of(0)));
        assertEquals(List.of(0, 2), LatencyCommand.namedPeers(DeviceSelection.of(0, 2)));
        assertEquals(EarlyNames.MAX_DEVICES, LatencyCommand.namedPeers(DeviceSelection.everyDevice()).size());
    }
}
