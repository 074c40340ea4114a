package dev.xfer.app.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/** What the probe's copies say: pageable memory against pinned, and the host's own copies. */
public final class ProbeChecks {
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
}
