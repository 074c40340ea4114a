package dev.xfer.app.batch;

import java.util.Locale;

/** How N host buffers reach N device buffers, after the PyTorch non_blocking tutorial and beyond. */
public enum BatchStrategy {
    PAGEABLE_BLOCKING("pageable-blocking", "pageable sources, each copy then a synchronize (tensor.to(device))"),
    PAGEABLE_ASYNC("pageable-async", "pageable sources, all copies async, one synchronize (non_blocking=True)"),
    PINNED_BLOCKING("pinned-blocking", "pinned sources, each copy then a synchronize"),
    PINNED_ASYNC("pinned-async", "pinned sources, all copies async, one synchronize"),
    PIN_THEN_COPY_BLOCKING("pin-then-copy-blocking", "each pageable source into pinned memory, then a blocking copy (pin_memory().to())"),
    PIN_THEN_COPY_ASYNC("pin-then-copy-async", "each pageable source into pinned memory, then an async copy (pin_memory().to(non_blocking=True))"),
    PIN_THREADS("pin-threads", "T threads pin while the main thread copies what is pinned (TensorDict non_blocking_pin)"),
    BATCHED("batched", "pinned sources, one cudaMemcpyBatchAsync for all copies"),
    STAGED("staged", "pageable sources through a ring of reusable pinned staging slots per thread, T threads");

    private final String label;
    private final String description;

    BatchStrategy(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
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
