package dev.xfer.app.check;

import dev.xfer.app.format.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The check report as JSON values and CSV. */
public final class CheckJson {
    private CheckJson() {
    }

    public static Map<String, Object> parameters(CheckPlan plan) {
        return Json.object("elements", plan.elements(), "bytes", plan.bytes(), "trials", plan.trials(),
                "memory", plan.memory().label(), "period", CheckPlan.PERIOD, "readers", plan.readers(),
                "scenarios", plan.scenarios().stream().map(CheckScenario::id).toList());
    }

    public static List<Object> results(CheckResults report) {
        List<Object> rows = new ArrayList<>();
        for (CheckResult r : report.results()) {
            rows.add(Json.object("scenario", r.scenario().id(), "synchronized", r.scenario().isSynchronized(),
                    "trials", r.trials(), "copyInFlightTrials", r.inFlightTrials(), "wrongTrials", r.wrongTrials(), "staleMean", r.staleMean(),
                    "staleWorst", r.staleWorst(), "staleFractionWorst", r.staleFractionWorst(),
                    "maxError", Double.isFinite(r.maxError()) ? r.maxError() : null,
                    "poisonSeen", Double.isInfinite(r.maxError()),
                    "verdict", r.conclusion().name().toLowerCase(java.util.Locale.ROOT),
                    "seconds", seconds(r.times())));
        }
        return rows;
    }


    /** Where the scenario's time went, summed over its trials (all 0 when not timed). */
    private static Map<String, Object> seconds(CheckTimes t) {
        return Json.object("total", t.total(), "prepare", t.prepare(), "copy", t.copy(), "hostAccess", t.hostAccess(),
                "verify", t.verify());
    }
}
