package dev.xfer.app.verdict;

import dev.xfer.app.result.MeasuringDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a parsed document says about itself apart from its numbers: whether it recorded a failure,
 * and whether it holds a result at all. Numbers can look healthy in a document whose data were
 * wrong or whose run stopped half way, so fleet and compare ask this before they look at numbers.
 *
 * <p>One {@link Status} per GPU run, in the order the document reader returns them: one for a
 * one-device document, one per entry of {@code devices} for a several-device one (smoke's shape
 * too). What the top level records (its {@code passed}, {@code failures}, {@code expectations},
 * {@code complete}) applies to every GPU run of the document. A document written with
 * {@code --runs N} is read as its repetitions' documents in turn, each as it would be alone.
 */
public final class DocumentStatus {
    /** The commands whose documents carry GPU results; any other command is no result. */
    public static final Set<String> MEASURING = MeasuringDocument.MEASURING;

    private DocumentStatus() {
    }

    /**
     * How a GPU run's document stands, least to most severe: FAIL over NO RESULT over DISTURBED over
     * PASS. A named failure says more than a missing result; both outrank DISTURBED, which means
     * "nothing judged, re-run" (exit 6) and so may only stand where a re-run is all that is left to
     * do: a re-run that comes back quiet cannot clear a failure or a missing result elsewhere.
     */
    public enum State implements dev.xfer.app.format.Labelled {
        PASS("PASS"), DISTURBED("DISTURBED"), NO_RESULT("NO RESULT"), FAIL("FAIL");

        private final String text;

        State(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** As fleet's and compare's JSON name it: {@code no-result}. */
        @Override
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public State worse(State other) {
            return other.ordinal() > ordinal() ? other : this;
        }
    }

    /**
     * @param failures  each recorded failure, named ({@code pinned.h2d.64MiB not verified: wrong data})
     * @param noResult  why the run gave no result to judge ({@code run incomplete: stopped by --timeout})
     */
    public record Status(List<String> failures, List<String> noResult) {
        public static final Status FINE = new Status(List.of(), List.of());

        public Status {
            failures = List.copyOf(failures);
            noResult = List.copyOf(noResult);
        }

        public State state() {
            return !failures.isEmpty() ? State.FAIL : !noResult.isEmpty() ? State.NO_RESULT : State.PASS;
        }

        /** The failures, then the reasons for no result: what a report line names. */
        public List<String> reasons() {
            List<String> all = new ArrayList<>(failures);
            all.addAll(noResult);
            return all;
        }

        Status with(Status other) {
            List<String> f = new ArrayList<>(failures);
            f.addAll(other.failures);
            List<String> n = new ArrayList<>(noResult);
            n.addAll(other.noResult);
            return new Status(f, n);
        }
    }

    /** Whether fleet and compare can take GPU runs from this document at all (its command measures GPUs). */
    public static boolean measuring(MeasuringDocument doc) {
        return doc.measuring();
    }

    /**
     * The status of a document that yields no GPU run to read: an unknown command, or a measuring
     * command's document without {@code context} or {@code devices} (a smoke run that measured
     * no GPU and did not say why).
     */
    public static Status withoutRuns(MeasuringDocument doc) {
        if (!doc.measuring()) {
            return new Status(List.of(), List.of("unknown command '" + doc.command() + "': no results xfer can judge"));
        }
        Status top = top(doc);
        String shape = doc.top().results().shape();
        // A one-GPU document (it names its GPU's context) whose results are null or absent says so,
        // as a list without rows does.
        boolean oneGpu = !doc.severalDevices() && !doc.repeated() && doc.host().isPresent() && doc.unusable().isEmpty();
        String why = oneGpu && (shape.equals("null") || shape.equals("missing"))
                ? "no results (results: " + shape + ")"
                : "no results: the " + doc.command() + " document holds no GPU run";
        return top.with(new Status(List.of(), List.of(why)));
    }

    /**
     * One status per GPU run of a document the reader can read.
     *
     * @param runs how many GPU runs the reader returned for it
     */
    public static List<Status> of(MeasuringDocument doc, int runs) {
        if (doc.repeated()) {
            // --runs N: each repetition's document as it is, then the whole run's top (stopped between
            // two repetitions) with the first GPU run, as a several-device document's top goes.
            List<Status> out = new ArrayList<>();
            for (MeasuringDocument run : doc.repetitions()) {
                out.addAll(of(run, run.gpuRuns()));
            }
            Status whole = top(doc);
            if (!out.isEmpty()) {
                out.set(0, whole.with(out.getFirst()));
            }
            while (out.size() < runs) {
                out.add(out.isEmpty() ? whole : Status.FINE);
            }
            return List.copyOf(out.subList(0, runs));
        }
        Status top = top(doc);
        if (doc.unusable().isPresent()) {
            return List.of(top);
        }
        List<Status> out = new ArrayList<>();
        boolean anyResult = doc.anyFigure();
        if (doc.severalDevices()) {
            // What the top level records is the whole run's: it goes with the first GPU run, once, so a
            // node's line names it once; the node fails all the same.
            for (MeasuringDocument.Part device : doc.devices()) {
                Status own = device(doc.command(), device, true, anyResult);
                out.add(out.isEmpty() ? top.with(own) : own);
            }
        } else {
            out.add(top.with(device(doc.command(), doc.top(), false, anyResult)));
        }
        // The reader and this class read the same shapes; should they ever differ, no run goes unjudged.
        while (out.size() < runs) {
            out.add(out.isEmpty() ? top : Status.FINE);
        }
        return List.copyOf(out.subList(0, runs));
    }

    /** What the top level of a document records for all its GPU runs. */
    private static Status top(MeasuringDocument doc) {
        List<String> failures = new ArrayList<>();
        List<String> noResult = new ArrayList<>();
        incomplete(doc.top(), "the run", noResult);
        if (doc.top().passed().equals(java.util.Optional.of(false)) && doc.unusable().isEmpty()) {
            failures.add("the document says the run did not pass (passed: false)");
        }
        if (doc.severalDevices()) {
            // A several-device document: its failures and expectations at the top are the whole run's.
            failures.addAll(failureEntries(doc.top()));
            failures.addAll(unmetExpectations(doc.top()));
        }
        return new Status(failures, noResult);
    }

    /** What one device's part of a document records: its results, failures, checks and completeness. */
    private static Status device(String command, MeasuringDocument.Part part, boolean entry, boolean anyResult) {
        List<String> failures = new ArrayList<>();
        List<String> noResult = new ArrayList<>();
        if (entry) {
            incomplete(part, "this GPU's run", noResult);
            if (part.passed().equals(java.util.Optional.of(false))) {
                failures.add("the GPU's run did not pass (passed: false)");
            }
        }
        failures.addAll(failureEntries(part));
        failures.addAll(unmetExpectations(part));
        MeasuringDocument.Results results = part.results();
        int judged = 0;
        for (MeasuringDocument.Row row : results.rows()) {
            if (row.judged()) {
                judged++;
            }
            failures.addAll(resultFailures(row.command().orElse(command), row));
        }
        if (judged == 0 && (!anyResult || command.equals("smoke"))) {
            noResult.add(switch (results.shape()) {
                case "list" -> results.rows().isEmpty() ? "no results (results: [])"
                        : "no results (no result holds a measured figure)";
                case "null", "missing" -> "no results (results: " + results.shape() + ")";
                default -> "no results (no result holds a measured figure)";
            });
        }
        if (command.equals("smoke")) {
            // smoke lists every check it made (link, copies, overlap, synchronized copies); a run that
            // stopped before them, or a document cut short, has no list or an empty one. (Whether the
            // copy-check scenarios ran is not asked: a quicker profile may leave them out.)
            if (part.checks().isEmpty() || part.checks().get().isEmpty()) {
                noResult.add("smoke did not finish its checks (" + (part.checks().isPresent() ? "checks: []" : "no checks list") + ")");
            } else {
                for (MeasuringDocument.SmokeCheck check : part.checks().get()) {
                    if (!check.passed()) {
                        failures.add("smoke check " + check.name() + " failed" + check.failure().map(why -> ": " + why).orElse(""));
                    }
                    check.contradiction().ifPresent(why -> failures.add("smoke check " + check.name()
                            + " says passed, but its figures contradict it: " + why));
                }
            }
        }
        return new Status(failures, noResult);
    }

    private static void incomplete(MeasuringDocument.Part part, String what, List<String> noResult) {
        if (!part.complete()) {
            noResult.add(what + " is incomplete (complete: false)" + part.stopped().map(why -> ": " + why).orElse(""));
        }
    }

    /** A result's own failure marks: unverified data, an error beyond tolerance, wrong synchronized trials. */
    private static List<String> resultFailures(String command, MeasuringDocument.Row result) {
        List<String> out = new ArrayList<>();
        String who = identity(command, result);
        if (result.verified().equals(java.util.Optional.of(false))) {
            out.add(who + " not verified: the copied data were wrong (verified: false)");
        }
        if (result.withinTolerance().equals(java.util.Optional.of(false))) {
            out.add(who + " error beyond tolerance (maxError " + result.maxError().map(String::valueOf).orElse("null") + ")");
        }
        long wrong = result.wrongTrials().orElse(0);
        if (command.equals("check") && result.synchronizedRun() && result.wrongTrials().isPresent() && wrong > 0) {
            out.add(who + ": " + wrong + " wrong trials of "
                    + (result.trials().isPresent() ? Long.toString(result.trials().getAsLong()) : "null")
                    + " where the run required none (synchronized)");
        } else if (command.equals("check") && result.verdict().equals(java.util.Optional.of("broken"))) {
            out.add(who + ": wrong data despite synchronization (verdict broken)");
        }
        return out;
    }

    private static String identity(String command, MeasuringDocument.Row result) {
        String prefix = command.equals("bandwidth") || command.equals("smoke") ? "" : command + " ";
        String named = prefix + String.join(".", result.naming());
        return prefix.isEmpty() && result.naming().isEmpty() ? command + " result" : named.strip();
    }

    private static List<String> failureEntries(MeasuringDocument.Part part) {
        return part.failures().stream().map(f -> "failure recorded: " + f).toList();
    }

    private static List<String> unmetExpectations(MeasuringDocument.Part part) {
        List<String> out = new ArrayList<>(part.expectations().stream().filter(e -> !e.passed())
                .map(e -> "expectation not met: " + e.line().orElse(e.expectation())).toList());
        for (MeasuringDocument.Expectation e : part.expectations()) {
            e.contradiction().ifPresent(why -> out.add("expectation " + e.expectation()
                    + " says passed, but its figures contradict it: " + why));
        }
        return out;
    }
}
