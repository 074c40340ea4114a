package dev.xfer.app.bandwidth.pattern;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.PairChoice;
import dev.xfer.app.output.AcrossDevices;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.result.IdentityField;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A pattern run's {@code parameters} in each device's document: the distinct sizes, directions and
 * copy paths of its rounds, the host memory (always pinned), and the plan's iterations, warmup and
 * timer. Lists only, beside those three: a scalar named as an identity field (pattern, copy,
 * direction, bytes) would be read as every row's.
 */
public record PatternParameters(List<Long> sizes, List<String> memories, List<String> directions, int iterations,
                                int warmup, String timer, List<String> copy) implements Parameters {

    public PatternParameters {
        sizes = List.copyOf(sizes);
        memories = List.copyOf(memories);
        directions = List.copyOf(directions);
        copy = List.copyOf(copy);
    }

    /**
     * The whole run's: each device's, then {@code devices} and the distinct {@code patterns} (their
     * forms), then with {@code --pair} or {@code --pairs} the GPU pairs chosen ({@code pairs}) and,
     * for a sample, its seed ({@code pairSeed}).
     */
    public record Run(@JsonUnwrapped AcrossDevices across, List<String> patterns, Optional<List<GpuPair>> pairs,
                      OptionalLong pairSeed) implements Parameters {
        public Run {
            patterns = List.copyOf(patterns);
            pairs = pairs.map(List::copyOf);
        }

        /** Each device's plan's; the devices, forms and pairs are no row's identity. */
        @Override
        public void identity(IdentityFields into) {
            across.identity(into);
        }
    }

    /** The timer: the rest are lists, each round says its own. */
    @Override
    public void identity(IdentityFields into) {
        into.word(IdentityField.TIMER, "timer", timer);
    }

    public static PatternParameters of(List<PatternPlan> plans, BandwidthPlan plan) {
        return new PatternParameters(plans.stream().map(PatternPlan::bytes).distinct().toList(), List.of("pinned"),
                plans.stream().map(PatternResult::direction).distinct().toList(), plan.iterations(), plan.warmup(),
                plan.timer().label(), plans.stream().map(p -> p.path().label()).distinct().toList());
    }

    /** This, as the whole run's over {@code indices}, with {@code plans}' forms and the pairs {@code pairs} chose. */
    public Run across(List<Integer> indices, List<PatternPlan> plans, PairChoice pairs) {
        return new Run(new AcrossDevices(this, indices), plans.stream().map(PatternPlan::form).distinct().toList(),
                pairs.every() ? Optional.empty() : Optional.of(pairs.resolve(indices)), pairs.drawSeed());
    }
}
