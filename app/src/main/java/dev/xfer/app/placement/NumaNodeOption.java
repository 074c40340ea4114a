package dev.xfer.app.placement;

import dev.xfer.app.measure.Progress;
import dev.xfer.app.sysfs.NumaTopology;
import dev.xfer.host.ThreadPlacement;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * The steps a command goes through for {@code --numa-node}, the same ones {@code bandwidth}
 * takes: the option's text, the check before CUDA, what is said before measuring, and progress
 * over several passes. {@code overlap} and {@code batch} use them; the messages are bandwidth's.
 */
public final class NumaNodeOption {
    /** The option's parameter label, as in {@code bandwidth --help}. */
    public static final String LABEL = "N|auto|all";
    /** The first line of the option's help, as in {@code bandwidth --help}. */
    public static final String HELP_1 =
            "Host buffers on NUMA node N and the measuring thread on its CPUs; auto: the GPU's own node;";
    /** The second line of the option's help. */
    public static final String HELP_2 = "all: every node in turn, near and far side by side (default: not placed).";

    private NumaNodeOption() {
    }

    /**
     * Reads and checks the option before CUDA is loaded: a malformed value, a node this machine
     * does not have (or one without memory), {@code all} where no node has memory, or a platform
     * without placement.
     *
     * @param text the option's text; {@code null} when not given
     * @throws IllegalArgumentException with the one-line reason; commands make it a usage error
     */
    public static NumaOption check(String text, NumaTopology topology) {
        NumaOption option = NumaOption.parse(text);
        if (option.given() && !ThreadPlacement.isSupported()) {
            throw new IllegalArgumentException("--numa-node needs Linux on x86-64; this is "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        }
        HostPlacement.validate(option, topology);
        HostPlacement.nameNodes(option, topology);
        return option;
    }

    /**
     * Says what there is to say before measuring: the placement's warnings, and without the
     * option a warning when the calling thread sits off the GPU's node; on {@code warn}. Notes go
     * into the text output, which is returned, or for JSON and CSV (whose stdout is one document)
     * on {@code warn} too.
     *
     * @return the notes for the text output; empty unless {@code text}
     */
    public static List<String> announce(HostPlacement placement, NumaTopology topology, boolean text,
                                        Consumer<String> warn) {
        placement.warnings().forEach(warn);
        if (!placement.option().given()) {
            Misplacement.ofCallingThread(topology, placement.gpuNode()).ifPresent(warn);
        }
        List<String> notes = new ArrayList<>();
        for (String note : placement.notes()) {
            if (text) {
                notes.add(note);
            } else {
                warn.accept(note);
            }
        }
        return notes;
    }

    /**
     * Progress over every pass: pass {@code pass} of {@code passes}, each of {@code perPass} steps,
     * each step saying its node when there are several passes.
     */
    public static Progress passProgress(Progress progress, int pass, int passes, int perPass, NodeTarget target) {
        if (passes == 1) {
            return progress;
        }
        String where = " on " + target.describe();
        return progress.renamed((to, done, total, configuration) -> to.measuring(pass * perPass + done,
                passes * perPass, configuration + where));
    }

    /** {@code name} followed by {@code .node<N>} when {@code node} is given, as bandwidth names its results with {@code all}. */
    public static String withNode(String name, OptionalInt node) {
        return name + (node.isPresent() ? ".node" + node.getAsInt() : "");
    }
}
