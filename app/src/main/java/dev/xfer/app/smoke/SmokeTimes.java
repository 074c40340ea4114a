package dev.xfer.app.smoke;

/**
 * Where one device's smoke run spent its wall time, in seconds: opening the device (the CUDA
 * context, the first time in a process), then each part. In a concurrent run {@code waited} is
 * the time spent waiting for another GPU's rate measurements to finish first.
 */
public record SmokeTimes(double open, double waited, double bandwidth, double overlap, double check) {
    public double total() {
        return open + waited + bandwidth + overlap + check;
    }

    /** As the document carries it under a device's {@code seconds}: each part, then the total. */
    public record Seconds(double open, double waited, double bandwidth, double overlap, double check, double total) {
    }

    public Seconds written() {
        return new Seconds(open, waited, bandwidth, overlap, check, total());
    }
}
