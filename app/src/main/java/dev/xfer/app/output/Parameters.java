package dev.xfer.app.output;

/**
 * A command's {@code parameters} in its document: the plan it ran. A command's own record
 * implements it; until each has one, its map passes as a {@link FieldMap}.
 */
public interface Parameters {
}
