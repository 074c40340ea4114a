package dev.xfer.app.doctor.command;

import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.doctor.DoctorFixtures;
import dev.xfer.app.doctor.DoctorReport;
import dev.xfer.app.doctor.Diagnosis;
import dev.xfer.app.topo.CudaStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Doctor's exit code: 3 without CUDA, else 1 when a finding costs bandwidth, else 0 (notes and unknowns included). */
class DoctorExitCodeTest {
    @Test
    void exitCodes() {
        DoctorReport degraded = DoctorFixtures.degraded();
        assertEquals(ExitCode.CHECK_FAILED, DoctorCommand.exitCode(degraded));
        List<Diagnosis> notesAndUnknowns = degraded.diagnoses().stream()
                .filter(d -> !(d instanceof Diagnosis.Found found) || !found.finding().severity().costsBandwidth())
                .toList();
        DoctorReport quiet = new DoctorReport(degraded.cuda(), degraded.gpus(), notesAndUnknowns);
        assertEquals(ExitCode.OK, DoctorCommand.exitCode(quiet));
        assertEquals(ExitCode.CUDA_UNAVAILABLE, DoctorCommand.exitCode(new DoctorReport(
                new CudaStatus.Unusable("CUDA is not usable here: no driver"), List.of(), degraded.diagnoses())));
    }
}
