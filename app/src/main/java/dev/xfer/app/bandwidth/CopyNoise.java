package dev.xfer.app.bandwidth;

/**
 * What a copy path's between-run spread follows, declared by each path
 * ({@link PathDefinition#noise}): the verdicts' noise kinds are read from it, never from a path's
 * name.
 */
public enum CopyNoise {
    /** The copy engine on the user's memory: pageable memory goes through the driver's staging, page-locked memory does not. */
    HOST_MEMORY,
    /** xfer's staging lanes: their own spread, whatever the memory. */
    STAGING_LANES,
    /** xfer's copy kernel on the SMs. */
    KERNEL,
    /** A path without a noise floor of its own measured yet: compared as anything else. */
    UNCLASSED
}
