package dev.xfer.app.check;

import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Quantity;
import dev.xfer.app.result.ResultNames;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.List;

/**
 * A check run: each scenario for {@code trials} trials over {@code elements} doubles holding the
 * PyTorch tutorial's values 1..999,999, repeated.
 */
public record CheckPlan(long elements, int trials, HostMemoryKind memory, List<CheckScenario> scenarios, int readers) {
    /** The tutorial's tensor: 100 x 999,999 doubles, about 800 MB. */
    public static final long TUTORIAL_ELEMENTS = 100L * 999_999;
    public static final long PERIOD = 999_999;
    /**
     * Enough to show the race and the safety of synchronization: on the H200 the unsynchronized
     * scenarios raced in 99 to 100 of 100 trials, and 50 trials of every scenario take about 15 s
     * (100 take about 27 s; docs/commands/check.md has the measured breakdown).
     */
    public static final int DEFAULT_TRIALS = 50;
    /** What a check's figure counts. */
    static final String WRONG_TRIALS = "wrongTrials";
    /**
     * The scenario of {@code check.synchronized.wrong}, the sum over the scenarios that synchronize:
     * a word no scenario has.
     */
    static final String ALL_SYNCHRONIZED = "synchronized";

    public CheckPlan {
        scenarios = List.copyOf(scenarios);
        if (elements < 1) {
            throw new IllegalArgumentException("--size must hold at least one double (8 bytes)");
        }
        if (trials < 1) {
            throw new IllegalArgumentException("--trials must be at least 1, not " + trials);
        }
        if (!memory.isPageLocked()) {
            throw new IllegalArgumentException("--memory " + memory
                    + " is not page-locked: the race needs pinned, registered or write-combined memory"
                    + " (pageable memory is its own scenario, d2h-pageable)");
        }
        if (scenarios.isEmpty()) {
            throw new IllegalArgumentException("no scenario selected");
        }
        if (readers < 1 || readers > 256) {
            throw new IllegalArgumentException("--readers must be 1 to 256, not " + readers);
        }
    }

    /** With one reader per core, up to 16. */
    public CheckPlan(long elements, int trials, HostMemoryKind memory, List<CheckScenario> scenarios) {
        this(elements, trials, memory, scenarios, defaultReaders());
    }

    public static int defaultReaders() {
        return Math.min(16, Runtime.getRuntime().availableProcessors());
    }

    public long bytes() {
        return Math.multiplyExact(elements, (long) Double.BYTES);
    }

    /** The value element {@code i} must hold. */
    public static double expected(long i) {
        return (double) (i % PERIOD + 1);
    }

    /**
     * The identity of a scenario's count of wrong trials, named {@code check.<scenario>.wrong}; the
     * scenario {@link #ALL_SYNCHRONIZED} is the sum over the scenarios that synchronize.
     */
    public Identity identity(String scenario, long trials) {
        return Identity.of("check", WRONG_TRIALS).with(IdentityField.SCENARIO, scenario)
                .with(IdentityField.MEMORY, memory.label()).with(IdentityField.BYTES, bytes())
                .with(IdentityField.ELEMENTS, elements).with(IdentityField.TRIALS, trials).build();
    }

    /** The names this plan will produce, for {@code --expect} before anything runs. */
    public List<MetricDeclaration> declarations() {
        List<MetricDeclaration> out = new ArrayList<>();
        Quantity count = Quantity.of(WRONG_TRIALS).orElseThrow();
        for (CheckScenario s : scenarios) {
            out.add(RunResult.declaration(ResultNames.of(identity(s.id(), trials)), count, false));
        }
        if (scenarios.stream().anyMatch(CheckScenario::isSynchronized)) {
            out.add(RunResult.declaration(ResultNames.of(identity(ALL_SYNCHRONIZED, trials)), count, false));
        }
        return out;
    }
}
