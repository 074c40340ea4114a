package dev.xfer.app.evidence;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a probe read of one GPU at one moment, each item as NVML gives it or {@code unknown}.
 *
 * @param at           when it was read
 * @param nanos        the monotonic clock then (System.nanoTime), to line it up with link samples
 * @param persistence  persistence mode (GetPersistenceMode)
 * @param smClockMHz   GetClockInfo(NVML_CLOCK_SM)
 * @param memClockMHz  GetClockInfo(NVML_CLOCK_MEM)
 * @param clockEvents  GetCurrentClocksEventReasons
 * @param link         GetCurrPcieLinkGeneration / GetCurrPcieLinkWidth
 * @param replays      GetPcieReplayCounter: cumulative since the driver loaded
 * @param processes    GetComputeRunningProcesses, every process (xfer's own included; the rules
 *                     leave it out by pid)
 * @param memoryHealth read for smoke only; empty otherwise
 */
public record GpuSnapshot(Instant at, long nanos, Reading<Boolean> persistence, Reading<Integer> smClockMHz,
                          Reading<Integer> memClockMHz, Reading<ClockEvents> clockEvents, Reading<LinkState> link,
                          Reading<Long> replays, Reading<List<ComputeProcess>> processes,
                          Optional<MemoryHealth> memoryHealth) {

    public GpuSnapshot {
        processes = processes.map(List::copyOf);
    }

    /** A snapshot in which nothing could be read, for the same reason. */
    public static GpuSnapshot unknown(Instant at, long nanos, String why) {
        return new GpuSnapshot(at, nanos, Reading.unknown(why), Reading.unknown(why), Reading.unknown(why),
                Reading.unknown(why), Reading.unknown(why), Reading.unknown(why), Reading.unknown(why),
                Optional.empty());
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("at", at.toString());
        m.put("persistenceMode", persistence.toJson(p -> p ? "enabled" : "disabled"));
        m.put("smClockMHz", smClockMHz.toJson(v -> v));
        m.put("memoryClockMHz", memClockMHz.toJson(v -> v));
        m.put("clockEventReasons", clockEvents.toJson(ClockEvents::names));
        m.put("pcieLink", link.toJson(l -> Map.of("generation", l.generation(), "width", l.width())));
        m.put("pcieReplays", replays.toJson(v -> v));
        m.put("computeProcesses", processes.toJson(ps -> ps.stream().map(p -> {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("pid", p.pid());
            pm.put("name", p.name().orElse(null));
            return (Object) pm;
        }).toList()));
        memoryHealth.ifPresent(h -> m.put("memoryHealth", h.toJson()));
        return m;
    }
}
