package dev.xfer.app.output;

import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Result;

import java.util.Map;
import java.util.Optional;

/**
 * Where a row stands in its document, which its {@link Result}s take from it: the command that
 * wrote the document, the measurement of a composite command the row is of ({@code part}: smoke's
 * {@code check} rows), the identity fields its plan shares with every row ({@code shared}, from
 * {@link Parameters#identity}), those its place in the document says ({@code given}: a peer copy
 * is direction {@code p2p}), and its path, which every refusal of its fields names.
 *
 * @param shared the plan's identity fields; the row's own replace them
 * @param given  what the row's place says; it replaces the row's own
 */
public record RowScope(String path, String command, Optional<String> part, Map<IdentityField, Object> shared,
                       Map<IdentityField, Object> given) {

    public RowScope {
        shared = Map.copyOf(shared);
        given = Map.copyOf(given);
    }

    /** A row of {@code command}'s document at {@code path}, sharing {@code shared}. */
    public static RowScope of(String path, String command, Map<IdentityField, Object> shared) {
        return new RowScope(path, command, Optional.empty(), shared, Map.of());
    }

    /** A row of {@code command}'s document at {@code path}, sharing what its plan's {@code parameters} say of every row. */
    public static RowScope of(String path, String command, Parameters parameters) {
        return of(path, command, parameters.identities());
    }

    /** The same place, with what the row's place in the document says beside it. */
    public RowScope given(Map<IdentityField, Object> given) {
        return new RowScope(path, command, part, shared, given);
    }

    /** A part of this row (a concurrent run's GPU share) at {@code path}. */
    public RowScope at(String path) {
        return new RowScope(path, command, part, shared, given);
    }

    /** This row as a row of the measurement {@code part} of a composite command. */
    public RowScope asPart(String part) {
        return new RowScope(path, command, Optional.of(part), shared, given);
    }

    /** A start of this row's results. */
    public RowFigures figures() {
        return new RowFigures(this);
    }
}
