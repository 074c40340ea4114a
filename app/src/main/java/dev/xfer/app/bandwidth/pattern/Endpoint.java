package dev.xfer.app.bandwidth.pattern;

/**
 * One end of a planned copy: GPU {@code gpu}'s memory, or page-locked host memory allocated for
 * GPU {@code gpu} (one buffer per GPU, so no two copies share host pages).
 */
public record Endpoint(boolean host, int gpu) {
    public Endpoint {
        if (gpu < 0) {
            throw new IllegalArgumentException("no GPU " + gpu);
        }
    }

    public static Endpoint device(int gpu) {
        return new Endpoint(false, gpu);
    }

    public static Endpoint hostFor(int gpu) {
        return new Endpoint(true, gpu);
    }

    @Override
    public String toString() {
        return host ? "host(" + gpu + ")" : "gpu" + gpu;
    }
}
