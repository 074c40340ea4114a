package dev.xfer.cuda;

import dev.xfer.cuda.generated.cudart;

/**
 * When {@code cudaMemcpyBatchAsync} may read a copy's source ({@code cudaMemcpyAttributes.srcAccessOrder}).
 * What the caller may do with the source after the call returns depends on it, so it is a
 * contract, not a hint.
 */
public enum SourceAccessOrder {
    /**
     * {@code cudaMemcpySrcAccessOrderStream}: in stream order, as {@code cudaMemcpyAsync} reads
     * it; the source must stay valid and unchanged until the copy has run in the stream.
     */
    STREAM("stream"),
    /**
     * {@code cudaMemcpySrcAccessOrderDuringApiCall}: out of stream order, every read done before
     * the call returns; the caller may reuse or free the source as soon as it has returned.
     */
    DURING_API_CALL("during-api-call"),
    /**
     * {@code cudaMemcpySrcAccessOrderAny}: out of stream order, at any time until the copy has
     * completed; meant for host memory not allocated by CUDA (malloc) that nothing earlier in
     * the stream touches.
     */
    ANY("any");

    private final String label;

    SourceAccessOrder(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The {@code cudaMemcpySrcAccessOrder} value. */
    int code() {
        return switch (this) {
            case STREAM -> cudart.cudaMemcpySrcAccessOrderStream();
            case DURING_API_CALL -> cudart.cudaMemcpySrcAccessOrderDuringApiCall();
            case ANY -> cudart.cudaMemcpySrcAccessOrderAny();
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
