package dev.xfer.app.output;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.xfer.app.evidence.GpuEvidence;
import dev.xfer.app.format.OrUnavailable;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The document every measuring command writes for one GPU: the schema, the command, where it ran
 * ({@code context}), its {@code parameters}, {@code results} and {@code failures}, the configurations
 * it did not measure here and why ({@code waived}, absent when none), what the command adds ({@code extras}, inline), then what the output stage adds: the GPU's {@code disturbances},
 * the {@code expectations}' outcomes, and {@code complete}/{@code stopped} for a run that stopped.
 */
public record GpuDocument(int schemaVersion, String command, ContextDocument context, Parameters parameters,
                          List<? extends Row> results, List<? extends Row> failures,
                          Optional<List<dev.xfer.app.result.Waiver>> waived, @JsonUnwrapped Extras extras,
                          Optional<List<dev.xfer.app.result.Disturbance>> disturbances, Optional<List<ExpectationRow>> expectations,
                          Optional<Boolean> complete, Optional<Stopped> stopped) implements RunDocument, MeasuredPart {

    public GpuDocument {
        results = List.copyOf(results);
        failures = List.copyOf(failures);
        waived = waived.map(List::copyOf);
    }

    /** A command's document as it renders it: nothing of the output stage's yet. */
    public static GpuDocument of(String command, RunContext context, Parameters parameters,
                                 List<? extends Row> results, List<? extends Row> failures) {
        return new GpuDocument(DocumentSchema.VERSION, command, context.document(), parameters, results, failures,
                Optional.empty(), NoParameters.NONE, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** This document with the configurations its run did not measure here; none leaves {@code waived} out. */
    public GpuDocument withWaived(List<dev.xfer.app.result.Waiver> waivers) {
        return new GpuDocument(schemaVersion, command, context, parameters, results, failures,
                waivers.isEmpty() ? Optional.empty() : Optional.of(waivers), extras, disturbances, expectations,
                complete, stopped);
    }

    /** This document with what its command adds after the failures. */
    public GpuDocument withExtras(Extras extras) {
        return new GpuDocument(schemaVersion, command, context, parameters, results, failures, waived, extras, disturbances,
                expectations, complete, stopped);
    }

    /** This GPU's evidence in its context, and its disturbances on the document. */
    public GpuDocument withEvidence(OrUnavailable<GpuEvidence.Document> evidence,
                                    List<dev.xfer.app.result.Disturbance> disturbances) {
        return new GpuDocument(schemaVersion, command, context.withEvidence(evidence), parameters, results, failures,
                waived, extras, Optional.of(List.copyOf(disturbances)), expectations, complete, stopped);
    }

    @Override
    public GpuDocument withOutcome(List<ExpectationRow> expectations, Optional<Stopped> stopped) {
        return new GpuDocument(schemaVersion, command, context, parameters, results, failures, waived, extras, disturbances,
                Optional.of(List.copyOf(expectations)), Stopped.complete(stopped), stopped);
    }

    @Override
    public Optional<Parameters> ownParameters() {
        return Optional.of(parameters);
    }

    @Override
    public GpuDocument eachGpu(UnaryOperator<GpuDocument> each) {
        return each.apply(this);
    }

    @Override
    public List<GpuDocument> gpus() {
        return List.of(this);
    }
}
