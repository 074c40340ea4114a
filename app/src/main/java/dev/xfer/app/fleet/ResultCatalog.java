package dev.xfer.app.fleet;

import dev.xfer.app.verdict.NoiseKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The result names a fleet has seen, each once, by a small id: members keep ids, not names. */
public final class ResultCatalog {
    /** What is the same for every run of one result. */
    public record Entry(String name, String unit, boolean higherIsBetter, NoiseKind kind) {
    }

    private final Map<String, Integer> ids = new HashMap<>();
    private final List<Entry> entries = new ArrayList<>();

    public int id(Measurement m) {
        Integer id = ids.get(m.name());
        if (id == null) {
            id = entries.size();
            ids.put(m.name(), id);
            entries.add(new Entry(m.name(), m.unit(), m.higherIsBetter(), NoiseKind.of(m.labels())));
        }
        return id;
    }

    public Entry entry(int id) {
        return entries.get(id);
    }

    public int size() {
        return entries.size();
    }
}
