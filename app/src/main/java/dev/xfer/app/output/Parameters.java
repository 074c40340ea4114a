package dev.xfer.app.output;

/**
 * A command's {@code parameters} in its document: the plan it ran. A command's own record
 * implements it; {@link NoParameters} where there are none.
 */
public interface Parameters {
}
