package dev.xfer.app.cli;

import dev.xfer.app.evidence.GpuProbes;
import dev.xfer.app.run.Activity;
import dev.xfer.app.run.StopRequest;
import dev.xfer.cuda.CudaRuntime;

import java.time.Duration;
import java.util.Optional;

/**
 * What a command needs from xfer's global options and the run they describe. Commands see the root
 * command through this (their {@code @ParentCommand}, or the root's user object), so commands/
 * does not depend on the class that lists the commands, and the two packages have no import loop.
 */
public interface GlobalOptions {

    /** The CUDA runtime, loaded on first use, once per run ({@code --cudart} or the usual search). */
    CudaRuntime cuda();

    /** What the run is doing now, for the time limit's message. */
    Activity activity();

    /** {@code --verbose}: stack traces on failure. */
    boolean verbose();

    /** {@code --timeout}, if given. */
    Optional<Duration> timeout();

    /**
     * Whether the run was asked to stop (a signal, the time limit), read at the measuring safe
     * points. By default a request nothing ever makes: a run that cannot be stopped early.
     */
    default StopRequest stop() {
        return new StopRequest();
    }

    /** {@code --label}, if given: carried in every results document's context. */
    Optional<String> label();

    /**
     * How to read each GPU's circumstances for the evidence every measuring document carries (NVML).
     * By default probes that read nothing: a root made without them (tests) records
     * {@code evidence: "unavailable: ..."}, which is never a failure.
     */
    default GpuProbes probes() {
        return GpuProbes.unavailable("no GPU probe was given to this run");
    }
}
