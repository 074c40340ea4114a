package dev.xfer.app.bandwidth;

import dev.xfer.cuda.HostMemoryKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The copy paths as one list of definitions: what each says of itself, as the rest of the code asks it. */
class CopyPathRegistryTest {
    @Test
    void everyLabelParsesBackAndTheErrorNamesEveryPathInOrder() {
        for (CopyPath path : CopyPath.values()) {
            assertEquals(path, CopyPath.fromLabel(" " + path.label().toUpperCase(java.util.Locale.ROOT) + " "));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CopyPath.fromLabel("dma"));
        assertEquals("--copy takes driver, staged, kernel, batch-api or tma, not 'dma'", e.getMessage());
    }

    @Test
    void eachPathSaysItsReachAndRows() {
        assertEquals(List.of(CopyPath.KERNEL, CopyPath.TMA),
                List.of(CopyPath.values()).stream().filter(CopyPath::launchesGrid).toList());
        assertEquals(List.of(CopyPath.BATCH_API),
                List.of(CopyPath.values()).stream().filter(CopyPath::splitsIntoPieces).toList());
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.KERNEL),
                List.of(CopyPath.values()).stream().filter(CopyPath::measuresBidir).toList());
        assertEquals(List.of(CopyPath.DRIVER),
                List.of(CopyPath.values()).stream().filter(p -> !p.namedInLabels()).toList());
        assertEquals(List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA),
                List.of(CopyPath.values()).stream().filter(CopyPath::measuresPeers).toList());
        for (HostMemoryKind memory : HostMemoryKind.values()) {
            assertEquals(!memory.isPageLocked(), CopyPath.STAGED.appliesTo(memory), memory.label());
            assertEquals(memory.allowsAsyncCopies(), CopyPath.BATCH_API.appliesTo(memory), memory.label());
            assertTrue(CopyPath.DRIVER.appliesTo(memory));
        }
        assertFalse(CopyPath.BATCH_API.appliesTo(HostMemoryKind.HEAP));
    }

    @Test
    void aPathRefusesAPlanItCannotMeasure() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CopyPath.STAGED.checkPlan(
                List.of(1L << 20), List.of(HostMemoryKind.PAGEABLE), List.of(CopyDirection.P2P), List.of(1)));
        assertEquals("--copy staged measures h2d and d2h, and --direction has neither", e.getMessage());
        for (CopyPath path : List.of(CopyPath.DRIVER, CopyPath.KERNEL, CopyPath.TMA)) {
            path.checkPlan(List.of(1L << 20), List.of(HostMemoryKind.PINNED), List.of(CopyDirection.P2P), List.of(1));
        }
    }

    /** A grid path's kernel and grid are its own; a path the copy engine or the staging lanes run has neither. */
    @Test
    void gridPathsSayTheirGridAndTheOthersHaveNone() {
        assertEquals(LaunchShape.ofBlocks(132), CopyPath.KERNEL.grid(132));
        assertEquals(new LaunchShape(132, LaunchShape.TMA_THREADS_PER_BLOCK), CopyPath.TMA.grid(132));
        for (CopyPath path : List.of(CopyPath.values()).stream().filter(p -> !p.launchesGrid()).toList()) {
            assertThrows(IllegalStateException.class, () -> path.grid(1), path.label());
            assertThrows(IllegalStateException.class, () -> path.launch(null), path.label());
        }
    }
}
