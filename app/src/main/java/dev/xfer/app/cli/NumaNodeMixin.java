package dev.xfer.app.cli;

import dev.xfer.app.cli.UsageException;
import dev.xfer.app.placement.NumaNodeOption;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.app.sysfs.NumaTopologyReader;
import picocli.CommandLine.Option;

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

    public NumaTopology topology() {
        if (topology == null) {
            topology = new NumaTopologyReader().read();
        }
        return topology;
    }
}
