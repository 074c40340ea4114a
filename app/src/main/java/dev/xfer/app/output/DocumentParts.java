package dev.xfer.app.output;

import com.fasterxml.jackson.databind.JsonNode;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.format.RecordBinder.Choice;

/**
 * Which of a command's records fill the open parts of its documents, so a document binds back
 * into the records it was written from ({@link #read}): one GPU's {@code parameters},
 * {@code results} and {@code failures} rows and {@code extras}, and several GPUs'
 * {@code parameters} and {@code extras}. The envelope stays one record for every command (its
 * writers build it without type arguments); each command's document class says its parts.
 *
 * @param parameters        one GPU's {@code parameters} (also each GPU's inside {@link AcrossDevices})
 * @param results           each entry of {@code results}
 * @param failures          each entry of {@code failures}
 * @param extras            what one GPU's document adds after {@code failures}
 * @param devicesParameters several GPUs' {@code parameters}
 * @param devicesExtras     what several GPUs' document adds after {@code devices}
 */
public record DocumentParts(Choice parameters, Choice results, Choice failures, Choice extras,
                           Choice devicesParameters, Choice devicesExtras) {

    /**
     * A command that adds nothing: its plan as {@code parameters} ({@code {}}, a run that ended
     * before it measured, is {@link NoParameters}), its rows, no failures of another kind, and
     * several GPUs' parameters as {@link AcrossDevices}.
     */
    public static DocumentParts of(Class<? extends Parameters> parameters, Class<? extends Row> row) {
        Choice plan = f -> f.isEmpty() ? NoParameters.class : parameters;
        return new DocumentParts(plan, f -> row, f -> row, f -> NoParameters.class,
                f -> f.isEmpty() ? NoParameters.class : AcrossDevices.class, f -> NoParameters.class);
    }

    public DocumentParts withFailures(Choice failures) {
        return new DocumentParts(parameters, results, failures, extras, devicesParameters, devicesExtras);
    }

    public DocumentParts withExtras(Choice extras) {
        return new DocumentParts(parameters, results, failures, extras, devicesParameters, devicesExtras);
    }

    public DocumentParts withDevices(Choice devicesParameters, Choice devicesExtras) {
        return new DocumentParts(parameters, results, failures, extras, devicesParameters, devicesExtras);
    }

    /** A binder that binds this command's documents, whichever shape: one GPU's, several GPUs', --runs N's. */
    public RecordBinder binder() {
        Choice run = f -> f.has("devices") && !f.has("context") ? DevicesDocument.class : GpuDocument.class;
        return new RecordBinder()
                .choosing(GpuDocument.class, "parameters", parameters)
                .choosing(GpuDocument.class, "results", results)
                .choosing(GpuDocument.class, "failures", failures)
                .choosing(GpuDocument.class, "extras", extras)
                .choosing(AcrossDevices.class, "each", parameters)
                .choosing(DevicesDocument.class, "parameters", devicesParameters)
                .choosing(DevicesDocument.class, "extras", devicesExtras)
                .choosing(RepeatedDocument.class, "parameters", RepeatedDocument.Runs.class)
                // Runs is the first repetition's parameters, inline, and "runs": nothing beside "runs" is that
                // repetition's none.
                .choosing(RepeatedDocument.Runs.class, "each", f -> f.isEmpty() ? NoParameters.class
                        : run.of(f) == DevicesDocument.class ? devicesParameters.of(f) : parameters.of(f))
                .choosing(RepeatedDocument.class, "runs", run);
    }

    /**
     * {@code text}, a document of this command, bound: a {@link GpuDocument}, a
     * {@link DevicesDocument} or a {@link RepeatedDocument}.
     *
     * @throws BindingException naming the field that does not bind
     * @throws IllegalArgumentException when {@code text} is not JSON
     */
    public Object read(String text) {
        return binder().read(text, SHAPE);
    }

    /**
     * As {@link #read(String)}, with the parts {@code pick} chooses from the document's top-level
     * keys: for a command whose GPU documents' parts depend on the whole run (bandwidth's pattern
     * runs), not on their own keys.
     */
    public static Object read(String text, java.util.function.Function<JsonNode, DocumentParts> pick) {
        return new RecordBinder().read(text, f -> pick.apply(f).binder(), SHAPE);
    }

    /** Which envelope a document is: --runs N's, several GPUs', one GPU's. */
    private static final Choice SHAPE = f -> f.has("runs") && !f.has("context") && !f.has("devices")
            ? RepeatedDocument.class : f.has("devices") && !f.has("context") ? DevicesDocument.class
            : GpuDocument.class;
}
