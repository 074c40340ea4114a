package dev.xfer.app.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a parsed document says about itself apart from its numbers: whether it recorded a failure,
 * and whether it holds a result at all. Numbers can look healthy in a document whose data were
 * wrong or whose run stopped half way, so fleet and compare ask this before they look at numbers.
 *
 * <p>One {@link Status} per GPU run, in the order the document reader returns them: one for a
 * one-device document, one per entry of {@code devices} for a several-device one (smoke's shape
 * too). What the top level records (its {@code passed}, {@code failures}, {@code expectations},
 * {@code complete}) applies to every GPU run of the document.
 */
public final class DocumentStatus {
    /** The commands whose documents carry GPU results; any other command is no result. */
    public static final Set<String> MEASURING = Set.of("bandwidth", "overlap", "check", "batch", "pipeline", "smoke", "latency");

    private DocumentStatus() {
    }

    /** How a GPU run's document stands. FAIL outranks NO RESULT: a named failure says more. */
    public enum State {
        PASS("PASS"), NO_RESULT("NO RESULT"), FAIL("FAIL");

        private final String text;

        State(String text) {
            this.text = text;
        }

        public String text() {
            return text;
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
    public static boolean measuring(Map<?, ?> doc) {
        return doc.get("command") instanceof String c && MEASURING.contains(c);
    }

    /**
     * The status of a document that yields no GPU run to read: an unknown command, or a measuring
     * command's document without {@code context} or {@code devices} (a smoke run that measured
     * no GPU and did not say why).
     */
    public static Status withoutRuns(Map<?, ?> doc) {
        String command = doc.get("command") instanceof String c ? c : "?";
        if (!MEASURING.contains(command)) {
            return new Status(List.of(), List.of("unknown command '" + command + "': no results xfer can judge"));
        }
        Status top = top(doc);
        return top.with(new Status(List.of(), List.of("no results: the " + command + " document holds no GPU run")));
    }

    /**
     * One status per GPU run of a document the reader can read.
     *
     * @param runs how many GPU runs the reader returned for it
     */
    public static List<Status> of(Map<?, ?> doc, int runs) {
        if (repetitions(doc)) {
            // --runs N: each repetition's document as it is, then the whole run's top (stopped between
            // two repetitions) with the first GPU run, as a several-device document's top goes.
            List<Status> out = new ArrayList<>();
            for (Object r : (List<?>) doc.get("runs")) {
                if (r instanceof Map<?, ?> run) {
                    out.addAll(of(run, severalDevices(run) ? ((List<?>) run.get("devices")).size() : 1));
                }
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
        String command = doc.get("command") instanceof String c ? c : "?";
        Status top = top(doc);
        if (doc.get("unusable") instanceof String) {
            return List.of(top);
        }
        List<Status> out = new ArrayList<>();
        boolean anyResult = hasResults(doc);
        if (severalDevices(doc)) {
            // What the top level records is the whole run's: it goes with the first GPU run, once, so a
            // node's line names it once; the node fails all the same.
            for (Object device : (List<?>) doc.get("devices")) {
                Status own = device instanceof Map<?, ?> d ? device(command, d, true, anyResult) : Status.FINE;
                out.add(out.isEmpty() ? top.with(own) : own);
            }
        } else {
            out.add(top.with(device(command, doc, false, anyResult)));
        }
        // The reader and this class read the same shapes; should they ever differ, no run goes unjudged.
        while (out.size() < runs) {
            out.add(out.isEmpty() ? top : Status.FINE);
        }
        return List.copyOf(out.subList(0, runs));
    }

    /**
     * Whether any part of the document holds a measured figure: a device's results, or the sections
     * a several-device bandwidth run keeps at the top ({@code p2p}, {@code concurrent}, {@code patterns}).
     */
    private static boolean hasResults(Map<?, ?> doc) {
        for (String section : List.of("p2p", "concurrent", "patterns", "results")) {
            if (doc.get(section) instanceof List<?> list && list.stream().anyMatch(r -> r instanceof Map<?, ?> m && judged(m))) {
                return true;
            }
        }
        if (severalDevices(doc)) {
            for (Object device : (List<?>) doc.get("devices")) {
                if (device instanceof Map<?, ?> d && d.get("results") instanceof List<?> list
                        && list.stream().anyMatch(r -> r instanceof Map<?, ?> m && judged(m))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A result with a figure to judge: a summary (an object with a median), or a check's tally. */
    private static boolean judged(Map<?, ?> result) {
        return hasSummary(result) || result.get("wrongTrials") instanceof Number
                || result.get("gpus") instanceof List<?> gpus && gpus.stream().anyMatch(g -> g instanceof Map<?, ?> m && hasSummary(m));
    }

    /** The shape of a document written with --runs N: {@code runs}, each repetition's document. */
    public static boolean repetitions(Map<?, ?> doc) {
        return !doc.containsKey("context") && !doc.containsKey("devices") && doc.get("runs") instanceof List<?> runs
                && !runs.isEmpty();
    }

    /** The shape the document reader reads as one GPU run per {@code devices} entry. */
    private static boolean severalDevices(Map<?, ?> doc) {
        return doc.get("devices") instanceof List<?> devices && !devices.isEmpty()
                && devices.getFirst() instanceof Map<?, ?> first && first.containsKey("context");
    }

    /** What the top level of a document records for all its GPU runs. */
    private static Status top(Map<?, ?> doc) {
        List<String> failures = new ArrayList<>();
        List<String> noResult = new ArrayList<>();
        incomplete(doc, "the run", noResult);
        if (Boolean.FALSE.equals(doc.get("passed")) && !(doc.get("unusable") instanceof String)) {
            failures.add("the document says the run did not pass (passed: false)");
        }
        if (severalDevices(doc)) {
            // A several-device document: its failures and expectations at the top are the whole run's.
            failures.addAll(failureEntries(doc.get("failures")));
            failures.addAll(unmetExpectations(doc.get("expectations")));
        }
        return new Status(failures, noResult);
    }

    /** What one device's part of a document records: its results, failures, checks and completeness. */
    private static Status device(String command, Map<?, ?> part, boolean entry, boolean anyResult) {
        List<String> failures = new ArrayList<>();
        List<String> noResult = new ArrayList<>();
        if (entry) {
            incomplete(part, "this GPU's run", noResult);
            if (Boolean.FALSE.equals(part.get("passed"))) {
                failures.add("the GPU's run did not pass (passed: false)");
            }
        }
        failures.addAll(failureEntries(part.get("failures")));
        failures.addAll(unmetExpectations(part.get("expectations")));
        Object results = part.get("results");
        int judged = 0;
        if (results instanceof List<?> list) {
            for (Object r : list) {
                if (!(r instanceof Map<?, ?> result)) {
                    continue;
                }
                String source = result.get("command") instanceof String c ? c : command;
                if (judged(result)) {
                    judged++;
                }
                failures.addAll(resultFailures(source, result));
            }
        }
        if (judged == 0 && (!anyResult || command.equals("smoke"))) {
            noResult.add(results instanceof List<?> l && l.isEmpty() ? "no results (results: [])"
                    : results == null ? "no results (results: " + (part.containsKey("results") ? "null" : "missing") + ")"
                    : "no results (no result holds a measured figure)");
        }
        if (command.equals("smoke")) {
            // smoke lists every check it made (link, copies, overlap, synchronized copies); a run that
            // stopped before them, or a document cut short, has no list or an empty one. (Whether the
            // copy-check scenarios ran is not asked: a quicker profile may leave them out.)
            if (!(part.get("checks") instanceof List<?> checks) || checks.isEmpty()) {
                noResult.add("smoke did not finish its checks (" + (part.get("checks") instanceof List<?> ? "checks: []" : "no checks list") + ")");
            } else {
                for (Object c : checks) {
                    if (c instanceof Map<?, ?> check && Boolean.FALSE.equals(check.get("passed"))) {
                        failures.add("smoke check " + check.get("name") + " failed"
                                + (check.get("failure") instanceof String why ? ": " + why : ""));
                    }
                }
            }
        }
        return new Status(failures, noResult);
    }

    private static void incomplete(Map<?, ?> doc, String what, List<String> noResult) {
        if (Boolean.FALSE.equals(doc.get("complete"))) {
            String why = doc.get("stopped") instanceof Map<?, ?> stopped && stopped.get("message") instanceof String line
                    ? ": " + line : doc.get("stopped") instanceof String s ? ": " + s : "";
            noResult.add(what + " is incomplete (complete: false)" + why);
        }
    }

    private static boolean hasSummary(Map<?, ?> result) {
        for (Object v : result.values()) {
            if (v instanceof Map<?, ?> m && m.get("median") instanceof Number) {
                return true;
            }
        }
        return false;
    }

    /** A result's own failure marks: unverified data, an error beyond tolerance, wrong synchronized trials. */
    private static List<String> resultFailures(String command, Map<?, ?> result) {
        List<String> out = new ArrayList<>();
        String who = identity(command, result);
        if (Boolean.FALSE.equals(result.get("verified"))) {
            out.add(who + " not verified: the copied data were wrong (verified: false)");
        }
        if (Boolean.FALSE.equals(result.get("withinTolerance"))) {
            out.add(who + " error beyond tolerance (maxError " + result.get("maxError") + ")");
        }
        if (command.equals("check") && Boolean.TRUE.equals(result.get("synchronized"))
                && result.get("wrongTrials") instanceof Number wrong && wrong.longValue() > 0) {
            out.add(who + ": " + wrong + " wrong trials of " + result.get("trials") + " where the run required none (synchronized)");
        } else if (command.equals("check") && "broken".equals(result.get("verdict"))) {
            out.add(who + ": wrong data despite synchronization (verdict broken)");
        }
        return out;
    }

    private static String identity(String command, Map<?, ?> result) {
        StringBuilder out = new StringBuilder(command.equals("bandwidth") || command.equals("smoke") ? "" : command + " ");
        for (String field : List.of("scenario", "schedule", "strategy", "memory", "copy", "direction", "bytes")) {
            Object value = result.get(field);
            if (value instanceof String || value instanceof Number) {
                out.append(out.isEmpty() || out.charAt(out.length() - 1) == ' ' ? "" : ".")
                        .append(field.equals("bytes") && value instanceof Long b ? dev.xfer.app.units.ByteSize.ofBytes(b).format() : value);
            }
        }
        return out.isEmpty() ? command + " result" : out.toString().strip();
    }

    private static List<String> failureEntries(Object failures) {
        List<String> out = new ArrayList<>();
        if (failures instanceof List<?> list) {
            for (Object f : list) {
                out.add("failure recorded: " + describe(f));
            }
        }
        return out;
    }

    private static String describe(Object failure) {
        if (failure instanceof Map<?, ?> m) {
            if (m.get("configuration") instanceof String c && m.containsKey("offset")) {
                return c + ": wrong byte at offset " + m.get("offset") + " (expected " + m.get("expected") + ", got " + m.get("actual") + ")";
            }
            for (String key : List.of("line", "message", "summary", "reason", "what")) {
                if (m.get(key) instanceof String s) {
                    return s;
                }
            }
            List<String> parts = new ArrayList<>();
            m.forEach((k, v) -> {
                if (!(v instanceof Map<?, ?>) && !(v instanceof List<?>) && parts.size() < 5) {
                    parts.add(k + " " + v);
                }
            });
            return String.join(", ", parts);
        }
        return String.valueOf(failure);
    }

    private static List<String> unmetExpectations(Object expectations) {
        List<String> out = new ArrayList<>();
        if (expectations instanceof List<?> list) {
            for (Object e : list) {
                if (e instanceof Map<?, ?> m && Boolean.FALSE.equals(m.get("passed"))) {
                    out.add("expectation not met: " + (m.get("line") instanceof String line ? line : m.get("expectation")));
                }
            }
        }
        return out;
    }
}
