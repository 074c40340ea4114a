package dev.xfer.app.bandwidth;

import dev.xfer.app.units.ByteSize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the copy kernel stops beating the copy engine, per memory kind and direction, over a size
 * sweep measured on both paths: the size below which the kernel is faster, or that it never is
 * (or always is). Pure arithmetic on medians, so the text report and the HTML report (which reads
 * documents) say the same thing.
 *
 * @param memory      the memory kind, {@code device} for d2d
 * @param direction   h2d, d2h, bidir-h2d, bidir-d2h or d2d
 * @param sizes       the sizes both paths measured, ascending
 * @param kernelFaster for each size, whether the kernel's median beat the driver's
 */
public record Crossover(String memory, String direction, List<Long> sizes, List<Boolean> kernelFaster) {

    /** One measured median: of which path, at which size; a kernel point per grid it ran with. */
    public record Point(String memory, String direction, CopyPath path, long bytes, double medianGbps) {
    }

    public Crossover {
        sizes = List.copyOf(sizes);
        kernelFaster = List.copyOf(kernelFaster);
    }

    /**
     * The crossovers of {@code points}: one per memory and direction that both the driver and
     * the kernel measured at two sizes at least. At each size the kernel counts with its best grid.
     */
    public static List<Crossover> of(List<Point> points) {
        Map<String, TreeMap<Long, double[]>> groups = new LinkedHashMap<>();
        for (Point p : points) {
            // Driver against the copy kernel only: staged, batch-api and TMA rows are neither's.
            if (p.path() != CopyPath.DRIVER && p.path() != CopyPath.KERNEL) {
                continue;
            }
            double[] both = groups.computeIfAbsent(p.memory() + "\t" + p.direction(), k -> new TreeMap<>())
                    .computeIfAbsent(p.bytes(), k -> new double[] {Double.NaN, Double.NaN});
            int i = p.path() == CopyPath.DRIVER ? 0 : 1;
            both[i] = Double.isNaN(both[i]) ? p.medianGbps() : Math.max(both[i], p.medianGbps());
        }
        List<Crossover> out = new ArrayList<>();
        groups.forEach((key, bySize) -> {
            List<Long> sizes = new ArrayList<>();
            List<Boolean> faster = new ArrayList<>();
            bySize.forEach((bytes, both) -> {
                if (!Double.isNaN(both[0]) && !Double.isNaN(both[1])) {
                    sizes.add(bytes);
                    faster.add(both[1] > both[0]);
                }
            });
            if (sizes.size() >= 2) {
                String[] parts = key.split("\t", 2);
                out.add(new Crossover(parts[0], parts[1], sizes, faster));
            }
        });
        return out;
    }

    /** The answer in words, e.g. {@code the kernel is faster below 1MiB (up to 512KiB; the copy engine from 1MiB)}. */
    public String describe() {
        String range = size(sizes.getFirst()) + ".." + size(sizes.getLast());
        long wins = kernelFaster.stream().filter(b -> b).count();
        if (wins == 0) {
            return "the kernel never beats the copy engine (" + range + ")";
        }
        if (wins == sizes.size()) {
            return "the kernel is faster at every size measured (" + range + ")";
        }
        int firstLoss = kernelFaster.indexOf(false);
        boolean prefix = firstLoss > 0 && kernelFaster.subList(firstLoss, sizes.size()).stream().noneMatch(b -> b);
        if (prefix) {
            return "the kernel is faster below " + size(sizes.get(firstLoss)) + " (up to " + size(sizes.get(firstLoss - 1))
                    + "; the copy engine from " + size(sizes.get(firstLoss)) + " to " + size(sizes.getLast()) + ")";
        }
        List<String> where = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            if (kernelFaster.get(i)) {
                where.add(size(sizes.get(i)));
            }
        }
        return "no single crossover: the kernel is faster at " + String.join(", ", where) + " only (" + range + ")";
    }

    private static String size(long bytes) {
        return ByteSize.ofBytes(bytes).format();
    }
}
