package dev.xfer.app.pipeline;

/**
 * One batch's stages timed alone, and what B batches should take: all stages one after another
 * with one buffer, or, with two or more, the larger of copying (H2D + D2H) and computing per
 * batch, as the double-buffering write-up models it. Two copy engines can also overlap H2D with
 * D2H, so a run can beat this "ideal".
 */
public record PipelineModel(double h2dMs, double kernelMs, double d2hMs, int batches, int buffers) {

    public double copyMs() {
        return h2dMs + d2hMs;
    }

    public double sequentialMs() {
        return batches * (copyMs() + kernelMs);
    }

    public double idealMs() {
        return buffers == 1 ? sequentialMs() : batches * Math.max(copyMs(), kernelMs);
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
