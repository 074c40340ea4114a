package dev.xfer.app.doctor;

import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.output.RowHints;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.Identity;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciAddress;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The hints of {@code bandwidth} and {@code smoke}: a row far below its link ({@link RowHint})
 * named with the top finding of doctor's checks that need no probe: the link (sysfs), MaxPayload
 * and MaxReadReq (config space), the IOMMU group, ACS, the NUMA node. Reads sysfs only when a row
 * is far below; no CUDA, no NVML, nothing measured.
 */
public final class SysfsHints implements RowHints {
    private static final String NO_PROBE = "a hint measures nothing";

    private final Path sysfsRoot;

    public SysfsHints(Path sysfsRoot) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
    }

    @Override
    public Optional<String> hint(RunContext context, RunResults results, Optional<String> disturbance) {
        List<RowHint.Row> rows = rows(results);
        if (RowHint.worst(rows).isEmpty()) {
            return Optional.empty();
        }
        DeviceInfo device = context.device();
        List<Finding> findings = new ArrayList<>();
        // Without a bus id sysfs can say nothing: the hint then names the row alone.
        PciAddress.parse(device.pciBusId()).ifPresent(address -> {
            DoctorGpu gpu = new DoctorGpu(OptionalInt.of(device.index()), Optional.of(device.name()), address,
                    device.pci(), Optional.empty(), NO_PROBE);
            Examination examination = new Examination(new SysfsEvidence(sysfsRoot),
                    new NumaTopologyReader(sysfsRoot).read(), NvmlEvidence.unavailable(NO_PROBE));
            examination.gpu(gpu, false).forEach(d -> {
                if (d instanceof Diagnosis.Found f) {
                    findings.add(f.finding());
                }
            });
        });
        return RowHint.line(device.index(), rows, findings, disturbance);
    }

    /** The copy rows of a run's results: each bandwidth figure with its link. */
    static List<RowHint.Row> rows(RunResults results) {
        List<RowHint.Row> rows = new ArrayList<>();
        for (RunResult r : results.results()) {
            Identity id = r.result().identity();
            if (!id.command().equals(Identity.BANDWIDTH) || r.metric().unit() != MetricUnit.GBPS
                    || r.linkGBps().isEmpty() || id.memory().isEmpty() || id.copy().isEmpty()
                    || id.direction().isEmpty() || id.bytes().isEmpty()) {
                continue;
            }
            rows.add(new RowHint.Row(id.memory().get(), id.copy().get(), id.direction().get(),
                    id.bytes().getAsLong(), r.metric().value(), r.linkGBps().getAsDouble()));
        }
        return rows;
    }
}
