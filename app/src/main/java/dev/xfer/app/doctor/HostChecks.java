package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The host's own settings: transparent huge pages and the CPU frequency governor. */
public final class HostChecks {
    private static final Pattern SELECTED = Pattern.compile("\\[([a-z+]+)]");

    private HostChecks() {
    }

    /**
     * {@code /sys/kernel/mm/transparent_hugepage/enabled}: with {@code never}, {@code pinned-huge}
     * memory gets no huge pages. A note: only that memory kind depends on it.
     *
     * @param enabled the file's text, such as {@code always [madvise] never}
     */
    public static Diagnosis transparentHugePages(Reading<String> enabled) {
        Cause cause = Cause.TRANSPARENT_HUGE_PAGES;
        Scope host = Scope.host();
        if (enabled instanceof Reading.Unknown<String> u) {
            return Diagnosis.unknown(cause, host, u.why());
        }
        String text = ((Reading.Known<String>) enabled).value();
        Matcher matcher = SELECTED.matcher(text);
        if (!matcher.find()) {
            return Diagnosis.unknown(cause, host, "no [selected] value in '" + text + "' (" + enabled.where() + ")");
        }
        String mode = matcher.group(1);
        Evidence evidence = new Evidence("transparent huge pages", mode, enabled.where());
        if (mode.equals("never")) {
            return Diagnosis.found(new Finding(cause, host, Severity.NOTE,
                    "transparent huge pages are off: pinned-huge host memory gets 4 KiB pages", List.of(evidence),
                    Optional.empty(), "echo madvise > " + enabled.where()));
        }
        return Diagnosis.clear(cause, host, "transparent huge pages: " + mode, evidence);
    }

    /**
     * The CPUs' {@code cpufreq/scaling_governor}: {@code powersave} lowers the clock that the staged
     * path's host copies and the driver's pageable copies run at.
     *
     * @param governors each CPU's governor; {@link Reading#where()} the folder they were read under
     */
    public static Diagnosis governor(Reading<Map<Integer, String>> governors) {
        Cause cause = Cause.CPU_GOVERNOR;
        Scope host = Scope.host();
        if (governors instanceof Reading.Unknown<Map<Integer, String>> u) {
            return Diagnosis.unknown(cause, host, u.why());
        }
        Map<Integer, String> read = ((Reading.Known<Map<Integer, String>>) governors).value();
        if (read.isEmpty()) {
            return Diagnosis.unknown(cause, host, "no CPU has a cpufreq governor (" + governors.where() + ")");
        }
        SortedMap<String, Integer> counts = new TreeMap<>();
        read.values().forEach(g -> counts.merge(g, 1, Integer::sum));
        Evidence evidence = new Evidence("scaling_governor", counts.toString().replace("{", "").replace("}", "")
                .replace('=', ':') + " CPUs", governors.where() + "/cpu*/cpufreq/scaling_governor");
        int saving = counts.getOrDefault("powersave", 0);
        if (saving > 0) {
            return Diagnosis.found(new Finding(cause, host, Severity.LOW,
                    saving + " of " + read.size() + " CPUs run the powersave governor: host copies (pageable, staged)"
                            + " run at lower clocks", List.of(evidence), Optional.empty(),
                    "cpupower frequency-set -g performance"));
        }
        return Diagnosis.clear(cause, host, "no CPU runs the powersave governor", evidence);
    }
}
