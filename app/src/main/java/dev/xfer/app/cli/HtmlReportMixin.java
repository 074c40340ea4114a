package dev.xfer.app.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --html FILE} of the measuring commands that have pictures to draw (what xfer plot draws). */
public final class HtmlReportMixin {
    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the results as charts in one self-contained HTML file (as xfer plot draws them), atomically.")
    private Path file;

    /** Hands --html to the shared end of the run, which draws it from the finished document. */
    public void applyTo(MeasuringMixin measuring) {
        measuring.alsoHtml(file);
    }
}
