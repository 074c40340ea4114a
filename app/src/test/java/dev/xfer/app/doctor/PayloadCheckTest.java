package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.PcieCapability;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalDouble;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PayloadCheckTest {
    private static final Scope GPU = Scope.gpu(0, "0000:01:00.0");
    private static final OptionalDouble LINK = OptionalDouble.of(63.0);

    private static Reading<PcieCapability> gpu(int supported, int mps, int mrrs) {
        return Reading.known(new PcieCapability(0x60, 0, supported, mps, mrrs), "/sys/gpu/config");
    }

    private static Reading<Optional<PayloadCheck.Port>> port(int supported, int mps) {
        return Reading.known(Optional.of(new PayloadCheck.Port("0000:00:01.0 (root port)",
                new PcieCapability(0x40, 4, supported, mps, 512), "/sys/port/config")), "/sys/port/config");
    }

    @Test
    void maxPayload128UnderARootPortAt256IsAFindingWithAnEstimatedCost() {
        Finding finding = found(PayloadCheck.payload(GPU, gpu(256, 128, 4096), port(512, 256), LINK));
        assertEquals(Severity.MEDIUM, finding.severity());
        double keeps = (128.0 / 152) / (256.0 / 280);
        assertEquals(63.0 * (1 - keeps), finding.cost().orElseThrow().gigabytesPerSecond(), 1e-9);
        assertEquals(Cost.ESTIMATED, finding.cost().orElseThrow().basis());
        assertTrue(finding.evidence().getFirst().where().equals("/sys/gpu/config Device Control 0x68 bits 7:5"),
                finding.evidence().toString());
        assertTrue(finding.remedy().contains("setpci -s 0000:01:00.0 CAP_EXP+08.w=0x20:0xe0"), finding.remedy());
    }

    @Test
    void theSmallerEndSetsTheTarget() {
        clear(PayloadCheck.payload(GPU, gpu(256, 256, 4096), port(512, 512), LINK));
        clear(PayloadCheck.payload(GPU, gpu(512, 256, 4096), port(256, 256), LINK));
    }

    @Test
    void onARootBusTheGpuIsComparedWithItself() {
        Reading<Optional<PayloadCheck.Port>> none = Reading.known(Optional.empty(), "/sys/gpu");
        clear(PayloadCheck.payload(GPU, gpu(256, 256, 4096), none, LINK));
        assertTrue(unknown(PayloadCheck.payload(GPU, gpu(256, 128, 4096), none, LINK)).why().contains("root bus"));
    }

    @Test
    void unreadableConfigIsUnknownNeverAFinding() {
        Reading<PcieCapability> unprivileged = Reading.unknown("config space beyond 64 bytes needs root", "/sys/c");
        assertEquals("config space beyond 64 bytes needs root",
                unknown(PayloadCheck.payload(GPU, unprivileged, port(256, 256), LINK)).why());
        unknown(PayloadCheck.readRequest(GPU, unprivileged));
        Reading<Optional<PayloadCheck.Port>> port = Reading.unknown("needs root", "/sys/port/config");
        clear(PayloadCheck.payload(GPU, gpu(256, 256, 4096), port, LINK));
        unknown(PayloadCheck.payload(GPU, gpu(256, 128, 4096), port, LINK));
    }

    @Test
    void aSmallReadRequestIsLow() {
        assertEquals(Severity.LOW, found(PayloadCheck.readRequest(GPU, gpu(256, 256, 256))).severity());
        clear(PayloadCheck.readRequest(GPU, gpu(256, 256, 512)));
    }
}
