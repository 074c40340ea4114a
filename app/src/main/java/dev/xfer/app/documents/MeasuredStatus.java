package dev.xfer.app.documents;

import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.output.AcrossRow;
import dev.xfer.app.output.ContextDocument;
import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.ExpectationRow;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.RepeatedDocument;
import dev.xfer.app.output.Row;
import dev.xfer.app.output.RunDocument;
import dev.xfer.app.output.Stopped;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.smoke.SmokeDocument;
import dev.xfer.app.units.ByteSize;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a gate reads of a bound measuring document apart from its figures ({@link MeasuringDocument}:
 * complete, stopped, passed, failures, expectations, smoke's checks, each row's own check), taken
 * from the records it was bound into: what binding refused never reaches a verdict.
 */
public final class MeasuredStatus {
    private MeasuredStatus() {
    }

    /** The status of {@code bound}, read from {@code file}. */
    public static MeasuringDocument of(Path file, MeasuredDocument bound) {
        return switch (bound) {
            case MeasuredDocument.Run run -> run(file, run.document());
            case MeasuredDocument.Repeated repeated -> repeated(file, repeated.document());
            case MeasuredDocument.Smoke smoke -> smoke(file, smoke.document());
        };
    }

    private static MeasuringDocument run(Path file, RunDocument document) {
        return switch (document) {
            case GpuDocument gpu -> new MeasuringDocument(file, gpu.command(), Optional.empty(),
                    Optional.of(gpu.context().host()), gpu.context().label(), Optional.of(gpu.context().started()),
                    part(gpu), List.of(), List.of(), List.of());
            case DevicesDocument devices -> {
                MeasuringDocument.Part top = new MeasuringDocument.Part(devices.complete().orElse(true),
                        devices.stopped().map(Stopped::message), Optional.empty(),
                        failures(devices.extras().acrossFailures()),
                        expectations(devices.expectations()), new MeasuringDocument.Results(List.of(), "missing"),
                        Optional.empty(), MeasuringDocument.Facts.NONE);
                List<MeasuringDocument.Row> across = devices.extras().across().stream()
                        .flatMap(section -> section.rows().stream()).map(AcrossRow::status).toList();
                yield new MeasuringDocument(file, devices.command(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), top, devices.devices().stream().map(MeasuredStatus::part)
                        .toList(), across, List.of());
            }
        };
    }

    private static MeasuringDocument repeated(Path file, RepeatedDocument document) {
        MeasuringDocument.Part top = new MeasuringDocument.Part(document.complete().orElse(true),
                document.stopped().map(Stopped::message), Optional.empty(), List.of(), List.of(),
                new MeasuringDocument.Results(List.of(), "missing"), Optional.empty(), MeasuringDocument.Facts.NONE);
        return new MeasuringDocument(file, document.command(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), top, List.of(), List.of(),
                document.runs().stream().map(r -> run(file, r)).toList());
    }

    private static MeasuringDocument smoke(Path file, SmokeDocument.Written document) {
        return switch (document) {
            case SmokeDocument.Unusable u -> new MeasuringDocument(file, u.command(), Optional.of(u.unusable()),
                    Optional.of(u.host()), u.label(), Optional.of(u.started()), new MeasuringDocument.Part(
                    u.complete().orElse(true),
                    Optional.empty(), Optional.of(u.passed()), List.of(), List.of(),
                    new MeasuringDocument.Results(List.of(), "missing"), Optional.empty(), MeasuringDocument.Facts.NONE),
                    List.of(), List.of(), List.of());
            case SmokeDocument.Run run -> smokeRun(file, run);
            case SmokeDocument.Repeated repeated -> new MeasuringDocument(file, repeated.command(), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty(), new MeasuringDocument.Part(
                    repeated.complete().orElse(true), repeated.stopped().map(Stopped::message), repeated.passed(),
                    List.of(), List.of(), new MeasuringDocument.Results(List.of(), "missing"), Optional.empty(),
                    MeasuringDocument.Facts.NONE), List.of(), List.of(),
                    repeated.runs().stream().map(r -> smokeRun(file, r)).toList());
        };
    }

    private static MeasuringDocument smokeRun(Path file, SmokeDocument.Run run) {
        // complete and stopped as every other shape reads them: smoke's one-run document is no exception.
        MeasuringDocument.Part top = new MeasuringDocument.Part(run.complete().orElse(true),
                run.stopped().map(Stopped::message), Optional.of(run.passed()),
                List.of(), List.of(), new MeasuringDocument.Results(List.of(), "missing"), Optional.empty(),
                MeasuringDocument.Facts.NONE);
        List<MeasuringDocument.Part> devices = run.devices().stream().map(d -> {
            MeasuringDocument.Results results = results(d.results());
            return new MeasuringDocument.Part(true, Optional.empty(), Optional.of(d.passed()), List.of(),
                    expectations(Optional.of(d.expectations()), d.results(), d.context()), results,
                    Optional.of(d.checks().stream().map(c -> new MeasuringDocument.SmokeCheck(c.name(), c.passed(),
                            c.failure(), c.passed() ? contradiction(c.name(), results.rows(), d.context())
                            : Optional.empty())).toList()), facts(d.context()));
        }).toList();
        return new MeasuringDocument(file, run.command(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), top, devices, List.of(), List.of());
    }

    /**
     * What a smoke check's own figures say against its {@code passed: true}, re-derived as smoke
     * derives it: the {@code link} check from the context's link (a width below the maximum fails
     * it), a configuration's check from its row of the same name ({@code pinned.h2d.64MiB},
     * {@code overlap.v1}, {@code check.d2h-sync}): wrong data, an error beyond tolerance, wrong
     * trials of a synchronized run. A check whose figures the document does not hold is taken as written.
     */
    static Optional<String> contradiction(String check, List<MeasuringDocument.Row> rows, ContextDocument context) {
        if (check.equals("link")) {
            DeviceDocument device = context.device();
            if (device.linkCurrent().isPresent() && device.linkMax().isPresent()
                    && device.linkCurrent().get().width() < device.linkMax().get().width()) {
                return Optional.of("the context's link trained at x" + device.linkCurrent().get().width() + " of x"
                        + device.linkMax().get().width() + ", below its maximum width");
            }
            return Optional.empty();
        }
        for (MeasuringDocument.Row row : rows) {
            String name = row.command().map(c -> c + ".").orElse("") + String.join(".", row.naming());
            if (!name.equals(check)) {
                continue;
            }
            if (row.verified().equals(Optional.of(false))) {
                return Optional.of("its row records verified: false (the copied data were wrong)");
            }
            if (row.withinTolerance().equals(Optional.of(false))) {
                return Optional.of("its row records withinTolerance: false (maxError "
                        + row.maxError().map(String::valueOf).orElse("null") + ")");
            }
            if (row.synchronizedRun() && row.wrongTrials().orElse(0) > 0) {
                return Optional.of("its row records " + row.wrongTrials().getAsLong()
                        + " wrong trials of a synchronized run, which must have none");
            }
            if (row.verdict().equals(Optional.of("broken"))) {
                return Optional.of("its row's verdict is broken (wrong data despite synchronization)");
            }
        }
        return Optional.empty();
    }

    /** One GPU's document as a part: its own status, rows and context. */
    private static MeasuringDocument.Part part(GpuDocument gpu) {
        return new MeasuringDocument.Part(gpu.complete().orElse(true), gpu.stopped().map(Stopped::message),
                Optional.empty(), failures(gpu.failures()), expectations(gpu.expectations(), gpu.results(), gpu.context()),
                results(gpu.results()),
                Optional.empty(), facts(gpu.context()));
    }

    private static MeasuringDocument.Results results(List<? extends Row> rows) {
        return new MeasuringDocument.Results(rows.stream().map(Row::status).toList(), "list");
    }

    private static List<MeasuringDocument.Expectation> expectations(Optional<List<ExpectationRow>> rows) {
        return rows.orElse(List.of()).stream()
                .map(e -> new MeasuringDocument.Expectation(e.expectation(), e.passed(), Optional.of(e.line()),
                        Optional.empty())).toList();
    }

    /**
     * Each expectation as written, with what its own figures say against a {@code passed: true}:
     * the recorded {@code measured} against its {@code bound} by the expectation's relation, and,
     * for a bandwidth row's rate ({@code GB/s}, or {@code %link} over the context's link), the row's
     * median against {@code measured}. A document is never believed over its figures.
     */
    private static List<MeasuringDocument.Expectation> expectations(Optional<List<ExpectationRow>> rows,
                                                                    List<? extends Row> results, ContextDocument context) {
        return rows.orElse(List.of()).stream()
                .map(e -> new MeasuringDocument.Expectation(e.expectation(), e.passed(), Optional.of(e.line()),
                        e.passed() ? contradiction(e, results, context.device().linkTheoreticalGBps()) : Optional.empty()))
                .toList();
    }

    /** The relations an expectation's text may hold, longest first so that {@code >=} is not read as {@code >}. */
    private static final List<String> RELATIONS = List.of(">=", "<=", "==", "!=", ">", "<");

    private static Optional<String> contradiction(ExpectationRow e, List<? extends Row> results, OptionalDouble link) {
        Optional<String> relation = RELATIONS.stream().filter(r -> e.expectation().contains(" " + r + " ")).findFirst();
        if (relation.isEmpty() || e.measured().isEmpty() || e.bound().isEmpty()) {
            return Optional.empty();
        }
        double measured = e.measured().getAsDouble();
        double bound = e.bound().getAsDouble();
        String unit = e.unit().orElse("");
        if (!holds(relation.get(), measured, bound)) {
            return Optional.of("it records measured " + num(measured) + unit + " against " + num(bound)
                    + unit + ", which is not " + relation.get() + " " + num(bound) + unit);
        }
        if (e.result().isEmpty() || !(unit.equals("GB/s") || unit.equals("%link") && link.isPresent())) {
            return Optional.empty();
        }
        for (Row row : results) {
            if (row instanceof dev.xfer.app.bandwidth.BandwidthRow b && name(b).equals(e.result().get())) {
                double rate = b.gbps().median();
                double figure = unit.equals("GB/s") ? rate : rate * 100 / link.getAsDouble();
                // Rounding aside (1%), the recorded figure is the row's; beyond it the row's figure is judged.
                if (Math.abs(figure - measured) > 0.01 * Math.max(Math.abs(measured), Math.abs(figure))
                        && !holds(relation.get(), figure, bound)) {
                    return Optional.of("its row's gbps median " + num(rate) + " GB/s is " + num(figure) + unit
                            + (unit.equals("%link") ? " of the " + num(link.getAsDouble()) + " GB/s link" : "")
                            + ", not the " + num(measured) + unit + " it records, and not " + relation.get() + " "
                            + num(bound) + unit);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean holds(String relation, double value, double bound) {
        return switch (relation) {
            case ">=" -> value >= bound;
            case "<=" -> value <= bound;
            case "==" -> value == bound;
            case "!=" -> value != bound;
            case ">" -> value > bound;
            default -> value < bound;
        };
    }

    /** Four significant digits, as a reason line shows a figure: {@code 87.55}, {@code 0.001587}. */
    private static String num(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return new java.math.BigDecimal(value).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** A bandwidth row's result name as a run names it: {@code pinned.h2d.64MiB}, {@code pinned.staged.h2d.64MiB}. */
    private static String name(dev.xfer.app.bandwidth.BandwidthRow b) {
        return b.memory() + b.copy().map(c -> "." + c).orElse("") + "." + b.direction() + "."
                + ByteSize.ofBytes(b.bytes()).format();
    }

    /** Each recorded failure in words, as its row says it ({@link Row#failureLine}). */
    private static List<String> failures(List<? extends Row> rows) {
        return rows.stream().map(Row::failureLine).toList();
    }

    /** What a part's context says the run ran on. */
    private static MeasuringDocument.Facts facts(ContextDocument context) {
        DeviceDocument device = context.device();
        Optional<String> link = device.linkCurrent().isPresent() && device.linkMax().isPresent()
                ? Optional.of("Gen" + device.linkCurrent().get().generation() + " x" + device.linkCurrent().get().width()
                + " (max Gen" + device.linkMax().get().generation() + " x" + device.linkMax().get().width() + ")")
                : Optional.empty();
        return new MeasuringDocument.Facts(Optional.of(device.name()), Optional.of(context.driverVersion()),
                Optional.of(context.runtimeVersion()), Optional.of(context.xfer()), link,
                device.numaNode().isPresent() ? Optional.of(Integer.toString(device.numaNode().getAsInt()))
                        : Optional.empty());
    }
}
