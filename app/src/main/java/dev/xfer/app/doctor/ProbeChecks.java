package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the probe's copies say: pageable memory against pinned, the host's own copies, and its reads
 * of write-combined memory.
 */
public final class ProbeChecks {
    /**
     * Host reads of write-combined memory below this fraction of cached reads are worth a note.
     * Write-combined memory is uncached for the CPU, so each read waits on memory: on x86 hosts it
     * runs at a few percent of cached reads; a machine well above half does not have the penalty.
     */
    static final double SLOW_WRITE_COMBINED_READS = 0.5;

    private ProbeChecks() {
    }

    /**
     * Pageable host-to-device copies against pinned ones, and what xfer's staged path gets back. A
     * note: every machine pays it, and it is the user's choice of memory.
     *
     * @param where  how the rates were measured (sizes, iterations)
     * @param staged the staged path's median on the same pageable memory; empty when not measured
     */
    public static Diagnosis pageable(Scope scope, double pageableGBps, double pinnedGBps, OptionalDouble staged,
                                     String where) {
        List<Evidence> evidence = new ArrayList<>(List.of(
                new Evidence("pageable h2d median", Texts.gbps(pageableGBps), where + ", driver path"),
                new Evidence("pinned h2d median", Texts.gbps(pinnedGBps), where + ", driver path")));
        String recovered = "";
        if (staged.isPresent()) {
            evidence.add(new Evidence("pageable h2d staged median", Texts.gbps(staged.getAsDouble()),
                    where + ", xfer's staged path"));
            recovered = "; xfer's staged path gets " + Texts.gbps(staged.getAsDouble()) + " ("
                    + Texts.percent(staged.getAsDouble() / pinnedGBps) + " of pinned)";
        }
        return Diagnosis.found(new Finding(Cause.PAGEABLE_MEMORY, scope, Severity.NOTE,
                "pageable h2d runs at " + Texts.percent(pageableGBps / pinnedGBps) + " of pinned ("
                        + Texts.gbps(pageableGBps) + " against " + Texts.gbps(pinnedGBps) + ")" + recovered,
                evidence, Optional.of(new Cost(Math.max(0, pinnedGBps - pageableGBps), Cost.MEASURED)),
                "copy from pinned memory (cudaHostAlloc, cudaHostRegister, pin_memory()), or stage it: xfer"
                        + " bandwidth --copy staged shows what a ring of pinned slots gets"));
    }

    /**
     * The staged path's two ceilings: host copies alone into pinned slots, and the slots' DMA alone.
     * Host copies slower than the DMA bound every staged copy of pageable memory.
     */
    public static Diagnosis hostMemcpy(Scope scope, double h2hGBps, double pinnedGBps, String where) {
        List<Evidence> evidence = List.of(
                new Evidence("host copies into pinned slots (h2h)", Texts.gbps(h2hGBps), where),
                new Evidence("pinned slots' DMA alone", Texts.gbps(pinnedGBps), where));
        if (h2hGBps < pinnedGBps) {
            return Diagnosis.found(new Finding(Cause.HOST_MEMCPY, scope, Severity.LOW,
                    "host memcpy reaches " + Texts.gbps(h2hGBps) + ", below the " + Texts.gbps(pinnedGBps)
                            + " the DMA takes: staged copies of pageable memory stop there", evidence,
                    Optional.of(new Cost(pinnedGBps - h2hGBps, Cost.MEASURED)),
                    "more staging threads (xfer bandwidth --copy staged --threads N), the performance CPU"
                            + " governor, threads on the GPU's NUMA node"));
        }
        return new Diagnosis.Clear(Cause.HOST_MEMCPY, scope, "host memcpy " + Texts.gbps(h2hGBps) + " is above the"
                + " DMA's " + Texts.gbps(pinnedGBps) + ": it does not bound staged copies", evidence);
    }

    /**
     * Host reads of write-combined memory against cached pinned memory. A note, never lost bandwidth:
     * it is how the machine treats that kind of memory, and doctor sees nothing reading write-combined
     * memory on the host; the loss falls on a program that does. No cost in GB/s: the rates are the
     * host's reads, not a copy's.
     */
    public static Diagnosis writeCombinedRead(Scope scope, Reading<HostReads> reads) {
        Cause cause = Cause.WRITE_COMBINED_READ;
        if (reads instanceof Reading.Unknown<HostReads> u) {
            return Diagnosis.unknown(cause, scope, u.why() + " (" + u.where() + ")");
        }
        HostReads read = ((Reading.Known<HostReads>) reads).value();
        List<Evidence> evidence = List.of(
                new Evidence("host reads of write-combined pinned memory (cudaHostAllocWriteCombined) median",
                        Texts.gbps(read.writeCombinedGBps()), reads.where()),
                new Evidence("host reads of cached pinned memory (cudaHostAlloc) median", Texts.gbps(read.pinnedGBps()),
                        reads.where()));
        String rates = "host reads of write-combined memory ran at " + Texts.gbps(read.writeCombinedGBps()) + ", "
                + Texts.percent(read.ratio()) + " of cached pinned (" + Texts.gbps(read.pinnedGBps()) + ")";
        if (read.ratio() >= SLOW_WRITE_COMBINED_READS) {
            return new Diagnosis.Clear(cause, scope, rates + ": no penalty on this host", evidence);
        }
        return Diagnosis.found(new Finding(cause, scope, Severity.NOTE, rates, evidence, Optional.empty(),
                "use write-combined memory only for buffers the host writes and the GPU reads; read results back"
                        + " into ordinary pinned memory (cudaHostAlloc without cudaHostAllocWriteCombined)"));
    }
}
