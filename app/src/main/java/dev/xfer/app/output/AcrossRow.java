package dev.xfer.app.output;

import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;

import java.util.List;
import java.util.OptionalLong;

/**
 * A row of a several-device document that spans its GPUs (a peer copy, a pattern round, a
 * concurrent run): its results belong to one GPU each, which the row says.
 */
public interface AcrossRow {
    /**
     * This row's results, each batch with the GPU it belongs to, at its place in its document.
     *
     * @throws dev.xfer.app.format.BindingException naming a field beyond what its type says
     */
    List<Owned> results(RowScope scope);

    /** What a gate reads of this row besides its figures, as of a GPU's row ({@link Row#status}). */
    MeasuringDocument.Row status();

    /**
     * Results of the GPU whose CUDA index is {@code device} (written at {@code devicePath}), or,
     * with none, of the document's first GPU: what belongs to no one GPU is kept there.
     */
    record Owned(String devicePath, OptionalLong device, List<Result> results) {
        public Owned {
            results = List.copyOf(results);
        }

        public static Owned of(String devicePath, long device, List<Result> results) {
            return new Owned(devicePath, OptionalLong.of(device), results);
        }

        public static Owned first(List<Result> results) {
            return new Owned("", OptionalLong.empty(), results);
        }
    }
}
