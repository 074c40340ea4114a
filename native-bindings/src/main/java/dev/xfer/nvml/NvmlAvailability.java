package dev.xfer.nvml;

/**
 * Whether NVML could be opened: a session to read from, or the reason there is none. Evidence
 * says {@code unavailable: <reason>} and the run goes on; a missing NVML is never a failure.
 */
public sealed interface NvmlAvailability {

    /** An open session; close it when done. */
    record Available(Nvml nvml) implements NvmlAvailability {
        @Override
        public String toString() {
            return "available";
        }
    }

    /** No session: the library was not found, would not load, or nvmlInit failed. */
    record Unavailable(String reason) implements NvmlAvailability {
        @Override
        public String toString() {
            return "unavailable: " + reason;
        }
    }
}
