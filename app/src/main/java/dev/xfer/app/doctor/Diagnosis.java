package dev.xfer.app.doctor;

import java.util.List;
import java.util.Objects;

/**
 * What one check concluded about one scope: a finding, nothing wrong, or unknown because its
 * evidence could not be read. Unknown is never a finding: a machine is not judged on what xfer
 * could not see.
 */
public sealed interface Diagnosis permits Diagnosis.Found, Diagnosis.Clear, Diagnosis.Unknown {

    Cause cause();

    Scope scope();

    /** A finding. */
    record Found(Finding finding) implements Diagnosis {
        public Found {
            Objects.requireNonNull(finding, "finding");
        }

        @Override
        public Cause cause() {
            return finding.cause();
        }

        @Override
        public Scope scope() {
            return finding.scope();
        }
    }

    /**
     * Checked, nothing lost.
     *
     * @param summary  one line saying what was seen
     * @param evidence what was read, and where
     */
    record Clear(Cause cause, Scope scope, String summary, List<Evidence> evidence) implements Diagnosis {
        public Clear {
            Objects.requireNonNull(cause, "cause");
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(summary, "summary");
            evidence = List.copyOf(evidence);
        }
    }

    /**
     * Not judged: the evidence could not be read.
     *
     * @param why one line: {@code config space beyond 64 bytes needs root (read 64 of 4096 bytes of ...)}
     */
    record Unknown(Cause cause, Scope scope, String why) implements Diagnosis {
        public Unknown {
            Objects.requireNonNull(cause, "cause");
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(why, "why");
        }
    }

    static Diagnosis found(Finding finding) {
        return new Found(finding);
    }

    static Diagnosis clear(Cause cause, Scope scope, String summary, Evidence... evidence) {
        return new Clear(cause, scope, summary, List.of(evidence));
    }

    static Diagnosis unknown(Cause cause, Scope scope, String why) {
        return new Unknown(cause, scope, why);
    }
}
