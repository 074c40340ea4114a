package dev.xfer.app.overlap;

import dev.xfer.app.expect.Metric;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.results.MeasuredConfiguration;
import dev.xfer.app.results.RunResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Overlap results by name: {@code overlap.<schedule>.ms} (median), {@code .speedup} (over
 * sequential, when sequential ran), {@code .efficiency} (model ideal / median), {@code .error}
 * (max |a[i] - 1|). With {@code --numa-node all} the plan runs once per node and every name ends
 * in the node, {@code overlap.v1.speedup.node1}, so that {@code overlap.v1.speedup} still selects
 * them all.
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
            String base = "overlap." + s.label() + ".";
            out.add(MetricDeclaration.of(NumaNodeOption.withNode(base + "ms", node), MetricUnit.MILLISECONDS));
            if (sequential) {
                out.add(MetricDeclaration.of(NumaNodeOption.withNode(base + "speedup", node), MetricUnit.RATIO));
            }
            out.add(MetricDeclaration.of(NumaNodeOption.withNode(base + "efficiency", node), MetricUnit.RATIO));
            out.add(MetricDeclaration.of(NumaNodeOption.withNode(base + "error", node), MetricUnit.NUMBER));
        }
        return out;
    }

    public static RunResults results(OverlapReport report) {
        List<Metric> metrics = new ArrayList<>();
        List<MeasuredConfiguration> configurations = new ArrayList<>();
        boolean withNode = report.placement().namesCarryNode();
        for (OverlapResult r : report.results()) {
            OptionalInt node = withNode ? r.numaNode() : OptionalInt.empty();
            String base = "overlap." + r.schedule().label() + ".";
            metrics.add(Metric.of(NumaNodeOption.withNode(base + "ms", node), r.milliseconds().median(),
                    MetricUnit.MILLISECONDS));
            r.speedup().ifPresent(x -> metrics.add(Metric.of(NumaNodeOption.withNode(base + "speedup", node), x,
                    MetricUnit.RATIO)));
            metrics.add(Metric.of(NumaNodeOption.withNode(base + "efficiency", node), r.efficiency(),
                    MetricUnit.RATIO));
            metrics.add(Metric.of(NumaNodeOption.withNode(base + "error", node), r.maxError(), MetricUnit.NUMBER));
            configurations.add(new MeasuredConfiguration(
                    NumaNodeOption.withNode("overlap." + r.schedule().label(), node), String.format(Locale.ROOT,
                    "median %.3f ms (min %.3f, max %.3f), max error %e", r.milliseconds().median(),
                    r.milliseconds().min(), r.milliseconds().max(), r.maxError()),
                    r.withinTolerance() ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                            "max error %e above %.0e", r.maxError(), OverlapResult.TOLERANCE))));
        }
        return new RunResults("overlap", metrics, configurations);
    }
}
