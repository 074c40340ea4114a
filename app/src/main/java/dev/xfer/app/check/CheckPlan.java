package dev.xfer.app.check;

import dev.xfer.cuda.HostMemoryKind;

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
}
