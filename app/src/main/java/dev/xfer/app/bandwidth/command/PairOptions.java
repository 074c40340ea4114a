package dev.xfer.app.bandwidth.command;

import dev.xfer.app.bandwidth.GpuPair;
import dev.xfer.app.bandwidth.PairChoice;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.devices.DeviceSelection;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code xfer bandwidth --pair}, {@code --pairs} and {@code --seed}: which ordered GPU pairs the
 * copies between GPUs take part in (nvbandwidth v0.10's pair sampling), checked before CUDA as
 * far as {@code --device} says which GPUs there are; with {@code --device all} the run checks the
 * rest once it has found them.
 */
public final class PairOptions {
    @Option(names = "--pair", paramLabel = "A,B",
            description = "Copies between GPUs (--direction p2p, or a --pattern between GPUs): measure only the copies"
                    + " from GPU A to GPU B (CUDA indices, both selected by --device); repeat it for more pairs.")
    private List<String> pairs;

    @OptionRange(min = 1)
    @Option(names = "--pairs", paramLabel = "K",
            description = "As --pair, for K ordered pairs drawn at random from every pair of the selected GPUs, with"
                    + " --seed; the pairs and the seed are in the text and the document.")
    private Integer sampled;

    @Option(names = "--seed", paramLabel = "S",
            description = "--pairs: the seed of the draw: the same seed and GPUs, the same pairs (default 1).")
    private Long seed;

    /**
     * The pairs asked for, every pair when none were.
     *
     * @param peerCopies       whether the run copies between GPUs in {@code --direction p2p}
     * @param patternsBetween  whether a {@code --pattern} copies between GPUs (all-to-one, one-to-all)
     * @throws UsageException for pairs with nothing to apply to, {@code --pair} beside {@code --pairs},
     *                        {@code --seed} without {@code --pairs}, a pair of one GPU, or pairs that do
     *                        not fit the GPUs {@code --device} lists
     */
    PairChoice choice(boolean peerCopies, boolean patternsBetween, DeviceSelection devices) {
        if (sampled != null && sampled < 1) {
            throw new UsageException("--pairs must be 1 or more, not " + sampled);
        }
        if (seed != null && sampled == null) {
            throw new UsageException("--seed seeds the draw of --pairs: it needs --pairs");
        }
        if (pairs == null && sampled == null) {
            return PairChoice.EVERY;
        }
        String option = pairs != null ? "--pair" : "--pairs";
        if (pairs != null && sampled != null) {
            throw new UsageException("--pair and --pairs exclude each other: name the pairs, or draw K of them");
        }
        if (!peerCopies && !patternsBetween) {
            throw new UsageException(option + " picks GPU pairs for the copies between GPUs: it needs --direction p2p,"
                    + " or --pattern all-to-one or one-to-all");
        }
        PairChoice choice;
        try {
            if (pairs != null) {
                List<GpuPair> given = new ArrayList<>();
                for (String p : pairs) {
                    given.add(GpuPair.parse(p));
                }
                choice = new PairChoice.Given(given);
            } else {
                choice = new PairChoice.Sampled(sampled, seed == null ? PairChoice.DEFAULT_SEED : seed);
            }
            // A list of GPUs is known now; --device all only once CUDA has found them.
            if (!devices.all() && !devices.isSingle()) {
                choice.resolve(devices.indices());
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return choice;
    }
}
