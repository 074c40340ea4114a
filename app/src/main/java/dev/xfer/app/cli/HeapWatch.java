package dev.xfer.app.cli;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A daemon thread that reads the collectors' time and the old generation's occupancy four times a
 * second and, once {@link GcThrash} says the heap is thrashing, runs {@code onThrash} (one line and
 * exit 5, as an {@link OutOfMemoryError} does). Without it a heap a little too small for the input
 * collected for a minute before the error came, or never: a collection that frees a little each
 * time lets the run crawl on.
 */
public final class HeapWatch {
    static final long PERIOD_MILLIS = 250;
    static final long START_MILLIS = 1000;

    private HeapWatch() {
    }

    /**
     * Starts the watch, {@code onThrash} given the line to print. The management beans are looked
     * up on the watch's own thread after {@link #START_MILLIS}: a command that ends sooner (most
     * do) never loads them, and none that thrashes is done by then.
     */
    public static void start(Consumer<String> onThrash) {
        Thread watch = new Thread(() -> watch(onThrash), "xfer-heap-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private static void watch(Consumer<String> onThrash) {
        GcThrash rule = new GcThrash();
        try {
            Thread.sleep(START_MILLIS);
            // None where the JVM names no old generation to read: then nothing changes.
            Optional<MemoryPoolMXBean> found = oldGeneration();
            if (found.isEmpty()) {
                return;
            }
            MemoryPoolMXBean old = found.get();
            List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
            // The collectors of the old generation: Serial's MarkSweepCompact (its Copy collects the young one alone).
            List<GarbageCollectorMXBean> full = collectors.stream()
                    .filter(c -> List.of(c.getMemoryPoolNames()).contains(old.getName()))
                    .filter(c -> !c.getName().contains("Young") && !c.getName().equals("Copy")
                            && !c.getName().contains("Scavenge"))
                    .toList();
            while (true) {
                Thread.sleep(PERIOD_MILLIS);
                long gc = 0;
                for (GarbageCollectorMXBean c : collectors) {
                    gc += Math.max(0, c.getCollectionTime());
                }
                long fullCollections = 0;
                for (GarbageCollectorMXBean c : full) {
                    fullCollections += Math.max(0, c.getCollectionCount());
                }
                MemoryUsage after = old.getCollectionUsage();
                double occupancy = after == null || after.getMax() <= 0 ? 0 : (double) after.getUsed() / after.getMax();
                if (rule.observe(System.nanoTime(), gc, fullCollections, occupancy)) {
                    onThrash.accept(rule.line());
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (LinkageError e) {
            // A runtime without java.management (not xfer's own): no watch, as before it.
        }
    }

    /** The heap pool that holds what survives (Serial's Tenured Gen, G1's and Parallel's Old Gen). */
    static Optional<MemoryPoolMXBean> oldGeneration() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported())
                .filter(p -> p.getName().contains("Tenured") || p.getName().contains("Old"))
                .findFirst();
    }
}
