package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

/**
 * The system's Confidential Computing state as NVML reports it ({@code nvmlSystemGetConfComputeState}
 * and {@code nvmlSystemGetConfComputeGpusReadyState}). With CC on, the GPU cannot reach guest
 * memory directly: host copies go through an encrypted bounce buffer and {@code cudaHostRegister}
 * is refused (NVIDIA's Confidential Computing release notes), which is what xfer's waivers follow.
 *
 * @param environment where CC runs: {@link Environment}
 * @param enabled     whether the CC feature is on ({@code NVML_CC_SYSTEM_FEATURE_ENABLED})
 * @param devTools    whether the developer-tools mode is on ({@code NVML_CC_SYSTEM_DEVTOOLS_MODE_ON})
 */
public record ConfidentialComputing(Environment environment, boolean enabled, boolean devTools) {

    /** {@code nvmlConfComputeSystemState_t.environment}. */
    public enum Environment {
        /** {@code NVML_CC_SYSTEM_ENVIRONMENT_UNAVAILABLE}: not a CC system. */
        UNAVAILABLE("unavailable"),
        /** {@code NVML_CC_SYSTEM_ENVIRONMENT_SIM}: simulated. */
        SIMULATED("simulated"),
        /** {@code NVML_CC_SYSTEM_ENVIRONMENT_PROD}: production. */
        PRODUCTION("production"),
        /** A value newer than the header xfer was generated from. */
        OTHER("other");

        private final String label;

        Environment(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        static Environment of(int value) {
            if (value == nvml.NVML_CC_SYSTEM_ENVIRONMENT_UNAVAILABLE()) {
                return UNAVAILABLE;
            }
            if (value == nvml.NVML_CC_SYSTEM_ENVIRONMENT_SIM()) {
                return SIMULATED;
            }
            return value == nvml.NVML_CC_SYSTEM_ENVIRONMENT_PROD() ? PRODUCTION : OTHER;
        }
    }

    /** The state from the struct's three fields as NVML filled them. */
    static ConfidentialComputing of(int environment, int ccFeature, int devToolsMode) {
        return new ConfidentialComputing(Environment.of(environment),
                ccFeature == nvml.NVML_CC_SYSTEM_FEATURE_ENABLED(), devToolsMode == nvml.NVML_CC_SYSTEM_DEVTOOLS_MODE_ON());
    }

    /** Whether {@code nvmlSystemGetConfComputeGpusReadyState}'s answer says the GPUs accept work. */
    static boolean accepting(int isAcceptingWork) {
        return isAcceptingWork == nvml.NVML_CC_ACCEPTING_CLIENT_REQUESTS_TRUE();
    }
}
