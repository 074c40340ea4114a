package dev.xfer.app.check;

import java.util.List;

/**
 * A check run's scenarios and the seconds spent before the first trial (allocating the device and
 * host buffers, loading the kernels, filling the source).
 */
public record CheckRun(List<CheckResult> results, double setupSeconds) {
    public CheckRun {
        results = List.copyOf(results);
    }
}
