package dev.xfer.app.output;

import dev.xfer.app.format.CsvRecords;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A measuring command's CSV ({@link ResultCsv}) read back as rows of column name to cell, for tests. */
public record CsvRows(List<String> header, List<Map<String, String>> rows) {

    public static CsvRows of(String csv) {
        List<List<String>> records = CsvRecords.parse(csv);
        List<String> header = records.getFirst();
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> cells : records.subList(1, records.size())) {
            if (cells.size() != header.size()) {
                throw new IllegalArgumentException("a row of " + cells.size() + " cells under " + header.size()
                        + " columns: " + cells);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < cells.size(); i++) {
                row.put(header.get(i), cells.get(i));
            }
            rows.add(row);
        }
        return new CsvRows(header, rows);
    }

    /**
     * Asserts that {@code csv} is {@code results} row for row: the fixed header, then each result's
     * device, identity key, name and median as its record holds them.
     */
    public static CsvRows assertMirrors(String csv, int device, RunResults results) {
        CsvRows rows = of(csv);
        if (!rows.header().equals(ResultCsv.header())) {
            throw new AssertionError("header " + rows.header());
        }
        if (rows.rows().size() != results.results().size()) {
            throw new AssertionError(rows.rows().size() + " rows for " + results.results().size() + " results");
        }
        List<String> keys = dev.xfer.app.result.Identity.csvHeader();
        for (int i = 0; i < rows.rows().size(); i++) {
            Map<String, String> row = rows.rows().get(i);
            RunResult r = results.results().get(i);
            List<String> key = keys.stream().map(row::get).toList();
            if (!row.get("device").equals(Integer.toString(device)) || !row.get("name").equals(r.name())
                    || !key.equals(r.result().identity().csvKey())
                    || !row.get("median").equals(median(r.measured().shown().measured().map(s -> s.median()).orElse(Double.NaN)))) {
                throw new AssertionError("row " + i + " " + row + " against " + r);
            }
        }
        return rows;
    }

    /** A median as the CSV writes it: no figure (NaN) is an empty cell. */
    private static String median(double median) {
        return Double.isNaN(median) ? "" : Double.toString(median);
    }

    /** The one row whose {@code name} column is {@code name}. */
    public Map<String, String> named(String name) {
        List<Map<String, String>> found = rows.stream().filter(r -> r.get("name").equals(name)).toList();
        if (found.size() != 1) {
            throw new AssertionError(found.size() + " rows named " + name + " in " + rows);
        }
        return found.getFirst();
    }
}
