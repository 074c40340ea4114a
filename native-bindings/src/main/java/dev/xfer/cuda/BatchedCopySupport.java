package dev.xfer.cuda;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * Whether a libcudart can take xfer's {@code cudaMemcpyBatchAsync}. The call came with CUDA 12.8,
 * whose signature has one more parameter ({@code size_t *failIdx}) than CUDA 13's, the one the
 * bindings were generated from: calling 12.8's through 13's descriptor would pass the attributes
 * where it reads the failure index. So a runtime older than 13, or one without the symbol, has
 * none that xfer can call; what it measures then is waived with this reason, never an error.
 */
public final class BatchedCopySupport {
    private BatchedCopySupport() {
    }

    /** The symbol xfer calls. */
    public static final String SYMBOL = "cudaMemcpyBatchAsync";

    /** Why the libcudart this JVM loaded cannot take xfer's batched copies; empty when it can. */
    public static Optional<String> ofLoadedRuntime() {
        CudaVersion runtime = new CudaVersion(CudaRuntime.readInt(dev.xfer.cuda.generated.cudart::cudaRuntimeGetVersion,
                "cudaRuntimeGetVersion"));
        return missing(runtime, symbol -> java.lang.foreign.SymbolLookup.loaderLookup().find(symbol).isPresent());
    }

    /**
     * Why {@code runtime} cannot take xfer's batched copies; empty when it can.
     *
     * @param exported whether the loaded library exports a symbol (a fake in tests)
     */
    public static Optional<String> missing(CudaVersion runtime, Predicate<String> exported) {
        boolean present = exported.test(SYMBOL);
        if (runtime.major() >= 13) {
            return present ? Optional.empty()
                    : Optional.of("libcudart " + runtime + " does not export " + SYMBOL);
        }
        if (!present) {
            return Optional.of("libcudart " + runtime + " has no " + SYMBOL + " (CUDA 12.8 added it; xfer calls"
                    + " CUDA 13's)");
        }
        return Optional.of("libcudart " + runtime + "'s " + SYMBOL + " has CUDA 12.8's signature (with failIdx);"
                + " xfer calls CUDA 13's");
    }
}
