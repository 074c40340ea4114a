package dev.xfer.app.latency.command;

import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.cli.SizeSelection;
import dev.xfer.app.cli.SizeSweep;
import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.run.EarlyNames;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.latency.ChaseOrder;
import dev.xfer.app.latency.LatencyPerDevice;
import dev.xfer.app.latency.LatencyPlan;
import dev.xfer.app.latency.LatencyTarget;
import dev.xfer.app.units.ByteSize;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

/** {@code xfer latency}: how long one GPU waits for one access to host, its own, or a peer GPU's memory. */
@Command(header = "Access latency: a GPU chasing pointers through host, device or peer GPU memory.", name = "latency", resourceBundle = "dev.xfer.app.latency.command.latency",
        mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"One GPU thread follows a chain of pointers, each load waiting for the one "
                + "before it, through page-locked host memory, the GPU's own memory, and every "
                + "other selected GPU's memory (peers). The chain is a random cycle over "
                + "128-byte nodes, so nothing can prefetch it. Reports ns per access: median, "
                + "min and max over the timed chases. Exit 1 if a chase ended on the wrong node."})
public final class LatencyCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @ArgGroup(exclusive = true)
    private SizeSelection sizeSelection;

    @Option(names = "--target", split = ",", paramLabel = "WHERE", completionCandidates = Targets.class,
            description = "${COMPLETION-CANDIDATES} (default all three); peer: every other selected GPU's memory.")
    private List<String> targets;

    @OptionRange(min = 1)
    @Option(names = "--accesses", paramLabel = "N",
            description = "Dependent loads per timed chase (default ${DEFAULT-VALUE}).")
    private long accesses = LatencyPlan.DEFAULT_ACCESSES;

    @OptionRange(min = 1)
    @Option(names = "--iterations", paramLabel = "N",
            description = "Timed chases per configuration, after one untimed (default ${DEFAULT-VALUE}).")
    private int iterations = LatencyPlan.DEFAULT_ITERATIONS;

    @Option(names = "--order", paramLabel = "ORDER", completionCandidates = Orders.class,
            description = "${COMPLETION-CANDIDATES} (default random); sequential links each node to the next (nvbandwidth's layout).")
    private String order = ChaseOrder.RANDOM.label();

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the random cycle: the same seed, the same chain (default ${DEFAULT-VALUE}).")
    private long seed = LatencyPlan.DEFAULT_SEED;

    /** --target's values. */
    static final class Targets extends Choices.Values {
        Targets() {
            super(Arrays.stream(LatencyTarget.Kind.values()).map(LatencyTarget.Kind::label).toList());
        }
    }

    /** --order's values. */
    static final class Orders extends Choices.Values {
        Orders() {
            super(Arrays.stream(ChaseOrder.values()).map(ChaseOrder::label).toList());
        }
    }

    @Override
    public Integer call() {
        LatencyPlan plan = plan();
        measuring.format();
        DeviceSelection selection = measuring.devices();
        return measuring.eachDevice(measuring.expectations(), plan.declarations(namedPeers(selection)),
                new LatencyPerDevice(measuring.run(), plan, selection));
    }

    /**
     * The GPUs a result name may name as a peer, known before CUDA: those of a list, any up to
     * {@link EarlyNames#MAX_DEVICES} for all, none for one GPU. Names are only checked against it.
     */
    static List<Integer> namedPeers(DeviceSelection selection) {
        if (selection.isSingle()) {
            return List.of();
        }
        return selection.all() ? IntStream.range(0, EarlyNames.MAX_DEVICES).boxed().toList() : selection.indices();
    }

    LatencyPlan plan() {
        try {
            List<Long> sizes = SizeSelection.of(sizeSelection).map(given -> given.stream().map(ByteSize::bytes).distinct().toList())
                    .orElse(List.of(LatencyPlan.DEFAULT_BYTES));
            List<LatencyTarget.Kind> kinds = targets == null ? List.of(LatencyTarget.Kind.values())
                    : targets.stream().map(LatencyTarget.Kind::fromLabel).distinct().toList();
            return new LatencyPlan(sizes, kinds, accesses, iterations, ChaseOrder.fromLabel(order), seed);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
