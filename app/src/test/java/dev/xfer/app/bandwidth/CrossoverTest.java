package dev.xfer.app.bandwidth;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the copy kernel stops beating the copy engine, from medians of a size sweep on both paths. */
class CrossoverTest {

    private static List<Crossover.Point> sweep(String direction, double[] driver, double[] kernel) {
        List<Crossover.Point> points = new ArrayList<>();
        for (int i = 0; i < driver.length; i++) {
            long bytes = 4096L << i;
            points.add(new Crossover.Point("pinned", direction, CopyPath.DRIVER, bytes, driver[i]));
            points.add(new Crossover.Point("pinned", direction, CopyPath.KERNEL, bytes, kernel[i]));
        }
        return points;
    }

    @Test
    void theKernelWinsSmallCopiesThenTheCopyEngine() {
        List<Crossover> c = Crossover.of(sweep("h2d", new double[] {1, 3, 9, 30, 50}, new double[] {2, 5, 10, 25, 45}));
        assertEquals(1, c.size());
        assertEquals("the kernel is faster below 32KiB (up to 16KiB; the copy engine from 32KiB to 64KiB)",
                c.getFirst().describe());
    }

    @Test
    void neverAndAlwaysAreSaidSo() {
        assertEquals("the kernel never beats the copy engine (4KiB..16KiB)",
                Crossover.of(sweep("d2h", new double[] {2, 4, 8}, new double[] {1, 4, 7})).getFirst().describe());
        assertEquals("the kernel is faster at every size measured (4KiB..16KiB)",
                Crossover.of(sweep("d2d", new double[] {2, 4, 8}, new double[] {3, 5, 9})).getFirst().describe());
    }

    @Test
    void noSingleCrossoverListsWhereTheKernelWins() {
        assertEquals("no single crossover: the kernel is faster at 8KiB, 32KiB only (4KiB..32KiB)",
                Crossover.of(sweep("h2d", new double[] {2, 4, 8, 9}, new double[] {1, 5, 7, 10})).getFirst().describe());
    }

    @Test
    void theKernelCountsWithItsBestGridAndStagedRowsAreLeftOut() {
        List<Crossover.Point> points = new ArrayList<>(sweep("h2d", new double[] {5, 50}, new double[] {1, 10}));
        points.add(new Crossover.Point("pinned", "h2d", CopyPath.KERNEL, 4096, 6));
        points.add(new Crossover.Point("pinned", "h2d", CopyPath.STAGED, 8192, 99));
        assertEquals("the kernel is faster below 8KiB (up to 4KiB; the copy engine from 8KiB to 8KiB)",
                Crossover.of(points).getFirst().describe());
    }

    @Test
    void batchApiRowsAreTheCopyEnginesNotTheKernels() {
        // The kernel never beats the driver here; a batch-api row faster than both must not count as the kernel.
        List<Crossover.Point> points = new ArrayList<>(sweep("h2d", new double[] {5, 50}, new double[] {1, 10}));
        points.add(new Crossover.Point("pinned", "h2d", CopyPath.BATCH_API, 4096, 99));
        points.add(new Crossover.Point("pinned", "h2d", CopyPath.BATCH_API, 8192, 99));
        assertEquals("the kernel never beats the copy engine (4KiB..8KiB)", Crossover.of(points).getFirst().describe());
    }

    @Test
    void oneSizeOrOnePathHasNoCrossover() {
        assertTrue(Crossover.of(sweep("h2d", new double[] {5}, new double[] {1})).isEmpty());
        assertTrue(Crossover.of(List.of(new Crossover.Point("pinned", "h2d", CopyPath.DRIVER, 1, 1),
                new Crossover.Point("pinned", "h2d", CopyPath.DRIVER, 2, 1))).isEmpty());
    }
}
