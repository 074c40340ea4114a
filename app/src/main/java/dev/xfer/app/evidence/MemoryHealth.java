package dev.xfer.app.evidence;

import java.util.LinkedHashMap;
import java.util.Map;

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

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("eccCorrected", eccCorrected.toJson(v -> v));
        m.put("eccUncorrected", eccUncorrected.toJson(v -> v));
        m.put("retiredPagesPending", retiredPagesPending.toJson(v -> v));
        m.put("remappedRowsPending", remapPending.toJson(v -> v));
        m.put("remappedRowsFailure", remapFailure.toJson(v -> v));
        return m;
    }
}
