package dev.xfer.app.evidence;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Readings as a GPU machine gives them, for the decision tests (times in milliseconds). */
final class Readings {
    static final long MS = 1_000_000L;

    private Readings() {
    }

    /** A quiet H200: persistence on, boost clocks, idle reason only, Gen5 x16, {@code replays} so far, xfer alone. */
    static GpuSnapshot quiet(long ms, long ownPid, long replays) {
        return snapshot(ms, ClockEvents.GPU_IDLE, new LinkState(5, 16), replays,
                List.of(new ComputeProcess(ownPid, Optional.of("java"))));
    }

    static GpuSnapshot snapshot(long ms, long clockEvents, LinkState link, long replays, List<ComputeProcess> processes) {
        return new GpuSnapshot(Instant.EPOCH.plusMillis(ms), ms * MS, Reading.of(true), Reading.of(1980),
                Reading.of(3201), Reading.of(new ClockEvents(clockEvents)), Reading.of(link), Reading.of(replays),
                Reading.of(processes), Optional.empty());
    }

    static LinkSample bytes(long ms, long rx, long tx) {
        return LinkSample.bytes(ms * MS, rx, tx);
    }

    static Phase phase(String name, long fromMs, long toMs, GpuSnapshot start, GpuSnapshot end, long ownRx, long ownTx) {
        return new Phase(name, fromMs * MS, toMs * MS, start, end, Optional.of(new Phase.OwnBytes(ownRx, ownTx)));
    }
}
