package dev.xfer.app.result;

import com.fasterxml.jackson.databind.JsonNode;
import dev.xfer.app.stats.Summary;

import java.util.List;
import java.util.Optional;

/** A measured field's summary, bound strictly into a {@link Summary} in the base unit. */
final class Summaries {
    /**
     * The largest figure believed, in its base unit (bytes per second, seconds, a count): far beyond
     * any measurement, and small enough that fleet's and compare's sums, squares and ratios of
     * figures stay finite. A larger one is a corrupt or hostile document, refused.
     */
    static final double MAX_FIGURE = 1e100;

    private Summaries() {
    }

    /**
     * A summary's statistics in the base unit. Its median is required and every figure must be a
     * finite number of 0 or more that stays finite in the base unit: a null median (once xfer's
     * NaN) or one of 1e300 GB/s (Infinity in bytes per second) is refused, never judged. Only the
     * standard deviation may be null, as xfer writes it where it exceeds a double.
     */
    static Summary statistics(StrictFields strict, String path, JsonNode summary, Quantity quantity) {
        long n = strict.count(summary, "n", path + ".n", false).orElse(0);
        if (n > ResultDocumentReader.MAX_SAMPLES) {
            throw DocumentException.field(strict.file(), path + ".n",
                    "a whole number from 0 to " + ResultDocumentReader.MAX_SAMPLES, Long.toString(n));
        }
        double median = figure(strict, summary.get("median"), path + ".median", quantity);
        double[] others = new double[4];
        List<String> names = List.of("min", "max", "mean", "stddev");
        for (int k = 0; k < names.size(); k++) {
            JsonNode node = summary.get(names.get(k));
            boolean stddev = names.get(k).equals("stddev");
            // A summary that gives only its median (as hand-written documents may) reads its min, max
            // and mean as the median: a Summary's figures are finite, and no reader judges those three.
            others[k] = node == null && !stddev ? median
                    : node == null || node.isNull() && stddev ? Double.NaN
                    : figure(strict, node, path + "." + names.get(k), quantity);
        }
        // Samples, where a document lists them, are checked as strictly, though no reader uses them.
        Optional<JsonNode> list = strict.list(summary, "samples", path + ".samples");
        if (list.isPresent()) {
            if (list.get().size() > ResultDocumentReader.MAX_SAMPLES) {
                throw DocumentException.field(strict.file(), path + ".samples", "a list of numbers", "too many");
            }
            for (int k = 0; k < list.get().size(); k++) {
                figure(strict, list.get().get(k), path + ".samples[" + k + "]", quantity);
            }
        }
        return new Summary(median, others[0], others[1], others[2], others[3], (int) n);
    }

    /** One figure of a summary, in the base unit: a finite number, 0 or more, finite in the base unit too. */
    private static double figure(StrictFields strict, JsonNode node, String path, Quantity quantity) {
        double value = strict.finite(node, path);
        if (value < 0) {
            throw strict.wrong(path, "a number, 0 or more", node);
        }
        double base = quantity.toBase(value);
        if (!Double.isFinite(base) || base > MAX_FIGURE) {
            throw strict.wrong(path, "a finite number up to " + quantity.fromBase(MAX_FIGURE)
                    + (quantity.displaySymbol().isEmpty() ? "" : " " + quantity.displaySymbol()), node);
        }
        return base;
    }
}
