package dev.xfer.app.output;

import dev.xfer.app.format.Csv;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.Identity;
import dev.xfer.app.result.Result;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Every measuring command's {@code --csv}: one row per result record, whatever the command. The
 * columns are fixed: {@code device}, then one per identity field ({@link Identity#csvHeader()},
 * empty where the result has none), the {@code --expect} name, the unit it is shown in, the
 * statistics in that unit, the percentage of the link where the result crossed one of known rate,
 * and the result's own data check. A new identity field or a new command therefore needs no change
 * here, and rows from several devices, or streamed while a run measures, stand under one header.
 */
public final class ResultCsv {
    private ResultCsv() {
    }

    /** The header every measuring command's CSV starts with. */
    public static List<String> header() {
        List<String> header = new ArrayList<>();
        header.add("device");
        header.addAll(Identity.csvHeader());
        header.addAll(List.of("name", "unit", "n", "median", "min", "max", "mean", "stddev", "percent_of_link",
                "verified", "failure"));
        return header;
    }

    /** One device's results under the header. */
    public static String render(int device, RunResults results) {
        return render(List.of(device), List.of(results));
    }

    /** Several devices' results under one header, device after device. */
    public static String render(List<Integer> devices, List<RunResults> results) {
        Csv csv = new Csv(header());
        for (int d = 0; d < results.size(); d++) {
            for (RunResult r : results.get(d).results()) {
                csv.addRow(row(devices.get(d), r));
            }
        }
        return csv.render();
    }

    static List<String> row(int device, RunResult r) {
        Result result = r.result();
        // A configuration that gave no value: no count, no figures, and its failure says why.
        Optional<Summary> shown = r.measured().shown().measured();
        List<String> cells = new ArrayList<>();
        cells.add(Integer.toString(device));
        cells.addAll(result.identity().csvKey());
        cells.add(r.name());
        cells.add(result.quantity().displaySymbol());
        cells.add(Integer.toString(shown.map(Summary::n).orElse(0)));
        cells.add(figure(shown, Summary::median));
        cells.add(figure(shown, Summary::min));
        cells.add(figure(shown, Summary::max));
        cells.add(figure(shown, Summary::mean));
        cells.add(figure(shown, Summary::stddev));
        cells.add(r.linkGBps().isPresent() && shown.isPresent()
                ? Double.toString(Math.round(shown.get().median() / r.linkGBps().getAsDouble() * 1000) / 10.0) : "");
        CheckOutcome check = result.check();
        cells.add(switch (check.state()) {
            case PASSED -> "true";
            case FAILED -> "false";
            case NOT_CHECKED -> "";
        });
        cells.add(check.failed() ? check.why().orElse("check failed") : "");
        return cells;
    }

    /** A figure's cell; empty where there is none (a configuration the timer gave no time for), never {@code NaN}. */
    private static String figure(Optional<Summary> shown, ToDoubleFunction<Summary> which) {
        return shown.map(which::applyAsDouble).filter(v -> !Double.isNaN(v)).map(Object::toString).orElse("");
    }
}
