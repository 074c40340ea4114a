package dev.xfer.app.doctor;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A cause found on this machine.
 *
 * @param cause    which cause
 * @param scope    the host, a GPU or a pair
 * @param severity how much it matters
 * @param summary  one line saying what was found, with its figures
 * @param evidence the values it rests on, each with where it was read; at least one
 * @param cost     the bandwidth it costs, where that can be measured or derived
 * @param remedy   the setting or command that removes it
 * @param timeCost the time it costs, where it costs time rather than bandwidth (persistence mode off)
 */
public record Finding(Cause cause, Scope scope, Severity severity, String summary, List<Evidence> evidence,
                      Optional<Cost> cost, String remedy, Optional<TimeCost> timeCost) {
    public Finding {
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(remedy, "remedy");
        Objects.requireNonNull(timeCost, "timeCost");
        evidence = List.copyOf(evidence);
        if (evidence.isEmpty()) {
            throw new IllegalArgumentException("a finding rests on evidence: " + summary);
        }
    }

    /** A finding that costs no time, only bandwidth or nothing: every cause but persistence mode. */
    public Finding(Cause cause, Scope scope, Severity severity, String summary, List<Evidence> evidence,
                   Optional<Cost> cost, String remedy) {
        this(cause, scope, severity, summary, evidence, cost, remedy, Optional.empty());
    }
}
