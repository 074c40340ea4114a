package dev.xfer.app.output;

/**
 * Nothing to add: the {@code parameters} of a document whose command took none it records (a GPU's
 * part of a several-device run before its own are known, a run ended before it measured), written
 * as {@code {}}; as {@code extras}, no key at all.
 */
public record NoParameters() implements Parameters, Extras {
    public static final NoParameters NONE = new NoParameters();

    @Override
    public void identity(IdentityFields into) {
    }
}
