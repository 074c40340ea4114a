package dev.xfer.app.output;

/**
 * What a command adds to its document after the envelope's fields (overlap's {@code model},
 * {@code models} and {@code timelines}, latency's {@code notes}, a several-device bandwidth run's
 * {@code concurrent}, {@code p2p} and {@code failures}), written inline ({@code @JsonUnwrapped}):
 * its keys are the document's own. {@link NoParameters#NONE} when a command adds nothing.
 */
public interface Extras {
}
