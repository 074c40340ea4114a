package dev.xfer.cuda;

/**
 * A CUDA version as the runtime encodes it ({@code 1000 * major + 10 * minor}, e.g. 13000 = 13.0).
 * Zero from {@code cudaDriverGetVersion} means no driver is installed.
 */
public record CudaVersion(int encoded) {

    public int major() {
        return encoded / 1000;
    }

    public int minor() {
        return (encoded % 1000) / 10;
    }

    public boolean isPresent() {
        return encoded > 0;
    }

    @Override
    public String toString() {
        return isPresent() ? major() + "." + minor() : "none";
    }
}
