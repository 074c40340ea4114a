package dev.xfer.app.evidence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * How long each kind of NVML call took, added up over a run: the evidence's own cost, written in
 * the document ({@code evidence.readingCost}) so every run says what watching it cost. Safe to use
 * from the recorder's reading thread and the measuring thread at once.
 */
public final class CallTimes {
    private final Map<String, long[]> byCall = new LinkedHashMap<>();

    /** Runs {@code call}, counting it and its time under {@code name} (also when it throws). */
    public <T> T time(String name, Supplier<T> call) {
        long began = System.nanoTime();
        try {
            return call.get();
        } finally {
            add(name, System.nanoTime() - began);
        }
    }

    synchronized void add(String name, long nanos) {
        long[] t = byCall.computeIfAbsent(name, k -> new long[3]);
        t[0]++;
        t[1] += nanos;
        t[2] = Math.max(t[2], nanos);
    }

    /** Each call's count and times so far, in the order first called. */
    public synchronized List<Call> calls() {
        List<Call> out = new ArrayList<>();
        byCall.forEach((name, t) -> out.add(new Call(name, t[0], millis(t[1]), millis(t[2]))));
        return out;
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1e4) / 100.0;
    }

    /**
     * One kind of call over the run.
     *
     * @param call  the NVML function(s) behind it: {@code nvmlDeviceGetPcieThroughput (rx, tx)}
     * @param ms    all its calls together, milliseconds
     * @param maxMs the longest single call
     */
    public record Call(String call, long count, double ms, double maxMs) {
    }
}
