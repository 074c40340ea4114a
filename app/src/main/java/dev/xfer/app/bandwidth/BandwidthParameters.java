package dev.xfer.app.bandwidth;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.output.IdentityFields;
import dev.xfer.app.output.Parameters;
import dev.xfer.app.result.IdentityField;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * A bandwidth run's {@code parameters}: its plan, and {@code --numa-node} as given ({@code null}
 * when not). {@code allocations} only above 1, {@code copy} only when a path besides the driver's
 * was asked for, {@code kernel} (its grids and block size) only with the kernel's path,
 * {@code staging} only with the staged one, {@code pieces} (each batch-api buffer's copies) only with the batch API.
 */
public record BandwidthParameters(List<Long> sizes, List<String> memories, List<String> directions, int iterations,
                                  int warmup, String timer, OptionalInt allocations, Optional<List<String>> copy,
                                  Optional<Kernel> kernel, Optional<Staging> staging,
                                  Optional<List<Integer>> pieces,
                                  @JsonInclude(ALWAYS) Optional<String> numaNode) implements Parameters {

    public BandwidthParameters {
        sizes = List.copyOf(sizes);
        memories = List.copyOf(memories);
        directions = List.copyOf(directions);
        copy = copy.map(List::copyOf);
        pieces = pieces.map(List::copyOf);
    }

    /** The timer: sizes, memories, directions and paths are lists, each row says its own. */
    @Override
    public void identity(IdentityFields into) {
        into.word(IdentityField.TIMER, "timer", timer);
    }

    /**
     * How the copy kernel is launched ({@code --blocks} as given) and timed; {@code bidir} only when
     * the plan copies both ways.
     */
    public record Kernel(String blocks, int threadsPerBlock, int vectorsInFlightPerThread, String sample,
                         Optional<String> bidir) {
    }

    /** The staged path's lanes and slots, its host copy, and its timer (always the wall clock). */
    public record Staging(int threads, int slotsPerThread, long slotBytes, String hostCopy, String timer) {
    }

    /** The parameters of {@code report}'s run, {@code --numa-node} included. */
    public static BandwidthParameters of(BandwidthResults report) {
        return of(report.plan(), report.placement().option().label());
    }

    static BandwidthParameters of(BandwidthPlan plan, Optional<String> numaNode) {
        Optional<Kernel> kernel = plan.launchesGrids()
                ? Optional.of(new Kernel(plan.blocks().text(), LaunchShape.THREADS_PER_BLOCK, LaunchShape.UNROLL,
                        plan.kernelTiming().describe(plan.timer()),
                        plan.directions().contains(CopyDirection.BIDIR)
                                ? Optional.of(plan.kernelTiming().bidir().describe()) : Optional.empty()))
                : Optional.empty();
        Optional<Staging> staging = plan.staged()
                ? Optional.of(new Staging(plan.staging().threads(), plan.staging().slotsPerThread(),
                        plan.staging().slotBytes(), plan.staging().hostCopy().label(), "wall"))
                : Optional.empty();
        return new BandwidthParameters(plan.sizes(), plan.memories().stream().map(Object::toString).toList(),
                plan.directions().stream().map(CopyDirection::label).toList(), plan.iterations(), plan.warmup(),
                plan.timer().label(),
                plan.allocations() > 1 ? OptionalInt.of(plan.allocations()) : OptionalInt.empty(),
                plan.showsCopyPath()
                        ? Optional.of(plan.copies().stream().map(CopyPath::label).toList()) : Optional.empty(),
                kernel, staging, plan.batchApiCopies() ? Optional.of(plan.pieces()) : Optional.empty(), numaNode);
    }
}
