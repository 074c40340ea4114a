package dev.xfer.app.bandwidth.peer;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.FailureRow;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.output.AcrossRow;
import dev.xfer.app.output.RowFigures;
import dev.xfer.app.output.RowScope;
import dev.xfer.app.output.RowStatus;
import dev.xfer.app.output.RunResult;
import dev.xfer.app.output.RunResults;
import dev.xfer.app.result.CheckOutcome;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.MeasuringDocument;
import dev.xfer.app.result.Result;
import dev.xfer.app.result.ResultNames;
import dev.xfer.app.result.RunNames;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * One GPU-to-GPU copy ({@code --direction p2p}) as an entry of a several-device document's
 * {@code p2p} array, one per ordered pair and size: {@code gbps} and {@code bidirGbps} are GB/s
 * ({@code median} is the figure of the matrix). A pair copied by xfer's copy kernel
 * ({@code --copy kernel}) also says {@code "copy": "kernel"}, one by its TMA copy ({@code --copy tma})
 * {@code "copy": "tma"}, and one in the read form
 * ({@code --initiation read}) {@code "initiation": "read"}. The write form's rows say neither,
 * so they stay exactly as every document before the read form wrote them.
 *
 * <p>xfer always writes the figures and their checks; the schema lets them be null or absent (a
 * pair without a figure), and so does this record when it binds a row, except that a figure
 * always says whether its data were right.
 */
public record PeerRow(int src, int dst, long bytes, boolean peerAccess, @JsonInclude(ALWAYS) Optional<Summary> gbps,
                      @JsonInclude(ALWAYS) Optional<Summary> bidirGbps, @JsonInclude(ALWAYS) Optional<Boolean> verified,
                      @JsonInclude(ALWAYS) Optional<Boolean> bidirVerified, Optional<String> copy,
                      Optional<String> initiation) implements AcrossRow {
    /** The paths a row may name: every path that measures peers but the driver's, which a row never names. */
    private static final List<String> COPY = java.util.Arrays.stream(CopyPath.values())
            .filter(p -> p.measuresPeers() && p.namedInLabels()).map(CopyPath::label).toList();

    public PeerRow {
        dev.xfer.app.output.Row.size(bytes);
        copy.ifPresent(c -> dev.xfer.app.output.Row.oneOf("copy", c, COPY));
        if (gbps.isPresent() && verified.isEmpty()) {
            throw new IllegalArgumentException("verified: expected true or false beside gbps, got nothing or null");
        }
        if (bidirGbps.isPresent() && bidirVerified.isEmpty()) {
            throw new IllegalArgumentException("bidirVerified: expected true or false beside bidirGbps, got nothing or null");
        }
    }

    /** The pair's rates one way and both ways, its source GPU's. */
    @Override
    public List<Owned> results(RowScope scope) {
        List<Result> both = new ArrayList<>(oneWay(scope).results());
        both.addAll(bothWays(scope).results());
        return List.of(Owned.of(scope.path() + ".src", src, both));
    }

    /** The pair's rate one way as its row names it, checked by that way's own copies' data. */
    private RowFigures oneWay(RowScope scope) {
        return named(scope).verified(verified).rate(GBPS, gbps);
    }

    /** The pair's rate both ways as its row names it, checked by those copies' own data (not the one way's). */
    private RowFigures bothWays(RowScope scope) {
        return named(scope).verified(bidirVerified).rate(BOTH_WAYS, bidirGbps);
    }

    /**
     * The pairs of {@code pairs} as a run hands them on while it measures, each as its row names it
     * ({@link #of}): one way, then both ways, each its own configuration, checked by its own data
     * in the run's words ({@code data came back wrong: p2p 2->1 16777216 B}); a way whose timer gave
     * no time is unmeasured with why.
     *
     * @param scope where the rows stand: the plan's identity fields beside them
     */
    public static RunResults runResults(RowScope scope, List<PeerResult> pairs) {
        RunNames names = ResultNames.run(true, true);
        List<RunResult> out = new ArrayList<>();
        for (PeerResult r : pairs) {
            PeerRow row = of(r);
            out.addAll(RunResult.of(handedOn(row.oneWay(scope), GBPS, r.gigabytesPerSecond(), r.verified(),
                    r.configuration()), names, OptionalDouble.empty()));
            out.addAll(RunResult.of(handedOn(row.bothWays(scope), BOTH_WAYS, r.bidirGbps(), r.bidirVerified(),
                    r.bidirConfiguration()), names, OptionalDouble.empty()));
        }
        return RunResults.of("bandwidth-p2p", out);
    }

    /** The fields of the rates one way and both ways at once. */
    private static final String GBPS = "gbps";
    private static final String BOTH_WAYS = "bidirGbps";

    /**
     * One way of a pair ({@code way}, its rate under {@code key}) as a run hands it on: checked by
     * its data ({@code ok}), the run naming its {@code configuration} where they came back wrong;
     * where its timer gave no time ({@code measured} says why), unmeasured.
     */
    private static RowFigures handedOn(RowFigures way, String key, Summarized measured, boolean ok,
                                       String configuration) {
        return measured.whyNot().map(why -> way.unmeasured(key, why)).orElseGet(() -> way.checked(ok
                ? CheckOutcome.PASSED : CheckOutcome.failed("data came back wrong: " + configuration)));
    }

    /** What names the pair's row: its GPUs, size, path and form; a peer copy is direction p2p. */
    private RowFigures named(RowScope scope) {
        return scope.given(Map.of(IdentityField.DIRECTION, "p2p")).figures().count(IdentityField.SRC, "src", src)
                .count(IdentityField.DST, "dst", dst).count(IdentityField.BYTES, "bytes", bytes)
                .word(IdentityField.COPY, "copy", copy).word(IdentityField.INITIATION, "initiation", initiation);
    }

    /** A figure where either way has one. */
    @Override
    public MeasuringDocument.Row status() {
        return RowStatus.judged(gbps.isPresent() || bidirGbps.isPresent()).named(copy).sized(bytes).verified(verified)
                .row();
    }

    public static PeerRow of(PeerResult r) {
        return new PeerRow(r.src(), r.dst(), r.bytes(), r.peerAccess(), r.gigabytesPerSecond().measured(),
                r.bidirGbps().measured(), Optional.of(r.verified()), Optional.of(r.bidirVerified()),
                r.copy() == CopyPath.DRIVER ? Optional.empty() : Optional.of(r.copy().label()),
                r.initiation() == Initiation.WRITE ? Optional.empty() : Optional.of(r.initiation().label()));
    }

    /**
     * Each of {@code results} with a figure both ways, in order; a pair whose timer gave no time
     * either way has none, but a {@code failures} entry for each such way ({@link #failures}).
     */
    public static List<PeerRow> rows(List<PeerResult> results) {
        return results.stream().filter(PeerResult::measured).map(PeerRow::of).toList();
    }

    /** A {@code failures} entry for each way of a pair whose timer gave no time. */
    public static List<FailureRow> failures(List<PeerResult> results) {
        return results.stream().flatMap(r -> r.unmeasured().stream())
                .map(u -> FailureRow.unmeasured(u.configuration(), OptionalInt.empty(), u.reason())).toList();
    }
}
