package dev.xfer.app.result;

import java.util.Optional;

/**
 * How a run names what it hands on while it measures: each result by the name {@code --expect}
 * selects it by, and a row's configuration by the JUnit case its first result stands for. Each
 * command's rules are its own ({@link ResultNames#run}, pipeline's and batch's plans); they name
 * from the identity alone, so the rows a document holds name the same.
 */
public interface RunNames {
    /** The name of the result of {@code identity}; empty for a figure a run does not hand on by name. */
    Optional<String> name(Identity identity);

    /** The configuration of a row whose first result is {@code identity}: by default, that result's name. */
    default String configuration(Identity identity) {
        return name(identity).orElseThrow();
    }
}
