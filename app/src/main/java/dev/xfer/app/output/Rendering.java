package dev.xfer.app.output;

import java.util.Map;
import java.util.function.Supplier;

/**
 * A command's results in each output format; only the chosen one is rendered. The output stage
 * adds the expectation outcomes to the JSON document.
 */
public record Rendering(Supplier<String> text, Supplier<String> csv, Supplier<Map<String, Object>> json) {
}
