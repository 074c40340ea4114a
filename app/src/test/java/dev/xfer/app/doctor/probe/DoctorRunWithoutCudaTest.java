package dev.xfer.app.doctor.probe;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.doctor.Cause;
import dev.xfer.app.doctor.Diagnosis;
import dev.xfer.app.doctor.DoctorReport;
import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.app.topo.CudaStatus;
import dev.xfer.cuda.CudaUnavailableException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Without CUDA, doctor examines the GPUs sysfs lists, by bus id, and says why CUDA was not usable. */
class DoctorRunWithoutCudaTest {
    @Test
    void theGpusComeFromSysfs() {
        DoctorReport report = new DoctorRun(SysfsFixtures.root(SysfsFixtures.H100_VM_ROOT),
                e -> "xfer: " + e.getMessage() + "\n", GpuProbes.unavailable("no NVML"))
                .run(() -> {
                    throw new CudaUnavailableException("libcudart not found at /x");
                }, DeviceSelection.everyDevice(), true);
        assertEquals("libcudart not found at /x", assertInstanceOf(CudaStatus.Unusable.class, report.cuda()).reason());
        assertEquals(1, report.gpus().size());
        assertEquals("0000:00:06.0", report.gpus().getFirst().address().sysfsName());
        assertTrue(report.gpus().getFirst().index().isEmpty());
        assertEquals("CUDA is not usable", report.gpus().getFirst().notProbed());
        assertTrue(report.diagnoses().stream().anyMatch(d -> d.cause() == Cause.MAX_PAYLOAD
                && d instanceof Diagnosis.Clear), report.diagnoses().toString());
        // NVML and peer checks need CUDA's indices: none without it.
        assertTrue(report.diagnoses().stream().noneMatch(d -> d.cause() == Cause.PEER_ACCESS
                || d.cause() == Cause.CLOCKS_THROTTLED), report.diagnoses().toString());
        assertFalse(report.costsBandwidth());
    }
}
