package dev.xfer.app.pipeline.command;

import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.HtmlReportMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.measure.StartMode;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.pipeline.PipelinePerDevice;
import dev.xfer.app.pipeline.PipelinePlan;
import dev.xfer.app.units.ByteSize;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code xfer pipeline}: batches streamed through the device with 1, 2 or 3 buffers (double buffering). */
@Command(header = "Batches streamed through the device with 1, 2 or 3 buffers (double/triple buffering).", name = "pipeline", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Stream batches from host memory through the device (H2D, kernel, D2H) with 1 buffer (no "
                + "overlap), or 2 or 3 buffers on as many streams, and show how much copy time compute hides."})
public final class PipelineCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    @Mixin
    private HtmlReportMixin html;

    @OptionRange(min = 1)
    @Option(names = "--batches", paramLabel = "B", description = "Batches (default 64).")
    private int batches = 64;

    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Bytes per batch, whole floats (default 16MiB).")
    private ByteSize size = ByteSize.parse("16MiB");

    @OptionRange(min = 1)
    @Option(names = "--kernel-iterations", paramLabel = "K",
            description = "Work per element: from copy-bound to compute-bound (default 1).")
    private int kernelIterations = 1;

    @OptionRange(min = 1, max = 3)
    @Option(names = "--buffers", paramLabel = "N", completionCandidates = Choices.PipelineBuffers.class,
            description = "Device buffers and streams: ${COMPLETION-CANDIDATES} (default 2).")
    private int buffers = 2;

    @OptionRange(min = 1)
    @Option(names = "--iterations", paramLabel = "N", description = "Timed runs of all batches (default 5).")
    private int iterations = 5;

    @OptionRange(min = 0)
    @Option(names = "--warmup", paramLabel = "N", description = "Untimed runs first, and 200 ms at least (default 1).")
    private int warmup = 1;

    @Option(names = "--start", paramLabel = "MODE", completionCandidates = Choices.Starts.class,
            description = "How each timed run starts: ${COMPLETION-CANDIDATES} (default plain: batch by batch, timed "
                    + "by the host's clock as a training loop sees it; gated: every batch queued behind hold_stream "
                    + "first, timed by events from the gate's opening, so host jitter is outside the window).")
    private String start = "plain";

    @Option(names = "--timeline",
            description = "After the table, draw one recorded (untimed) run of all batches: a row per stream and engine, > H2D, # kernel, < D2H.")
    private boolean timeline;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        html.applyTo(measuring);
        PipelinePlan plan = plan();
        measuring.format();
        return measuring.eachDevice(measuring.expectations(), plan.declarations(),
                new PipelinePerDevice(measuring.run(), plan, timeline));
    }

    PipelinePlan plan() {
        try {
            return new PipelinePlan(batches, size.bytes(), kernelIterations, buffers, iterations, warmup,
                    StartMode.fromLabel(start));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
