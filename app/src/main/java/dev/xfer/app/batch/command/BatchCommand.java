package dev.xfer.app.batch.command;

import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.HtmlReportMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.cli.NumaNodeMixin;
import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.batch.BatchPerDevice;
import dev.xfer.app.batch.BatchPlan;
import dev.xfer.app.batch.BatchPreset;
import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.units.ByteSize;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer batch}: many host buffers to the device, strategy by strategy (the PyTorch non_blocking tutorial). */
@Command(header = "Many host buffers to the device, strategy by strategy (PyTorch non_blocking and pin_memory).", name = "batch", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Copy N host buffers to N device buffers with each strategy (pageable or pinned, blocking or "
                + "async, pin-then-copy, pinning threads, one batched call, a staging ring), timed end to end."})
public final class BatchCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    @Mixin
    private HtmlReportMixin html;

    @Option(names = "--preset", paramLabel = "PRESET", completionCandidates = Choices.Presets.class,
            description = "The tutorial's cases: ${COMPLETION-CANDIDATES}. small = 1000 x 1000 floats, large = 1000 x "
                    + "1,000,000 floats.")
    private String preset;

    @OptionRange(min = 1)
    @Option(names = "--count", paramLabel = "N", description = "Buffers (default 1000).")
    private Integer count;

    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Bytes per buffer (default 4000000: the large preset).")
    private ByteSize size;

    @Option(names = "--strategies", split = ",", paramLabel = "S", completionCandidates = Choices.Strategies.class,
            description = "Which, in order: ${COMPLETION-CANDIDATES}; the first that runs is the one the others are "
                    + "compared with (default: the nine up to staged; the batched-pageable ones, one per source "
                    + "access order of cudaMemcpyBatchAsync, -overlap with its prefer-overlap flag, only by name).")
    private List<String> strategies;

    @OptionRange(min = 1, max = 256)
    @Option(names = "--threads", paramLabel = "T", description = "Pinning / staging threads (default 8).")
    private int threads = 8;

    @OptionRange(min = 1, max = 256)
    @Option(names = "--copy-threads", paramLabel = "N",
            description = "Threads sharing each host copy into pinned memory in pin-then-copy, as PyTorch's"
                    + " intra-op threads (default: one per core).")
    private int copyThreads = BatchPlan.defaultCopyThreads();

    @Option(names = "--host-copy", paramLabel = "COPY", completionCandidates = Choices.HostCopies.class,
            description = "What copies host bytes into pinned memory (${COMPLETION-CANDIDATES}): libc, the C library's "
                    + "memcpy (default), or java, Java's MemorySegment.copy.")
    private String hostCopy = "libc";

    @OptionRange(min = 1, max = 1024)
    @Option(names = "--staging-slots", paramLabel = "R", description = "Pinned slots per staging thread (default 4).")
    private int stagingSlots = 4;

    @Option(names = "--staging-size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Bytes per staging slot (default 4MiB).")
    private ByteSize stagingSize = ByteSize.parse("4MiB");

    @OptionRange(min = 1)
    @Option(names = "--iterations", paramLabel = "N", description = "Timed runs per strategy (default 5).")
    private int iterations = 5;

    @OptionRange(min = 0)
    @Option(names = "--warmup", paramLabel = "N", description = "Untimed runs first, and 200 ms at least (default 1).")
    private int warmup = 1;

    @Mixin
    private NumaNodeMixin numaNode;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        html.applyTo(measuring);
        BatchPlan plan = plan();
        measuring.format();
        NumaOption numa = numaNode.option();
        return measuring.eachDevice(measuring.expectations(),
                plan.declarations(HostPlacement.nameNodes(numa, numaNode.topology())),
                new BatchPerDevice(measuring.run(), plan, numa, numaNode.topology()));
    }

    BatchPlan plan() {
        try {
            int n = BatchPlan.PRESET_COUNT;
            long bytes = BatchPlan.LARGE_BYTES;
            if (preset != null) {
                bytes = BatchPreset.fromLabel(preset).bytes();
            }
            if (count != null) {
                n = count;
            }
            if (size != null) {
                bytes = size.bytes();
            }
            List<BatchStrategy> chosen = strategies == null ? BatchStrategy.DEFAULT
                    : strategies.stream().map(BatchStrategy::fromLabel).distinct().toList();
            return new BatchPlan(n, bytes, chosen, threads, iterations, warmup, stagingSlots,
                    stagingSize.bytes(), copyThreads, HostCopy.fromLabel(hostCopy));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
