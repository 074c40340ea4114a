package dev.xfer.app.doctor;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.format.DocumentHead;
import dev.xfer.app.topo.TopoDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * {@code xfer doctor --json} as a record (docs/schema/xfer-1.schema.json, {@code doctor}): written
 * by {@link dev.xfer.app.format.Json#write}, read back by {@link dev.xfer.app.format.RecordBinder}.
 * Every diagnosis names its cause and scope the same way ({@link About}); the findings come
 * ranked, most costly first.
 *
 * @param xfer the version of xfer that wrote it
 */
public record DoctorDocument(int schemaVersion, String xfer, String command, TopoDocument.Cuda cuda, List<Gpu> gpus,
                             boolean costsBandwidth, List<FindingEntry> findings, List<ClearEntry> clear,
                             List<UnknownEntry> unknown) {
    public static final String COMMAND = "doctor";

    public DoctorDocument {
        Objects.requireNonNull(xfer, "xfer");
        Objects.requireNonNull(cuda, "cuda");
        DocumentHead.requireCommand(COMMAND, command);
        gpus = List.copyOf(gpus);
        findings = List.copyOf(findings);
        clear = List.copyOf(clear);
        unknown = List.copyOf(unknown);
    }

    /**
     * One GPU examined.
     *
     * @param probeSeconds how long its probe took; empty (null) when it was not probed, and {@code notProbed} says why
     */
    public record Gpu(@JsonInclude(ALWAYS) OptionalInt index, @JsonInclude(ALWAYS) Optional<String> name, String busId,
                      @JsonInclude(ALWAYS) OptionalDouble probeSeconds, @JsonInclude(ALWAYS) Optional<String> notProbed) {
        public Gpu {
            if (probeSeconds.isPresent() == notProbed.isPresent()) {
                throw new IllegalArgumentException("a GPU has probeSeconds or notProbed, one of them");
            }
        }

        static Gpu of(DoctorGpu gpu) {
            return new Gpu(gpu.index(), gpu.name(), gpu.address().sysfsName(),
                    gpu.probe().map(p -> OptionalDouble.of(p.seconds())).orElse(OptionalDouble.empty()),
                    gpu.probe().isPresent() ? Optional.empty() : Optional.of(gpu.notProbed()));
        }
    }

    /**
     * What a diagnosis is of, written first in each entry.
     *
     * @param scope   {@code host}, {@code gpu} or {@code pair}
     * @param subject the scope's label ({@code GPU0 0000:17:00.0})
     * @param gpu     CUDA's index of a GPU scope; empty (null) otherwise
     */
    public record About(Cause cause, String title, String scope, String subject, @JsonInclude(ALWAYS) OptionalInt gpu) {
        static About of(Cause cause, Scope scope) {
            return new About(cause, cause.title(), scope.kind(), scope.label(), scope.gpu());
        }
    }

    /** A finding, at its rank. */
    public record FindingEntry(@JsonUnwrapped About about, int rank, Severity severity, boolean costsBandwidth, String summary,
                               List<Evidence> evidence, @JsonInclude(ALWAYS) Optional<Cost> cost,
                               @JsonInclude(ALWAYS) Optional<TimeCost> timeCost, String remedy) {
        public FindingEntry {
            evidence = List.copyOf(evidence);
        }

        static FindingEntry of(int rank, Finding f) {
            return new FindingEntry(About.of(f.cause(), f.scope()), rank, f.severity(), f.severity().costsBandwidth(),
                    f.summary(), f.evidence(), f.cost(), f.timeCost(), f.remedy());
        }
    }

    /** A check that found nothing lost. */
    public record ClearEntry(@JsonUnwrapped About about, String summary, List<Evidence> evidence) {
        public ClearEntry {
            evidence = List.copyOf(evidence);
        }
    }

    /** A check whose evidence could not be read, and why. */
    public record UnknownEntry(@JsonUnwrapped About about, String why) {
    }

    /** The document of {@code report}, under {@code schemaVersion}. */
    public static DoctorDocument of(int schemaVersion, String xferVersion, DoctorReport report) {
        List<FindingEntry> findings = new ArrayList<>();
        for (Finding finding : report.findings()) {
            findings.add(FindingEntry.of(findings.size() + 1, finding));
        }
        return new DoctorDocument(schemaVersion, xferVersion, COMMAND, TopoDocument.Cuda.of(report.cuda()),
                report.gpus().stream().map(Gpu::of).toList(), report.costsBandwidth(), findings,
                report.clear().stream().map(c -> new ClearEntry(About.of(c.cause(), c.scope()), c.summary(), c.evidence()))
                        .toList(),
                report.unknown().stream().map(u -> new UnknownEntry(About.of(u.cause(), u.scope()), u.why())).toList());
    }
}
