package dev.xfer.app.placement;

import dev.xfer.app.measure.Progress;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A plan run once per target of a placement: once, unplaced, without {@code --numa-node}; once
 * per node with {@code all}. The placement comes back with the CPUs each pass was really bound
 * to, which is what the outputs say.
 *
 * @param outcomes  each pass's outcome, in the placement's order
 * @param placement the placement with every pass's target as it ran
 */
public record NodePasses<O>(List<O> outcomes, HostPlacement placement) {
    public NodePasses {
        outcomes = List.copyOf(outcomes);
    }

    /**
     * @param perPass how many steps one pass reports to {@code progress}
     * @param pass    runs the plan on a target, reporting to the progress it is given
     * @param ranOn   where an outcome's pass really ran
     */
    public static <O> NodePasses<O> run(HostPlacement placement, Progress progress, int perPass,
                                        BiFunction<NodeTarget, Progress, O> pass, Function<O, NodeTarget> ranOn) {
        List<O> outcomes = new ArrayList<>();
        int passes = placement.targets().size();
        HostPlacement ran = placement;
        for (int i = 0; i < passes; i++) {
            NodeTarget target = placement.targets().get(i);
            O outcome = pass.apply(target, NumaNodeOption.passProgress(progress, i, passes, perPass, target));
            outcomes.add(outcome);
            ran = ran.withTarget(ranOn.apply(outcome));
        }
        return new NodePasses<>(outcomes, ran);
    }
}
