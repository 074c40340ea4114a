package dev.xfer.app.output;

/**
 * One entry of a document's {@code results} or {@code failures}, also one JSON Lines result
 * record's own fields. A command's row record implements it; until each has one, its map passes
 * as a {@link FieldMap}.
 */
public interface Row {
}
