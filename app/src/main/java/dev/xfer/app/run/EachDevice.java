package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.ValidatedExpectations;
import dev.xfer.app.measure.Progress;
import dev.xfer.app.measure.RunStopped;
import dev.xfer.app.format.TextSections;
import dev.xfer.app.output.AcrossDevices;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.NoParameters;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.Rendering;
import dev.xfer.app.output.RunContext;
import dev.xfer.app.output.RunResults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs a one-GPU measurement on every GPU that {@code --device} selects, for the commands whose
 * work involves one GPU at a time (overlap, check, batch, pipeline). One GPU selected (also
 * {@code all} on a one-GPU machine) is the one-GPU run, its output and result names unchanged,
 * its expectations checked before CUDA is loaded. Several are measured one after another, each
 * exactly as it would be alone; their results are named apart with {@code .gpuN}, the text
 * reports follow one another, the CSV tables share one header (their {@code device} column tells
 * the rows apart), and the JSON is a {@link dev.xfer.app.output.DevicesDocument}.
 */
public final class EachDevice {
    private EachDevice() {
    }

    /** What one GPU's measurement yields: its context, its results (names as one GPU's run gives them) and its output. */
    public record Measured(RunContext context, RunResults results, Rendering rendering) {

        /** A GPU's results with its text and document; its CSV is the results' rows. */
        public static Measured of(RunContext context, RunResults results, Supplier<String> text,
                                  Supplier<GpuDocument> json) {
            return new Measured(context, results, Rendering.of(text, context.device().index(), () -> results,
                    json::get));
        }
    }

    /** One GPU's measurement; {@code progress} already says which GPU when there are several. */
    @FunctionalInterface
    public interface Measurement {
        Measured measure(Session session, Progress progress);
    }

    /**
     * @param names the result names one GPU's run produces, without a device suffix
     * @return how the run ended, as {@link MeasuringRun#finish} gives it
     */
    public static FinishedRun run(MeasuringRun measuring, ExpectationSet expectations, List<MetricDeclaration> names,
                   Measurement measurement) {
        DeviceSelection selection = measuring.devices();
        EarlyNames.validate(expectations, names, selection);
        if (selection.isSingle()) {
            // The names do not depend on the device, so a wrong one exits 2 before CUDA is touched.
            ValidatedExpectations validated = measuring.validate(expectations, names);
            return one(measuring, measuring.session(), validated, measurement);
        }
        // A list names its GPUs, so its names are known before CUDA is loaded too; all is resolved by CUDA.
        ValidatedExpectations early = selection.all() ? null
                : measuring.validate(expectations, suffixed(names, selection.indices()));
        List<Session> sessions = measuring.sessions();
        if (sessions.size() == 1) {
            return one(measuring, sessions.getFirst(), measuring.validate(expectations, names), measurement);
        }
        ValidatedExpectations validated = early != null ? early : measuring.validate(expectations,
                suffixed(names, sessions.stream().map(s -> s.context().device().index()).toList()));
        Instant started = Instant.now();
        Progress progress = measuring.progress();
        List<Measured> measured = new ArrayList<>();
        try {
            for (int k = 0; k < sessions.size(); k++) {
                if (k > 0) {
                    // A stop asked for during the last GPU ends the run here, before the next GPU is set up: a
                    // measurement that kept what it had (its waivers, say) returned rather than stopped.
                    progress.checkpoint();
                }
                Session s = sessions.get(k);
                String who = "device " + s.context().device().index() + ": ";
                int before = k;
                int devices = sessions.size();
                // Every GPU runs the same plan, so the run's total is the devices times one GPU's.
                measured.add(measurement.measure(s, progress.renamed((to, done, total, configuration) ->
                        to.measuring(before * total + done, devices * total, who + configuration))));
            }
        } catch (RunStopped stopped) {
            // The GPUs measured before the stop keep their results; the one in progress gives none.
        }
        measuring.progressDone();
        if (measured.isEmpty()) {
            return nothingMeasured(measuring, sessions.getFirst().context(), validated, started);
        }
        List<DeviceResults> perDevice = measured.stream()
                .map(m -> new DeviceResults(m.context(), m.results().withNameSuffix(
                        DeviceSelection.nameSuffix(m.context().device().index()))))
                .toList();
        return measuring.finish(perDevice, List.of(), validated, joined(measured), started);
    }

    /** Every GPU's names, each one's followed by {@code .gpuN}. */
    public static List<MetricDeclaration> suffixed(List<MetricDeclaration> names, List<Integer> devices) {
        List<MetricDeclaration> out = new ArrayList<>();
        for (int index : devices) {
            String suffix = DeviceSelection.nameSuffix(index);
            for (MetricDeclaration m : names) {
                out.add(m.withNameSuffix(suffix));
            }
        }
        return out;
    }

    private static FinishedRun one(MeasuringRun measuring, Session session,
                           ValidatedExpectations validated, Measurement measurement) {
        Instant started = Instant.now();
        Measured m;
        try {
            m = measurement.measure(session, measuring.progress());
        } catch (RunStopped stopped) {
            measuring.progressDone();
            return nothingMeasured(measuring, session.context(), validated, started);
        }
        measuring.progressDone();
        return measuring.finish(m.context(), m.results(), validated, m.rendering(), started);
    }

    /**
     * A run stopped before its one GPU's measurement (or the first of several) ended: these
     * commands' results exist only once a GPU's run is over (a model, speedups against another
     * schedule), so nothing is kept; the outputs still say the run stopped, and what it planned
     * is reported as not measured.
     */
    private static FinishedRun nothingMeasured(MeasuringRun measuring, RunContext context,
                                       ValidatedExpectations validated, Instant started) {
        String command = measuring.commandName();
        return measuring.finish(context, new RunResults(command, List.of(), List.of()), validated, new Rendering(
                () -> "", () -> "",
                () -> GpuDocument.of(command, context, NoParameters.NONE, List.of(), List.of())), started);
    }

    /** Several GPUs' outputs as one, in the order measured. */
    public static Rendering joined(List<Measured> measured) {
        return new Rendering(
                () -> TextSections.joined(measured.stream().map(m -> m.rendering().text().get()).toList()),
                () -> csv(measured.stream().map(m -> m.rendering().csv().get()).toList()),
                () -> document(measured));
    }

    /** The tables under the first one's header; each table's first line is the same header. */
    static String csv(List<String> tables) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < tables.size(); i++) {
            String table = tables.get(i);
            if (i > 0) {
                int firstLineEnd = table.indexOf('\n');
                table = firstLineEnd < 0 ? "" : table.substring(firstLineEnd + 1);
            }
            out.append(table);
        }
        return out.toString();
    }

    /**
     * The devices document: the first GPU's {@code parameters} (the plan is the same on each)
     * with {@code devices}, the CUDA indices in order, then each GPU's own document.
     */
    static DevicesDocument document(List<Measured> measured) {
        // Each is one GPU's measurement, so each document is one GPU's (Measured.of takes only those).
        List<GpuDocument> documents = measured.stream().map(m -> (GpuDocument) m.rendering().json().get()).toList();
        GpuDocument first = documents.getFirst();
        return DevicesDocument.of(first.command(), new AcrossDevices(first.parameters(),
                measured.stream().map(m -> m.context().device().index()).toList()), documents);
    }
}
