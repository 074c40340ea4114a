package dev.xfer.app.doctor;

import dev.xfer.app.sysfs.PcieGeneration;
import dev.xfer.app.sysfs.PcieLink;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.OptionalDouble;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkCheckTest {
    private static final Scope GPU = Scope.gpu(0, "0000:01:00.0");
    private static final Optional<PcieLink> GEN5_X16 = Optional.of(new PcieLink(PcieGeneration.GEN5, 16));
    private static final Optional<PcieLink> GEN5_X8 = Optional.of(new PcieLink(PcieGeneration.GEN5, 8));
    private static final Optional<PcieLink> GEN1_X16 = Optional.of(new PcieLink(PcieGeneration.GEN1, 16));

    @Test
    void lanesLostAreHighAndCostHalfTheLink() {
        Finding finding = found(LinkCheck.diagnose(GPU, "/sys/x", GEN5_X8, GEN5_X16, OptionalDouble.empty()));
        assertEquals(Severity.HIGH, finding.severity());
        assertEquals(GEN5_X16.get().theoreticalGBps() / 2, finding.cost().orElseThrow().gigabytesPerSecond(), 1e-9);
        assertEquals(Cost.THEORETICAL, finding.cost().orElseThrow().basis());
        assertTrue(finding.evidence().getFirst().where().contains("/sys/x/current_link_speed"), finding.toString());
    }

    @Test
    void aSlowGenerationAtRestIsANoteWithoutAProbe() {
        assertEquals(Severity.NOTE,
                found(LinkCheck.diagnose(GPU, "/sys/x", GEN1_X16, GEN5_X16, OptionalDouble.empty())).severity());
    }

    @Test
    void aSlowGenerationThatSpeedsUpUnderLoadIsClear() {
        clear(LinkCheck.diagnose(GPU, "/sys/x", GEN1_X16, GEN5_X16, OptionalDouble.of(54.0)));
    }

    @Test
    void aSlowGenerationThatStaysSlowUnderLoadIsAFinding() {
        Finding finding = found(LinkCheck.diagnose(GPU, "/sys/x", GEN1_X16, GEN5_X16, OptionalDouble.of(3.5)));
        assertEquals(Severity.MEDIUM, finding.severity());
        assertEquals(GEN5_X16.get().theoreticalGBps() - GEN1_X16.get().theoreticalGBps(),
                finding.cost().orElseThrow().gigabytesPerSecond(), 1e-9);
    }

    @Test
    void atTheMaximumIsClearAndNoLinkIsUnknown() {
        clear(LinkCheck.diagnose(GPU, "/sys/x", GEN5_X16, GEN5_X16, OptionalDouble.empty()));
        assertTrue(unknown(LinkCheck.diagnose(GPU, "/sys/x", Optional.empty(), GEN5_X16, OptionalDouble.empty()))
                .why().contains("current"));
    }
}
