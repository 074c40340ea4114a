package dev.xfer.app.pipeline;

/**
 * One batch's stages timed alone, and what B batches should take: all stages one after another
 * with one buffer, or, with two or more, the larger of copying and computing per batch, as the
 * double-buffering write-up models it. Copying is H2D + D2H on a device with one copy engine;
 * with two or more, H2D and D2H run at the same time, so it is the larger of the two.
 */
public record PipelineModel(double h2dMs, double kernelMs, double d2hMs, int batches, int buffers, int copyEngines) {

    /** One copy engine: the write-up's model. */
    public PipelineModel(double h2dMs, double kernelMs, double d2hMs, int batches, int buffers) {
        this(h2dMs, kernelMs, d2hMs, batches, buffers, 1);
    }

    /** All of one batch's copy time, whether or not the copies can overlap each other. */
    public double copyMs() {
        return h2dMs + d2hMs;
    }

    /** The time one batch's copies take on this device's copy engines. */
    public double copyWallMs() {
        return copyEngines >= 2 ? Math.max(h2dMs, d2hMs) : copyMs();
    }

    public double sequentialMs() {
        return batches * (copyMs() + kernelMs);
    }

    public double idealMs() {
        return buffers == 1 ? sequentialMs() : batches * Math.max(copyWallMs(), kernelMs);
    }

    /**
     * The share of all copy time that no longer adds to the total: (sequential - measured) over
     * the copy time of all batches, between 0 and 1.
     */
    public double hiddenCopyFraction(double measuredMs) {
        double allCopies = batches * copyMs();
        if (allCopies <= 0) {
            return 0;
        }
        return Math.max(0, Math.min(1, (sequentialMs() - measuredMs) / allCopies));
    }
}
