package dev.xfer.app.doctor;

import dev.xfer.app.topo.CudaStatus;

import java.util.List;
import java.util.Objects;

/**
 * What {@code xfer doctor} found: whether CUDA was usable, the GPUs examined, and every check's
 * diagnosis.
 *
 * @param cuda      CUDA's versions, or why it was not usable (the GPUs then come from sysfs)
 * @param gpus      the GPUs examined
 * @param diagnoses every check on every scope, in the order they ran
 */
public record DoctorReport(CudaStatus cuda, List<DoctorGpu> gpus, List<Diagnosis> diagnoses) {
    public DoctorReport {
        Objects.requireNonNull(cuda, "cuda");
        gpus = List.copyOf(gpus);
        diagnoses = List.copyOf(diagnoses);
    }

    /** The findings, ranked ({@link FindingOrder#RANK}). */
    public List<Finding> findings() {
        return diagnoses.stream().filter(d -> d instanceof Diagnosis.Found).map(d -> ((Diagnosis.Found) d).finding())
                .sorted(FindingOrder.RANK).toList();
    }

    /** The checks that found nothing wrong. */
    public List<Diagnosis.Clear> clear() {
        return diagnoses.stream().filter(d -> d instanceof Diagnosis.Clear).map(d -> (Diagnosis.Clear) d).toList();
    }

    /** The checks whose evidence could not be read. */
    public List<Diagnosis.Unknown> unknown() {
        return diagnoses.stream().filter(d -> d instanceof Diagnosis.Unknown).map(d -> (Diagnosis.Unknown) d).toList();
    }

    /** Whether a finding explains lost bandwidth (exit 1). */
    public boolean costsBandwidth() {
        return findings().stream().anyMatch(f -> f.severity().costsBandwidth());
    }
}
