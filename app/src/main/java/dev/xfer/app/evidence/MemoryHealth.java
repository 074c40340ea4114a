package dev.xfer.app.evidence;

import dev.xfer.app.format.OrUnknown;

/**
 * What {@code smoke} reads of the GPU memory's health: ECC error totals since the driver loaded
 * (GetTotalEccErrors, volatile), pages waiting for retirement (GetRetiredPagesPendingStatus) and
 * rows waiting for a remap or failed to remap (GetRemappedRows). Recorded as evidence; a pending
 * retirement or remap means the GPU wants a reset, which {@code xfer doctor} will say.
 */
public record MemoryHealth(Reading<Long> eccCorrected, Reading<Long> eccUncorrected,
                           Reading<Boolean> retiredPagesPending, Reading<Boolean> remapPending,
                           Reading<Boolean> remapFailure) {

    public static MemoryHealth unknown(String why) {
        return new MemoryHealth(Reading.unknown(why), Reading.unknown(why), Reading.unknown(why),
                Reading.unknown(why), Reading.unknown(why));
    }

    /** As the document's {@code memoryHealth} carries it. */
    public Document document() {
        return new Document(eccCorrected.document(v -> v), eccUncorrected.document(v -> v),
                retiredPagesPending.document(v -> v), remapPending.document(v -> v), remapFailure.document(v -> v));
    }

    /** The document's {@code memoryHealth}: each item its value or {@code unknown: <why>}. */
    public record Document(OrUnknown<Long> eccCorrected, OrUnknown<Long> eccUncorrected,
                           OrUnknown<Boolean> retiredPagesPending, OrUnknown<Boolean> remappedRowsPending,
                           OrUnknown<Boolean> remappedRowsFailure) {
    }
}
