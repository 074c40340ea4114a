package dev.xfer.app.fleet;

import dev.xfer.app.verdict.DocumentStatus.Status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The GPU runs of a fleet, gathered one document at a time: each {@link GpuRun} is turned into a
 * {@link FleetMember} and let go. Repeated text (host names, models, file folders) is kept once.
 */
public final class FleetMembers {
    private final ResultCatalog catalog = new ResultCatalog();
    private final List<FleetMember> members = new ArrayList<>();
    private final Map<String, String> texts = new HashMap<>();
    private final LinkedHashSet<String> files = new LinkedHashSet<>();

    public void add(GpuRun run, Status status) {
        List<Measurement> ms = run.measurements();
        int[] ids = new int[ms.size()];
        double[] values = new double[ms.size()];
        double[] spreads = new double[ms.size()];
        Integer[] order = new Integer[ms.size()];
        for (int i = 0; i < ms.size(); i++) {
            ids[i] = catalog.id(ms.get(i));
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(ids[a], ids[b]));
        int[] sortedIds = new int[ms.size()];
        int kept = 0;
        for (Integer i : order) {
            // A name measured twice in one run (it should not be): the first is the one kept, as GpuRun.measurement does.
            if (kept > 0 && sortedIds[kept - 1] == ids[i]) {
                continue;
            }
            sortedIds[kept] = ids[i];
            values[kept] = ms.get(i).median();
            spreads[kept] = ms.get(i).allocationSpread();
            kept++;
        }
        String file = run.file().toString();
        files.add(file);
        members.add(new FleetMember(members.size(), text(file), text(run.host()), run.label().map(this::text), text(run.name()),
                run.uuid(), text(run.busId()), run.index(), run.link(), run.unusable(), status,
                Arrays.copyOf(sortedIds, kept), Arrays.copyOf(values, kept), Arrays.copyOf(spreads, kept),
                UnstablePlacement.of(List.of(run)), run.repetition(), run.disturbances()));
    }

    private String text(String value) {
        return texts.computeIfAbsent(value, v -> v);
    }

    public ResultCatalog catalog() {
        return catalog;
    }

    public List<FleetMember> members() {
        return members;
    }

    public int documents() {
        return files.size();
    }

    /** For tests and small callers: every run with a clean status. */
    public static FleetMembers of(List<GpuRun> runs) {
        FleetMembers out = new FleetMembers();
        runs.forEach(r -> out.add(r, Status.FINE));
        return out;
    }
}
