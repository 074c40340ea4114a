package dev.xfer.app.overlap;

/**
 * What overlap could give: each stage of the whole array timed alone, and the time N streams
 * would take if every stage overlapped perfectly with the others: the largest stage, plus the
 * other two divided by N (the first chunk's H2D and the last chunk's D2H cannot be hidden).
 */
public record OverlapModel(double h2dMs, double kernelMs, double d2hMs, int streams) {

    public double sequentialMs() {
        return h2dMs + kernelMs + d2hMs;
    }

    public double largestStageMs() {
        return Math.max(h2dMs, Math.max(kernelMs, d2hMs));
    }

    public double idealMs() {
        return largestStageMs() + (sequentialMs() - largestStageMs()) / streams;
    }

    /** ideal / measured: 1.0 means the schedule reached the model's ideal. */
    public double efficiency(double measuredMs) {
        return idealMs() / measuredMs;
    }
}
