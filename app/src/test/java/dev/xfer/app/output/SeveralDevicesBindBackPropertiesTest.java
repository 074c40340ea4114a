package dev.xfer.app.output;

import dev.xfer.app.bandwidth.BandwidthPlan;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.bandwidth.Unmeasured;
import dev.xfer.app.bandwidth.VerificationFailure;
import dev.xfer.app.bandwidth.concurrent.ConcurrentResult;
import dev.xfer.app.bandwidth.peer.PeerResult;
import dev.xfer.app.bandwidth.several.MultiDeviceResults;
import dev.xfer.app.bandwidth.several.SeveralDevicesRun;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.stats.Summarized;
import dev.xfer.cuda.HostMemoryKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.IntStream;

import static dev.xfer.app.output.MultiDeviceFixtures.h200At;
import static dev.xfer.app.output.ResultsFixtures.MIB16;

/**
 * Any document of a bandwidth run over several GPUs binds back to an equal record, and the gates
 * read a result for each of its figures: generated devices' rows, {@code --concurrent} rounds and
 * p2p pairs (some shares and ways not measured: {@code failures} entries, the whole row left out)
 * go through {@link SeveralDevicesRun#document}, the call the run makes.
 */
class SeveralDevicesBindBackPropertiesTest {

    @Property
    void aSeveralDevicesDocumentBindsBack(@ForAll("runs") MultiDeviceResults report) {
        BindsBack.assertBindsBack("bandwidth", SeveralDevicesRun.document(report));
    }

    @Provide
    Arbitrary<MultiDeviceResults> runs() {
        return Combinators.combine(Arbitraries.integers().between(2, 4), Arbitraries.of(true, false),
                Arbitraries.of(true, false)).flatAs((count, concurrent, p2p) -> {
            List<CopyDirection> directions = new ArrayList<>();
            if (concurrent || !p2p) {
                directions.addAll(List.of(CopyDirection.H2D, CopyDirection.D2H));
            }
            if (p2p) {
                directions.add(CopyDirection.P2P);
            }
            BandwidthPlan plan = new BandwidthPlan(List.of(MIB16), List.of(HostMemoryKind.PINNED), directions, 20, 5,
                    CopyTimer.EVENTS);
            List<Integer> indices = IntStream.range(0, count).boxed().toList();
            Arbitrary<List<BandwidthResults>> devices = Combinators.combine(indices.stream()
                    .map(i -> device(plan, i)).toList()).as(List::copyOf);
            Arbitrary<Optional<List<ConcurrentResult>>> together = concurrent
                    ? Combinators.combine(concurrentResult("h2d", indices), concurrentResult("d2h", indices))
                    .as((a, b) -> Optional.of(List.of(a, b)))
                    : Arbitraries.just(Optional.empty());
            Arbitrary<Optional<List<PeerResult>>> pairs = p2p
                    ? Combinators.combine(indices.stream().flatMap(src -> indices.stream().filter(dst -> !dst.equals(src))
                    .map(dst -> pair(src, dst))).toList()).as(list -> Optional.of(List.copyOf(list)))
                    : Arbitraries.just(Optional.empty());
            return Combinators.combine(devices, together, pairs, failures().list().ofMaxSize(2))
                    .as((d, c, p, f) -> new MultiDeviceResults(plan, d,
                            c.map(list -> MultiDeviceResults.withAloneSums(list, d)), p, f));
        });
    }

    /** One device alone: each of its host rows measured, or (one in five) not measured. */
    private static Arbitrary<BandwidthResults> device(BandwidthPlan plan, int index) {
        List<String> directions = plan.directions().stream().filter(d -> d != CopyDirection.P2P)
                .map(CopyDirection::label).toList();
        Arbitrary<List<Optional<BandwidthResult>>> rows = Combinators.combine(directions.stream()
                .map(d -> Combinators.combine(GeneratedFigures.summaries(), GeneratedFigures.summaries(),
                                GeneratedFigures.figures().optional(0.8), Arbitraries.of(true, false))
                        .as((gbps, us, link, verified) -> new BandwidthResult(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel(d), MIB16,
                                verified ? GeneratedReports.aboveZero(gbps) : gbps, us,
                                link.map(OptionalDouble::of).orElse(OptionalDouble.empty()), verified))
                        .optional(0.8)).toList()).as(List::copyOf);
        return Combinators.combine(rows, GeneratedFigures.reasons(), failures().list().ofMaxSize(1))
                .as((r, why, failed) -> {
                    List<BandwidthResult> measured = r.stream().flatMap(Optional::stream).toList();
                    List<Unmeasured> unmeasured = new ArrayList<>();
                    for (int i = 0; i < r.size(); i++) {
                        if (r.get(i).isEmpty()) {
                            unmeasured.add(new Unmeasured(dev.xfer.app.bandwidth.MeasuredMemory.fromLabel("pinned"), dev.xfer.app.bandwidth.RowDirection.fromLabel(directions.get(i)), MIB16, CopyPath.DRIVER,
                                    Optional.empty(), OptionalInt.empty(), why));
                        }
                    }
                    return new BandwidthResults(ResultsFixtures.context(h200At(index, 0x17 + 0x20 * index, index % 2)),
                            plan, measured, failed, List.of(), HostPlacement.none(), unmeasured);
                });
    }

    /** Every GPU copying at once: each share measured or (one in five) not. */
    private static Arbitrary<ConcurrentResult> concurrentResult(String direction, List<Integer> indices) {
        Arbitrary<List<ConcurrentResult.GpuShare>> shares = Combinators.combine(indices.stream()
                .map(i -> Combinators.combine(GeneratedFigures.summarizedRates(), GeneratedFigures.summaries(),
                                GeneratedFigures.figures().optional(0.8), Arbitraries.of(true, false))
                        .as((gbps, us, link, verified) -> new ConcurrentResult.GpuShare(i, gbps,
                                gbps instanceof Summarized.Unsummarizable ? gbps : us,
                                link.map(OptionalDouble::of).orElse(OptionalDouble.empty()), verified)))
                .toList()).as(List::copyOf);
        return Combinators.combine(shares, GeneratedFigures.rates())
                .as((s, aggregate) -> new ConcurrentResult("pinned", direction, MIB16, s, aggregate,
                        OptionalDouble.empty()));
    }

    /** One GPU-to-GPU pair, one way and both ways each measured or not. */
    private static Arbitrary<PeerResult> pair(int src, int dst) {
        return Combinators.combine(Arbitraries.of(true, false), GeneratedFigures.summarizedRates(),
                        GeneratedFigures.summarizedRates(), Arbitraries.of(true, false), Arbitraries.of(true, false),
                        Arbitraries.of(CopyPath.DRIVER, CopyPath.KERNEL), Arbitraries.of(Initiation.values()))
                .as((access, gbps, bidir, verified, bidirVerified, copy, initiation) -> new PeerResult(src, dst, MIB16,
                        access, gbps, bidir, verified, bidirVerified, copy, initiation));
    }

    private static Arbitrary<VerificationFailure> failures() {
        return Combinators.combine(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20),
                Arbitraries.longs().between(0, MIB16), Arbitraries.bytes(), Arbitraries.bytes())
                .as(VerificationFailure::new);
    }
}
