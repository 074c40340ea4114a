package dev.xfer.app.batch;

import dev.xfer.cuda.SourceAccessOrder;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How N host buffers reach N device buffers, after the PyTorch non_blocking tutorial and beyond. */
public enum BatchStrategy {
    PAGEABLE_BLOCKING("pageable-blocking", "pageable sources, each copy then a synchronize (tensor.to(device))"),
    PAGEABLE_ASYNC("pageable-async", "pageable sources, all copies async, one synchronize (non_blocking=True)"),
    PINNED_BLOCKING("pinned-blocking", "pinned sources, each copy then a synchronize"),
    PINNED_ASYNC("pinned-async", "pinned sources, all copies async, one synchronize"),
    PIN_THEN_COPY_BLOCKING("pin-then-copy-blocking", "each pageable source into pinned memory, then a blocking copy (pin_memory().to())"),
    PIN_THEN_COPY_ASYNC("pin-then-copy-async", "each pageable source into pinned memory, then an async copy (pin_memory().to(non_blocking=True))"),
    PIN_THREADS("pin-threads", "T threads pin while the main thread copies what is pinned (TensorDict non_blocking_pin)"),
    BATCHED("batched", "pinned sources, one cudaMemcpyBatchAsync for all copies", SourceAccessOrder.STREAM, false),
    STAGED("staged", "pageable sources through a ring of reusable pinned staging slots per thread, T threads"),
    // The API over pageable sources, one strategy per source access order, each also with the
    // flag: asked for by name (not in the default), each its own row and --expect name.
    BATCHED_PAGEABLE_STREAM("batched-pageable-stream",
            "pageable sources, one cudaMemcpyBatchAsync, sources read in stream order",
            SourceAccessOrder.STREAM, false),
    BATCHED_PAGEABLE_DURING_API_CALL("batched-pageable-during-api-call",
            "pageable sources, one cudaMemcpyBatchAsync, sources read before the call returns",
            SourceAccessOrder.DURING_API_CALL, false),
    BATCHED_PAGEABLE_ANY("batched-pageable-any",
            "pageable sources, one cudaMemcpyBatchAsync, sources read any time until the copies complete",
            SourceAccessOrder.ANY, false),
    BATCHED_PAGEABLE_STREAM_OVERLAP("batched-pageable-stream-overlap",
            "batched-pageable-stream with cudaMemcpyFlagPreferOverlapWithCompute", SourceAccessOrder.STREAM, true),
    BATCHED_PAGEABLE_DURING_API_CALL_OVERLAP("batched-pageable-during-api-call-overlap",
            "batched-pageable-during-api-call with cudaMemcpyFlagPreferOverlapWithCompute",
            SourceAccessOrder.DURING_API_CALL, true),
    BATCHED_PAGEABLE_ANY_OVERLAP("batched-pageable-any-overlap",
            "batched-pageable-any with cudaMemcpyFlagPreferOverlapWithCompute", SourceAccessOrder.ANY, true);

    /** What a run measures without {@code --strategies}: the nine before the pageable batched ones. */
    public static final List<BatchStrategy> DEFAULT = List.of(PAGEABLE_BLOCKING, PAGEABLE_ASYNC, PINNED_BLOCKING,
            PINNED_ASYNC, PIN_THEN_COPY_BLOCKING, PIN_THEN_COPY_ASYNC, PIN_THREADS, BATCHED, STAGED);

    private final String label;
    private final String description;
    private final Optional<SourceAccessOrder> batchOrder;
    private final boolean preferOverlap;

    BatchStrategy(String label, String description) {
        this.label = label;
        this.description = description;
        this.batchOrder = Optional.empty();
        this.preferOverlap = false;
    }

    BatchStrategy(String label, String description, SourceAccessOrder order, boolean preferOverlap) {
        this.label = label;
        this.description = description;
        this.batchOrder = Optional.of(order);
        this.preferOverlap = preferOverlap;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /** Whether this strategy is one cudaMemcpyBatchAsync, which a runtime before CUDA 13 lacks. */
    public boolean usesBatchApi() {
        return batchOrder.isPresent();
    }

    /** The batch's source access order; empty when the strategy does not use the batch API. */
    public Optional<SourceAccessOrder> batchOrder() {
        return batchOrder;
    }

    /** Whether the batch asks for {@code cudaMemcpyFlagPreferOverlapWithCompute}. */
    public boolean preferOverlap() {
        return preferOverlap;
    }

    /** Whether the sources are pageable buffers (otherwise pinned ones). */
    public boolean readsPageable() {
        return switch (this) {
            case PINNED_BLOCKING, PINNED_ASYNC, BATCHED -> false;
            default -> true;
        };
    }

    public static BatchStrategy fromLabel(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        for (BatchStrategy s : values()) {
            if (s.label.equals(wanted)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + text + "' (expected one of "
                + String.join(", ", java.util.Arrays.stream(values()).map(BatchStrategy::label).toList()) + ")");
    }

    @Override
    public String toString() {
        return label;
    }
}
