package dev.xfer.app.run;

import dev.xfer.app.evidence.GpuProbes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The devices a measuring run opened, each GPU's evidence recorded from its opening until the
 * results are written; kept so a run with --runs N can reset them before its next repetition.
 */
final class OpenedDevices {
    private final MeasuringRun.Devices devices;
    private final Supplier<GpuProbes> probes;

    /** Each opened GPU's evidence; made when the first GPU is opened. */
    private RunEvidence evidence;

    /** The devices opened since the run (or its repetition) started: reset before the next repetition. */
    private final List<Session> opened = new ArrayList<>();

    /** @param probes how each opened GPU's evidence is read, asked once a GPU is opened */
    OpenedDevices(MeasuringRun.Devices devices, Supplier<GpuProbes> probes) {
        this.devices = devices;
        this.probes = probes;
    }

    /** The one device of a single selection, opened. */
    Session single() {
        if (!devices.selection().isSingle()) {
            throw new IllegalStateException("--device " + devices.selection().label() + " is not one device");
        }
        return open(devices.selection().single());
    }

    /**
     * Every selected device opened, in order: {@code all} is resolved from the runtime's device
     * count; an index this machine lacks fails as opening it does (exit 3).
     */
    List<Session> selected() {
        List<Integer> indices = devices.selection().resolve(devices.count());
        List<Session> sessions = new ArrayList<>();
        for (int index : indices) {
            sessions.add(open(index));
        }
        return sessions;
    }

    /**
     * Device {@code index} opened, its GPU's evidence recorded and the session kept for a reset.
     * The evidence's probe opens (NVML) on its own thread before CUDA opens the device here: both
     * take long, and CUDA's start and context creation move nothing on the link, so they are the
     * window before the first configuration.
     */
    Session open(int index) {
        evidence().opening(index);
        Session session;
        try {
            session = devices.opener().apply(index);
        } catch (RuntimeException e) {
            evidence().notOpened(index);
            throw e;
        }
        evidence().opened(session);
        devices.createsContext().accept(session);
        evidence().setUp(index);
        opened.add(session);
        return session;
    }

    /** The evidence of the GPUs opened so far (none yet: an empty recording). */
    RunEvidence evidence() {
        if (evidence == null) {
            evidence = new RunEvidence(probes, false);
        }
        return evidence;
    }

    /** A repetition starts: its GPUs are recorded from their opening, judged with its own results. */
    void forgetEvidence() {
        evidence = null;
    }

    /** Resets each device opened so far once, so the next repetition gets a fresh context on it. */
    void resetOpened() {
        Set<Integer> done = new HashSet<>();
        for (Session s : opened) {
            if (done.add(s.device().index())) {
                s.device().reset();
            }
        }
        opened.clear();
    }
}
