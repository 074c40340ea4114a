package dev.xfer.app.overlap;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Overlap results by name: {@code overlap.<schedule>.ms} (median), {@code .speedup} (over
 * sequential, when sequential ran), {@code .efficiency} (model ideal / median), {@code .error}
 * (max |a[i] - 1|). With {@code --numa-node all} the plan runs once per node and every name ends
 * in the node, {@code overlap.v1.speedup.node1}, so that {@code overlap.v1.speedup} still selects
 * them all. Each is a result whose identity carries the whole plan (streams, elements, ...); a
 * name leaves out what one run holds fixed.
 */
public final class OverlapMetrics {
    private OverlapMetrics() {
    }

    public static List<MetricDeclaration> declare(OverlapPlan plan) {
        return declare(plan, List.of());
    }

    /**
     * The names a plan will produce when run once per node of {@code nameNodes}, each name ending
     * in its node; an empty list is one run with plain names.
     */
    public static List<MetricDeclaration> declare(OverlapPlan plan, List<Integer> nameNodes) {
        if (nameNodes.isEmpty()) {
            return declareOnce(plan, OptionalInt.empty());
        }
        List<MetricDeclaration> out = new ArrayList<>();
        for (int node : nameNodes) {
            out.addAll(declareOnce(plan, OptionalInt.of(node)));
        }
        return out;
    }

    private static List<MetricDeclaration> declareOnce(OverlapPlan plan, OptionalInt node) {
        boolean sequential = plan.schedules().contains(OverlapSchedule.SEQUENTIAL);
        List<MetricDeclaration> out = new ArrayList<>();
        for (OverlapSchedule s : plan.schedules()) {
            for (String measured : List.of("milliseconds", "speedup", "efficiency", "maxError")) {
                if (!measured.equals("speedup") || sequential) {
                    Identity id = identity(plan, s, node, measured);
                    out.add(RunResult.declaration(ResultNames.of(id, false, true), Quantity.of(measured).orElseThrow(), false));
                }
            }
        }
        return out;
    }

    /** The identity of one schedule's {@code measured} figure: the plan, the schedule and the node. */
    public static Identity identity(OverlapPlan plan, OverlapSchedule schedule, OptionalInt node, String measured) {
        Identity.Builder id = Identity.of("overlap", measured).with(IdentityField.MEMORY, plan.memory().label())
                .with(IdentityField.SCHEDULE, schedule.label()).with(IdentityField.BYTES, plan.bytes())
                .with(IdentityField.ELEMENTS, plan.elements()).with(IdentityField.STREAMS, plan.streams())
                .with(IdentityField.BLOCK_SIZE, plan.blockSize())
                .with(IdentityField.KERNEL_ITERATIONS, plan.kernelIterations())
                .with(IdentityField.START, plan.start().label());
        node.ifPresent(n -> id.with(IdentityField.NUMA_NODE, n));
        return id.build();
    }

    public static RunResults results(OverlapResults report) {
        List<RunResult> out = new ArrayList<>();
        boolean nodeNamed = report.placement().namesCarryNode();
        for (OverlapResult r : report.results()) {
            CheckOutcome check = r.withinTolerance()
                    ? CheckOutcome.passed(String.format(Locale.ROOT, "max error %e", r.maxError()))
                    : CheckOutcome.failed(String.format(Locale.ROOT, "max error %e above %.0e", r.maxError(),
                    OverlapResult.TOLERANCE));
            Identity time = identity(report.plan(), r.schedule(), r.numaNode(), "milliseconds");
            // The time stands for the schedule's configuration, and carries the check of its data.
            out.add(RunResult.configuration(ResultNames.of(time, false, nodeNamed),
                    RunResult.measured(time, r.milliseconds(), check),
                    NumaNodeOption.withNode("overlap." + r.schedule().label(),
                            nodeNamed ? r.numaNode() : OptionalInt.empty())));
            r.speedup().ifPresent(x -> out.add(figure(report, r, "speedup", x, nodeNamed)));
            out.add(figure(report, r, "efficiency", r.efficiency(), nodeNamed));
            out.add(figure(report, r, "maxError", r.maxError(), nodeNamed));
        }
        return RunResults.of("overlap", out);
    }

    private static RunResult figure(OverlapResults report, OverlapResult r, String measured, double value,
                                    boolean nodeNamed) {
        Identity id = identity(report.plan(), r.schedule(), r.numaNode(), measured);
        return RunResult.figure(ResultNames.of(id, false, nodeNamed), RunResult.single(id, value, CheckOutcome.NOT_CHECKED));
    }
}
