package dev.xfer.app.check.command;

import dev.xfer.app.cli.Choices;
import dev.xfer.app.cli.CudaMixin;
import dev.xfer.app.cli.HtmlReportMixin;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.OptionRange;
import dev.xfer.app.check.CheckPerDevice;
import dev.xfer.app.check.CheckPlan;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.cli.GlobalOptions;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.units.ByteSize;
import dev.xfer.cuda.HostMemoryKind;
import dev.xfer.app.cli.XferVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer check}: reading or overwriting host memory while a non-blocking copy is still running. */
@Command(header = "The non-blocking copy hazards: reading or overwriting host memory before a copy finished.", name = "check", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        description = {"Show the non-blocking copy hazards: host memory read before an async D2H finished, or "
                + "overwritten before an async H2D read it, against the same with synchronization.",
                "Exit 1 only if a synchronized scenario saw wrong data (a driver or hardware fault)."})
public final class CheckCommand implements Callable<Integer> {
    @Mixin
    private MeasuringMixin measuring;

    @Mixin
    private HtmlReportMixin html;

    @ParentCommand
    private GlobalOptions root;

    @OptionRange(min = 1)
    @Option(names = "--trials", paramLabel = "N",
            description = "Trials per scenario (default ${DEFAULT-VALUE}; the PyTorch tutorial's count is 100).")
    private int trials = CheckPlan.DEFAULT_TRIALS;

    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Bytes per copy, whole doubles (default 799999200: the tutorial's 100 x 999,999 doubles).")
    private ByteSize size;

    @Option(names = "--memory", paramLabel = "KIND", completionCandidates = Choices.PageLockedMemory.class,
            description = "Page-locked host memory for the racing scenarios: ${COMPLETION-CANDIDATES} (default pinned).")
    private String memory = "pinned";

    @OptionRange(min = 1, max = 256)
    @Option(names = "--readers", paramLabel = "N",
            description = "Threads that read (D2H) or overwrite (H2D) the host buffer at once, each one slice, as a"
                    + " parallel reduction or fill does (default: one per core, at most 16).")
    private int readers = CheckPlan.defaultReaders();

    @Option(names = "--scenarios", split = ",", paramLabel = "S", completionCandidates = Choices.Scenarios.class,
            description = "${COMPLETION-CANDIDATES} (default all).")
    private List<String> scenarios;

    /** --cudart, --timeout, --label after the command name: this command loads CUDA. */
    @Mixin
    private CudaMixin cudaOptions;

    @Override
    public Integer call() {
        html.applyTo(measuring);
        CheckPlan plan = plan();
        measuring.format();
        return measuring.eachDevice(measuring.expectations(), plan.declarations(),
                new CheckPerDevice(measuring.run(), plan, root != null && root.verbose()));
    }

    CheckPlan plan() {
        try {
            long elements = CheckPlan.TUTORIAL_ELEMENTS;
            if (size != null) {
                long bytes = size.bytes();
                if (bytes < Double.BYTES || bytes % Double.BYTES != 0) {
                    throw new IllegalArgumentException("--size " + size + " is " + bytes
                            + " bytes, not a whole number of doubles (a multiple of 8)");
                }
                elements = bytes / Double.BYTES;
            }
            List<CheckScenario> chosen = scenarios == null ? List.of(CheckScenario.values())
                    : scenarios.stream().map(CheckScenario::fromId).distinct().toList();
            return new CheckPlan(elements, trials, HostMemoryKind.fromLabel(memory), chosen, readers);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
