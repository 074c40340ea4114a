package dev.xfer.app.commands;

import dev.xfer.app.run.OutputFormat;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.topology.NumaTopology;
import dev.xfer.app.topology.NumaTopologyReader;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * {@code --numa-node N|auto|all}, as bandwidth, overlap and batch share it: checked before CUDA is
 * loaded against the topology, read once.
 */
public final class NumaNodeMixin {
    @Option(names = "--numa-node", paramLabel = NumaNodeOption.LABEL,
            description = NumaNodeOption.HELP_1 + " " + NumaNodeOption.HELP_2)
    private String numaNode;

    private NumaTopology topology;

    /** The option, valid for this machine: a malformed value or a missing node is a usage error. */
    public NumaOption option() {
        try {
            return NumaNodeOption.check(numaNode, topology());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Where one GPU's run puts its host memory, and the notes its text report carries. */
    public record Resolved(HostPlacement placement, List<String> notes) {
    }

    /**
     * The option resolved for a GPU on {@code gpuNode}, and announced
     * ({@link NumaNodeOption#announce}): warnings, and outside text the notes, on {@code warn}.
     */
    public Resolved resolve(NumaOption option, OptionalInt gpuNode, OutputFormat format, Consumer<String> warn) {
        HostPlacement placement = HostPlacement.resolve(option, topology(), gpuNode);
        return new Resolved(placement, NumaNodeOption.announce(placement, topology(), format == OutputFormat.TEXT,
                warn));
    }

    public NumaTopology topology() {
        if (topology == null) {
            topology = new NumaTopologyReader().read();
        }
        return topology;
    }
}
