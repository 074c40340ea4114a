package dev.xfer.app.fleet;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.format.DocumentHead;
import dev.xfer.app.fleet.FleetAnalysis.Deviation;
import dev.xfer.app.fleet.FleetAnalysis.FleetFindings;
import dev.xfer.app.fleet.FleetAnalysis.ModelGroup;
import dev.xfer.app.fleet.FleetAnalysis.Node;
import dev.xfer.app.fleet.FleetAnalysis.ResultSpread;
import dev.xfer.app.verdict.DocumentStatus.State;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * {@code xfer fleet --json} as records (docs/schema/xfer-1.schema.json, {@code fleet}): written by
 * {@link dev.xfer.app.format.Json#write}, read back by {@link dev.xfer.app.format.RecordBinder}.
 * What the schema requires is required here; what it leaves out for older documents is optional
 * (xfer always writes it). {@link #of} makes its lists as they are iterated, one GPU's row at a
 * time, so a fleet's JSON never stands whole in memory (100,000 documents of 36 results: 3.6
 * million rows).
 */
public record FleetDocument(long schemaVersion, String command, Rule rule, List<Group> groups, List<NodeVerdict> nodes,
                            Optional<List<HostFinding>> hostFindings, Optional<State> state,
                            Optional<Boolean> allowDisturbed, boolean passed) {
    public FleetDocument {
        DocumentHead.requireCommand("fleet", command);
    }

    /** The outlier rule. */
    public record Rule(double margin, double zLimit, OptionalLong zMinGroup, OptionalDouble madFloor) {
    }

    /** A GPU model's runs and how each result spread over them. */
    public record Group(String model, long gpuRuns, List<Spread> results) {
    }

    /**
     * One result over a group: its median and MAD, the band an outlier leaves, and every GPU's figure.
     *
     * @param worstRunToRunCov the largest run-to-run CoV of a GPU of the group with several runs of
     *                         the result, a fraction; absent where every GPU has one run
     */
    public record Spread(String name, String unit, boolean higherIsBetter, double median, double mad, OptionalDouble madUsed,
                         Optional<Boolean> zUsed, OptionalDouble band, List<Gpu> gpus, OptionalDouble worstRunToRunCov) {
    }

    /**
     * One GPU's figure for a result.
     *
     * @param deviation   empty (null) where the median is 0 and a fraction of it means nothing
     * @param z           empty (null) where the MAD is 0
     * @param runToRunCov this GPU's run-to-run CoV over its runs of the result here (the stddev of
     *                    their medians over their mean), a fraction; absent for a GPU of one run
     */
    public record Gpu(String host, @JsonInclude(ALWAYS) Optional<String> label, @JsonInclude(ALWAYS) Optional<String> uuid, String pciBusId,
                      long index, String file, double value, @JsonInclude(ALWAYS) OptionalDouble deviation,
                      @JsonInclude(ALWAYS) OptionalDouble z, boolean outlier, Optional<Boolean> disturbed,
                      OptionalDouble runToRunCov) {
    }

    /** A node's verdict and why. */
    public record NodeVerdict(String host, boolean passed, Optional<State> state, List<Finding> findings,
                              Optional<Boolean> disturbed, Optional<List<NodeDisturbance>> disturbances) {
    }

    /** Why a GPU run of a node did not pass. */
    public record Finding(String host, @JsonInclude(ALWAYS) Optional<String> label, @JsonInclude(ALWAYS) Optional<String> uuid,
                          String pciBusId, long index, String file, Optional<State> state, String reason) {
    }

    /**
     * What disturbed a GPU run of a node.
     *
     * @param kind the disturbance's label ({@code foreign-process}); text, so a kind a newer xfer adds still reads
     */
    public record NodeDisturbance(String host, @JsonInclude(ALWAYS) Optional<String> label, @JsonInclude(ALWAYS) Optional<String> uuid,
                                  String pciBusId, long index, String file, String kind, String detail, boolean judged) {
    }

    /** What a run's host allocations say about its node ({@link UnstablePlacement}). */
    public record HostFinding(String gpu, String file, String result, long allocations, double bestGbps, double worstGbps,
                              double worstOfBest, String finding) {
        static HostFinding of(UnstablePlacement.Finding f) {
            return new HostFinding(f.who(), f.file(), f.configuration(), f.allocations().count(), f.allocations().best(),
                    f.allocations().worst(), f.allocations().worstOfBest(), f.text());
        }
    }

    /** The document of {@code report}, its groups' rows made as they are written. */
    public static FleetDocument of(FleetFindings report) {
        FleetRule rule = report.rule();
        return new FleetDocument(DocumentReader.SCHEMA_VERSION, "fleet",
                new Rule(rule.margin(), rule.zLimit(), OptionalLong.of(FleetRule.Z_MIN_GROUP), OptionalDouble.of(FleetRule.MAD_FLOOR)),
                ComputedList.of(report.groups().size(), i -> group(report.groups().get(i))),
                ComputedList.of(report.nodes().size(), i -> node(report.nodes().get(i), report.allowDisturbed())),
                Optional.of(report.placement().stream().map(HostFinding::of).toList()), Optional.of(report.state()),
                Optional.of(report.allowDisturbed()), report.passed());
    }

    private static Group group(ModelGroup group) {
        return new Group(group.model(), group.runs().size(),
                ComputedList.of(group.results().size(), i -> spread(group.results().get(i))));
    }

    private static Spread spread(ResultSpread s) {
        return new Spread(s.name(), s.unit(), s.higherIsBetter(), s.median(), s.mad(), OptionalDouble.of(s.madUsed()),
                Optional.of(s.zUsed()), OptionalDouble.of(s.band()), ComputedList.of(s.size(), i -> gpu(s.deviation(i))),
                finite(s.worstCov()));
    }

    private static Gpu gpu(Deviation d) {
        FleetMember r = d.run();
        return new Gpu(r.host(), r.label(), r.uuid(), r.busId(), r.index(), r.file(), d.value(), finite(d.deviation()),
                finite(d.z()), d.outlier(), Optional.of(r.disturbed()), finite(d.runToRunCov()));
    }

    private static NodeVerdict node(Node node, boolean allowDisturbed) {
        List<Finding> findings = node.findings().stream().map(f -> new Finding(f.run().host(), f.run().label(), f.run().uuid(),
                f.run().busId(), f.run().index(), f.run().file(), Optional.of(f.state()), f.reason())).toList();
        List<NodeDisturbance> disturbances = new ArrayList<>();
        for (FleetMember run : node.disturbed()) {
            for (var d : run.disturbances()) {
                disturbances.add(new NodeDisturbance(run.host(), run.label(), run.uuid(), run.busId(), run.index(), run.file(),
                        d.kind().label(), d.detail(), allowDisturbed));
            }
        }
        return new NodeVerdict(node.host(), node.state() == State.PASS, Optional.of(node.state()), findings,
                Optional.of(!node.disturbed().isEmpty()), Optional.of(disturbances));
    }

    /** JSON has no NaN or infinity: a deviation of a zero median, or a z-score of a zero MAD, is written as null. */
    static OptionalDouble finite(double value) {
        return Double.isFinite(value) ? OptionalDouble.of(value) : OptionalDouble.empty();
    }
}
