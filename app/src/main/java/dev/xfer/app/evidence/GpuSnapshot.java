package dev.xfer.app.evidence;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.format.OrUnknown;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

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

    /** As the document's {@code start} and {@code end} evidence carry it. */
    public Document document() {
        return new Document(at.toString(), persistence.document(p -> p ? "enabled" : "disabled"),
                smClockMHz.document(v -> v), memClockMHz.document(v -> v), clockEvents.document(ClockEvents::names),
                link.document(l -> new PcieLink(l.generation(), l.width())), replays.document(v -> v),
                processes.document(ps -> ps.stream().map(p -> new Process(p.pid(), p.name())).toList()),
                memoryHealth.map(MemoryHealth::document));
    }

    /**
     * One snapshot in the document: each item its value or {@code unknown: <why>}.
     *
     * @param persistenceMode {@code enabled} or {@code disabled}
     * @param memoryHealth    smoke's only; the key is left out otherwise
     */
    public record Document(String at, OrUnknown<String> persistenceMode, OrUnknown<Integer> smClockMHz,
                           OrUnknown<Integer> memoryClockMHz, OrUnknown<List<String>> clockEventReasons,
                           OrUnknown<PcieLink> pcieLink, OrUnknown<Long> pcieReplays,
                           OrUnknown<List<Process>> computeProcesses, Optional<MemoryHealth.Document> memoryHealth) {
    }

    public record PcieLink(int generation, int width) {
    }

    /** @param name null in the document when it could not be read */
    public record Process(long pid, @JsonInclude(ALWAYS) Optional<String> name) {
    }
}
