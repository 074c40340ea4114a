package dev.xfer.app.overlap.command;

import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.HtmlReportMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.cli.NumaNodeMixin;
import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.overlap.OverlapPerDevice;
import dev.xfer.app.overlap.OverlapPlan;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.placement.HostPlacement;
import dev.xfer.app.placement.NumaOption;
import dev.xfer.app.units.ByteSize;
import dev.xfer.cuda.HostMemoryKind;
import picocli.CommandLine.ArgGroup;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer overlap}: async.cu's sequential vs async-V1 vs async-V2 comparison, with the model beside it. */
@Command(header = "Copy/compute overlap over chunked streams: sequential vs async-V1 vs async-V2 (async.cu).", name = "overlap", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Compare sequential, async-V1 and async-V2 chunked-stream schedules of H2D, kernel and D2H "
                + "(NVIDIA's \"How to Overlap Data Transfers\" async.cu), with each stage's time and the ideal overlap."})
public final class OverlapCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    @Mixin
    private HtmlReportMixin html;

    @ArgGroup(exclusive = true)
    private ArraySize arraySize;

    static final class ArraySize {
        @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
                description = "The array in bytes, a multiple of 4 (default 16MiB).")
        private ByteSize size;

        @OptionRange(min = 1)
        @Option(names = "--elements", paramLabel = "N", description = "The array in floats (default 4194304).")
        private Long elements;
    }

    @OptionRange(min = 1, max = 1024)
    @Option(names = "--streams", paramLabel = "N", description = "Chunks and streams (default 4).")
    private int streams = 4;

    @OptionRange(min = 1, max = 1024)
    @Option(names = "--block-size", paramLabel = "N", description = "Threads per block (default 256).")
    private int blockSize = 256;

    @OptionRange(min = 1)
    @Option(names = "--kernel-iterations", paramLabel = "K",
            description = "Repeat the kernel's arithmetic K times per element: from copy-bound to compute-bound (default 1).")
    private int kernelIterations = 1;

    @Option(names = "--schedules", split = ",", paramLabel = "S", completionCandidates = Choices.Schedules.class,
            description = "${COMPLETION-CANDIDATES} (default all three).")
    private List<String> schedules = List.of("sequential", "v1", "v2");

    @OptionRange(min = 1)
    @Option(names = "--iterations", paramLabel = "N", description = "Timed runs per schedule (default 20).")
    private int iterations = 20;

    @OptionRange(min = 0)
    @Option(names = "--warmup", paramLabel = "N", description = "Untimed runs first (default 3).")
    private int warmup = 3;

    @Option(names = "--memory", paramLabel = "KIND", completionCandidates = Choices.AsyncMemory.class,
            description = "Host memory: ${COMPLETION-CANDIDATES} (default pinned; pageable defeats overlap).")
    private String memory = "pinned";

    @Option(names = "--start", paramLabel = "MODE", completionCandidates = Choices.Starts.class,
            description = "How each timed run starts: ${COMPLETION-CANDIDATES} (default plain: async.cu's, the host "
                    + "queues while the GPU runs; gated: the whole run queued behind hold_stream first, timed from "
                    + "the gate's opening, so host jitter is outside the window; needs page-locked --memory).")
    private String start = "plain";

    @Mixin
    private NumaNodeMixin numaNode;

    @Option(names = "--timeline",
            description = "After the table, draw one recorded (untimed) iteration of each schedule: a row per stream and engine, > H2D, # kernel, < D2H.")
    private boolean timeline;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        html.applyTo(measuring);
        OverlapPlan plan = plan();
        measuring.format();
        NumaOption numa = numaNode.option();
        return measuring.eachDevice(measuring.expectations(),
                plan.declarations(HostPlacement.nameNodes(numa, numaNode.topology())),
                new OverlapPerDevice(measuring.run(), plan, numa, numaNode.topology(), timeline));
    }

    OverlapPlan plan() {
        try {
            return new OverlapPlan(elements(), streams, blockSize, kernelIterations,
                    schedules.stream().map(OverlapSchedule::fromLabel).distinct().toList(),
                    iterations, warmup, HostMemoryKind.fromLabel(memory)).withStart(StartMode.fromLabel(start));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private long elements() {
        if (arraySize != null && arraySize.elements != null) {
            return arraySize.elements;
        }
        if (arraySize != null && arraySize.size != null) {
            long bytes = arraySize.size.bytes();
            if (bytes % Float.BYTES != 0) {
                throw new IllegalArgumentException("--size " + arraySize.size + " is " + bytes
                        + " bytes, not a whole number of floats (a multiple of 4)");
            }
            return bytes / Float.BYTES;
        }
        return OverlapPlan.ASYNC_CU_ELEMENTS;
    }
}
