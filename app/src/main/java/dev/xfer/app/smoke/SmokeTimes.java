package dev.xfer.app.smoke;

import dev.xfer.app.format.Json;

import java.util.Map;

/**
 * Where one device's smoke run spent its wall time, in seconds: opening the device (the CUDA
 * context, the first time in a process), then each part. In a concurrent run {@code waited} is
 * the time spent waiting for another GPU's rate measurements to finish first.
 */
public record SmokeTimes(double open, double waited, double bandwidth, double overlap, double check) {
    public double total() {
        return open + waited + bandwidth + overlap + check;
    }

    public Map<String, Object> toJson() {
        return Json.object("open", open, "waited", waited, "bandwidth", bandwidth, "overlap", overlap, "check", check,
                "total", total());
    }
}
