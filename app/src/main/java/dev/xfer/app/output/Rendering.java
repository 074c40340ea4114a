package dev.xfer.app.output;

import java.util.function.Supplier;

/**
 * A command's results in each output format; only the chosen one is rendered. The output stage
 * adds the expectation outcomes to the JSON document.
 */
public record Rendering(Supplier<String> text, Supplier<String> csv, Supplier<RunDocument> json) {

    /** One GPU's run whose CSV is its results' rows ({@link ResultCsv}), made only when CSV is asked for. */
    public static Rendering of(Supplier<String> text, int device, Supplier<RunResults> results,
                               Supplier<RunDocument> json) {
        return new Rendering(text, () -> ResultCsv.render(device, results.get()), json);
    }
}
