package dev.xfer.app.fleet;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.format.DocumentHead;
import dev.xfer.app.fleet.CompareAnalysis.Basis;
import dev.xfer.app.fleet.CompareAnalysis.CompareFindings;
import dev.xfer.app.verdict.DocumentStatus.State;
import dev.xfer.app.verdict.NoiseKind;
import dev.xfer.app.verdict.Verdict;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * {@code xfer compare --json} as records (docs/schema/xfer-1.schema.json, {@code compare}): written
 * by {@link dev.xfer.app.format.Json#write}, read back by {@link dev.xfer.app.format.RecordBinder}.
 * What the schema requires is required here; what it leaves out for older documents is optional
 * (xfer always writes it).
 *
 * @param failOnRegression --fail-on-regression as a fraction (0.05 when not given)
 */
public record CompareDocument(long schemaVersion, String command, double failOnRegression, OptionalDouble alpha,
                              List<Row> results, List<String> unmatched, Optional<List<String>> missing,
                              Optional<List<Pairing>> pairings, Optional<List<String>> problems, Optional<List<String>> notes,
                              Optional<List<HostFinding>> hostFindings, Optional<List<NoiseKind>> floorFallbacks,
                              Optional<List<Disturbed>> disturbances, Optional<List<String>> unjudged,
                              Optional<Boolean> noBaseline, Optional<State> state, boolean passed) {
    public CompareDocument {
        DocumentHead.requireCommand("compare", command);
    }

    /**
     * One result of one GPU, baseline against current.
     *
     * @param noise empty (null) for the rank test and where no floor is known
     * @param p     the rank test's p-value; empty (null) where the row was not judged by it
     * @param baselineCov the baseline runs' run-to-run coefficient of variation, a fraction; absent
     *              with fewer than two runs (and in documents written before it)
     * @param currentCov  the same of the current runs
     */
    public record Row(String host, @JsonInclude(ALWAYS) Optional<String> uuid, String pciBusId, String baselineFile,
                      String currentFile, String name, String unit, boolean higherIsBetter, double baseline, double current,
                      double change, @JsonInclude(ALWAYS) OptionalDouble noise, boolean beyondNoise, Verdict verdict, boolean failed,
                      Optional<Basis> basis, @JsonInclude(ALWAYS) OptionalDouble p, OptionalLong baselineRuns,
                      OptionalLong currentRuns, Optional<Boolean> failable, Optional<NoiseKind> noiseKind,
                      Optional<Boolean> disturbed, OptionalDouble baselineCov, OptionalDouble currentCov) {
    }

    /** Which baseline GPU a current GPU was compared with, and what differs between them. */
    public record Pairing(String baseline, String current, boolean sameModel, List<String> differences) {
    }

    /** What a run's host allocations say about its node, on either side. */
    public record HostFinding(String side, String gpu, String file, String result, long allocations, double bestGbps,
                              double worstGbps, double worstOfBest, String finding) {
    }

    /** What disturbed a run; {@code kind} is its label, text so a kind a newer xfer adds still reads. */
    public record Disturbed(String side, String file, String gpu, String kind, String detail, boolean judged) {
    }

    /** The document of {@code report} judged at {@code threshold}. */
    public static CompareDocument of(CompareFindings report, double threshold) {
        List<Row> rows = report.rows().stream().map(r -> new Row(r.currentRun().host(), r.currentRun().uuid(),
                r.currentRun().busId(), r.baselineRun().file().toString(), r.currentRun().file().toString(), r.name(),
                r.unit(), r.higherIsBetter(), r.baseline(), r.current(), r.change(), FleetDocument.finite(r.noise()),
                r.beyondNoise(), r.verdict(), r.failsAt(threshold), Optional.of(r.basis()), FleetDocument.finite(r.p()),
                OptionalLong.of(r.baselineRuns()), OptionalLong.of(r.currentRuns()), Optional.of(r.failable()),
                Optional.of(r.kind()), Optional.of(r.disturbed()), r.baselineCov(), r.currentCov())).toList();
        List<Pairing> pairings = report.pairings().stream()
                .map(p -> new Pairing(p.baselineGpu(), p.currentGpu(), p.sameModel(), p.differences())).toList();
        List<HostFinding> hosts = report.hosts().stream().map(h -> {
            UnstablePlacement.Finding f = h.finding();
            return new HostFinding(h.side(), f.who(), f.file(), f.configuration(), f.allocations().count(),
                    f.allocations().best(), f.allocations().worst(), f.allocations().worstOfBest(), f.text());
        }).toList();
        List<Disturbed> disturbed = report.disturbed().stream().map(d -> new Disturbed(d.side(), d.run().file().toString(),
                d.run().who(), d.disturbance().kind().label(), d.disturbance().detail(), d.judged())).toList();
        return new CompareDocument(DocumentReader.SCHEMA_VERSION, "compare", threshold, OptionalDouble.of(CompareAnalysis.ALPHA),
                rows, report.unmatched(), Optional.of(report.missing()), Optional.of(pairings), Optional.of(report.problems()),
                Optional.of(report.notes()), Optional.of(hosts), Optional.of(report.fallbacks()), Optional.of(disturbed),
                Optional.of(report.unjudged()), Optional.of(report.noBaseline()), Optional.of(report.state(threshold)),
                report.passes(threshold) && !report.anyUnjudged());
    }
}
