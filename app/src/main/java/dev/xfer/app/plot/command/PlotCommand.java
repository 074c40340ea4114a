package dev.xfer.app.plot.command;

import dev.xfer.app.run.Outputs;
import dev.xfer.app.cli.ExitCode;
import dev.xfer.app.cli.UsageException;
import dev.xfer.app.cli.XferVersion;
import dev.xfer.app.fleet.BadDocumentException;
import dev.xfer.app.plot.HtmlReport;
import dev.xfer.app.plot.ReportDocuments;
import dev.xfer.app.format.OutputTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code xfer plot}: pictures of saved results, one HTML file; reads documents, never measures. */
@Command(name = "plot", mixinStandardHelpOptions = true, versionProvider = XferVersion.class, sortOptions = false,
        header = "Draw xfer documents as charts in one self-contained HTML file (inline SVG, no scripts).",
        description = {"Bandwidth documents become GB/s-against-size curves, overlap and pipeline documents stream "
                + "timelines, batch documents bars per strategy, check documents wrong trials per scenario, fleet "
                + "documents a dot per GPU per metric, compare documents a dot per result at its change over the "
                + "band of its noise. A file that is not an xfer document exits 2."})
public final class PlotCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "xfer JSON documents (--json output, fleet --json).")
    private List<Path> files;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
            description = "The HTML file to write (a file is replaced atomically; - is stdout).")
    private Path output;

    @Option(names = "--title", paramLabel = "TEXT", description = "The page's heading (default: xfer report).")
    private String title = "xfer report";

    @Override
    public Integer call() {
        OutputTarget target = Outputs.resolve("--output", output);
        Outputs.requireApart(List.of(target), files);
        Outputs.requireNoDocumentReplaced(target);
        List<HtmlReport.Source> sources = new ArrayList<>();
        for (Path file : files) {
            try {
                sources.add(new HtmlReport.Source(file.getFileName().toString(), ReportDocuments.read(file)));
            } catch (BadDocumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        String html;
        try {
            html = HtmlReport.render(title, sources);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        Outputs.write(target, html, out);
        if (target.isStdout()) {
            // The page is stdout's content; a note after it would corrupt it.
            return ExitCode.OK;
        }
        out.println(output + ": " + sources.size() + (sources.size() == 1 ? " document" : " documents"));
        out.flush();
        return ExitCode.OK;
    }
}
