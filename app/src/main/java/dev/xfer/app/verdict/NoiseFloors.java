package dev.xfer.app.verdict;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How far one healthy run can land from another healthy run of the same GPU, per GPU model and
 * {@link NoiseKind}, as a fraction of the baseline: what a verdict with one run a side must allow.
 *
 * <p>The table is {@code noise-floors.tsv} beside this class, computed by {@code NoiseFloorTableTest}
 * from the committed documents of back-to-back runs in separate processes (under
 * {@code app/src/test/resources/noise/}); that test fails when the table differs from what the
 * documents give, and rewrites it with {@code -Dxfer.updateNoiseFloors=true}. A model that was
 * not measured gets the largest floor any measured model has for the kind: between-run spread
 * differs from machine to machine (pinned copies within 1% on one H200, 26% on a lent H100), so
 * the safe guess for an unknown machine is the worst one seen. A kind measured nowhere has no
 * floor, and a one-run verdict on it says it cannot judge.
 */
public final class NoiseFloors {
    public static final String RESOURCE = "noise-floors.tsv";

    private final Map<String, Map<NoiseKind, Double>> byModel;

    public NoiseFloors(Map<String, Map<NoiseKind, Double>> byModel) {
        Map<String, Map<NoiseKind, Double>> copy = new LinkedHashMap<>();
        byModel.forEach((model, floors) -> copy.put(model, Map.copyOf(new EnumMap<>(floors))));
        this.byModel = Map.copyOf(copy);
    }

    /** The table shipped with xfer. */
    public static NoiseFloors shipped() {
        try (InputStream in = NoiseFloors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines {@code model<TAB>KIND<TAB>fraction}; {@code #} starts a comment. */
    public static NoiseFloors parse(String text) {
        Map<String, Map<NoiseKind, Double>> byModel = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t");
            if (cells.length != 3) {
                throw new IllegalArgumentException("a noise floor line has model, kind and fraction: " + line);
            }
            byModel.computeIfAbsent(cells[0], m -> new EnumMap<>(NoiseKind.class))
                    .put(NoiseKind.valueOf(cells[1]), Double.parseDouble(cells[2]));
        }
        return new NoiseFloors(byModel);
    }

    public String format(String header) {
        StringBuilder out = new StringBuilder(header);
        byModel.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                new EnumMap<>(e.getValue()).forEach((kind, fraction) ->
                        out.append(e.getKey()).append('\t').append(kind.name()).append('\t')
                                .append(String.format(java.util.Locale.ROOT, "%.3f", fraction)).append('\n')));
        return out.toString();
    }

    public Map<String, Map<NoiseKind, Double>> byModel() {
        return byModel;
    }

    /**
     * The floor for a model and kind: its own when measured, else the largest measured on any model.
     * A best-of-k kind measured on no model falls back to its single-allocation kind's floor
     * ({@link #fallsBack}): wider than best-of-k noise, so it may say too noisy where a best-of-k
     * floor would judge, but it never calls noise a change; the table should then be regenerated
     * from runs that report best-of-k.
     */
    public OptionalDouble floor(String model, NoiseKind kind) {
        Map<NoiseKind, Double> own = byModel.get(model);
        if (own != null && own.containsKey(kind)) {
            return OptionalDouble.of(own.get(kind));
        }
        OptionalDouble worst = byModel.values().stream().filter(m -> m.containsKey(kind)).mapToDouble(m -> m.get(kind)).max();
        return worst.isEmpty() && kind.isBestOfK() ? floor(model, kind.single()) : worst;
    }

    /** Whether {@code kind} is a best-of-k kind that no model measured, judged on its single-allocation floor. */
    public boolean fallsBack(NoiseKind kind) {
        return kind.isBestOfK() && byModel.values().stream().noneMatch(m -> m.containsKey(kind));
    }
}
