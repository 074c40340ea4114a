package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.AcsCapability;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.xfer.app.doctor.Diagnoses.clear;
import static dev.xfer.app.doctor.Diagnoses.found;
import static dev.xfer.app.doctor.Diagnoses.unknown;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The IOMMU, ACS, THP and governor decisions. */
class IommuAcsHostChecksTest {
    private static final Scope GPU = Scope.gpu(0, "0000:01:00.0");
    private static final String TYPE = "/sys/kernel/iommu_groups/7/type";

    @Test
    void dmaTranslationIsAFindingAndIdentityOrNoGroupIsClear() {
        for (String translating : List.of("DMA", "DMA-FQ")) {
            Finding finding = found(IommuCheck.diagnose(GPU, Reading.known(Optional.of(translating), TYPE)));
            assertEquals(Severity.MEDIUM, finding.severity());
            assertTrue(finding.remedy().contains("echo identity > /sys/kernel/iommu_groups/7/type"), finding.remedy());
        }
        clear(IommuCheck.diagnose(GPU, Reading.known(Optional.of("identity"), TYPE)));
        clear(IommuCheck.diagnose(GPU, Reading.known(Optional.empty(), "/sys/x/iommu_group")));
        unknown(IommuCheck.diagnose(GPU, Reading.known(Optional.of("something-new"), TYPE)));
        unknown(IommuCheck.diagnose(GPU, Reading.unknown("cannot read", TYPE)));
    }

    private static AcsCheck.Port port(String name, int control) {
        return new AcsCheck.Port(name, Reading.known(Optional.of(new AcsCapability(0x100, control)), "/sys/" + name));
    }

    @Test
    void acsRedirectMattersWhereThereArePeers() {
        List<AcsCheck.Port> redirecting = List.of(port("0000:02:00.0", 0x001f), port("0000:00:01.0", 0x0000));
        Finding finding = found(AcsCheck.diagnose(GPU, redirecting, true));
        assertEquals(Severity.MEDIUM, finding.severity());
        assertTrue(finding.evidence().getFirst().value().contains("request redirect on"), finding.toString());
        assertEquals(Severity.NOTE, found(AcsCheck.diagnose(GPU, redirecting, false)).severity());
        clear(AcsCheck.diagnose(GPU, List.of(port("0000:00:01.0", 0x0013)), true));
        clear(AcsCheck.diagnose(GPU, List.of(), true));
        assertTrue(unknown(AcsCheck.diagnose(GPU, List.of(new AcsCheck.Port("0000:00:01.0",
                Reading.unknown("config space beyond 64 bytes needs root", "/sys/p"))), true)).why()
                .contains("needs root"));
    }

    @Test
    void transparentHugePagesNeverIsANote() {
        String file = "/sys/kernel/mm/transparent_hugepage/enabled";
        assertEquals(Severity.NOTE, found(HostChecks.transparentHugePages(
                Reading.known("always madvise [never]", file))).severity());
        assertEquals("madvise", clear(HostChecks.transparentHugePages(Reading.known("always [madvise] never", file)))
                .evidence().getFirst().value());
        unknown(HostChecks.transparentHugePages(Reading.known("garbled", file)));
    }

    @Test
    void powersaveIsAFindingAndNoCpufreqIsUnknown() {
        String cpus = "/sys/devices/system/cpu";
        Finding finding = found(HostChecks.governor(Reading.known(Map.of(0, "powersave", 1, "performance"), cpus)));
        assertEquals(Severity.LOW, finding.severity());
        assertTrue(finding.summary().startsWith("1 of 2 CPUs"), finding.summary());
        clear(HostChecks.governor(Reading.known(Map.of(0, "performance", 1, "schedutil"), cpus)));
        unknown(HostChecks.governor(Reading.unknown("no cpufreq", cpus)));
    }
}
