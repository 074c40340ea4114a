package dev.xfer.cuda;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which runtimes can take xfer's cudaMemcpyBatchAsync, by version and exported symbols (faked). */
class BatchedCopySupportTest {
    private static final Predicate<String> WITH = Set.of("cudaMemcpyBatchAsync", "cudaMemcpyAsync")::contains;
    private static final Predicate<String> WITHOUT = Set.of("cudaMemcpyAsync")::contains;

    @Test
    void cuda13WithTheSymbolCan() {
        assertEquals(Optional.empty(), BatchedCopySupport.missing(new CudaVersion(13000), WITH));
        assertEquals(Optional.empty(), BatchedCopySupport.missing(new CudaVersion(13010), WITH));
    }

    @Test
    void aRuntimeBefore12Point8LacksTheSymbol() {
        assertEquals(Optional.of("libcudart 12.4 has no cudaMemcpyBatchAsync (CUDA 12.8 added it; xfer calls CUDA 13's)"),
                BatchedCopySupport.missing(new CudaVersion(12040), WITHOUT));
    }

    @Test
    void cuda12Point8HasTheOlderSignature() {
        assertEquals(Optional.of("libcudart 12.8's cudaMemcpyBatchAsync has CUDA 12.8's signature (with failIdx);"
                + " xfer calls CUDA 13's"), BatchedCopySupport.missing(new CudaVersion(12080), WITH));
    }

    @Test
    void cuda13WithoutTheSymbolIsSaidSo() {
        assertEquals(Optional.of("libcudart 13.0 does not export cudaMemcpyBatchAsync"),
                BatchedCopySupport.missing(new CudaVersion(13000), WITHOUT));
    }

    @Test
    void accessOrdersAreCudasValues() {
        // cudaMemcpySrcAccessOrderStream = 1, DuringApiCall = 2, Any = 3 (driver_types.h)
        assertEquals(1, SourceAccessOrder.STREAM.code());
        assertEquals(2, SourceAccessOrder.DURING_API_CALL.code());
        assertEquals(3, SourceAccessOrder.ANY.code());
    }
}
