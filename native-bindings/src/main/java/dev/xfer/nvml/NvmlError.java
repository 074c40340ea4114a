package dev.xfer.nvml;

/**
 * An NVML return code with its enum name and NVML's own description of it.
 *
 * @param code        the numeric {@code nvmlReturn_t}
 * @param name        the enum name, e.g. {@code NVML_ERROR_NOT_SUPPORTED}
 * @param description NVML's one-line description ({@code nvmlErrorString}), e.g. {@code Not Supported}
 */
public record NvmlError(int code, String name, String description) {

    /** A code named from the table alone, for when NVML cannot describe it (not loaded). */
    public static NvmlError named(int code) {
        return new NvmlError(code, NvmlReturn.name(code), "");
    }

    /** The GPU or driver cannot give this reading at all (an older GPU, a virtual GPU, ECC off). */
    public boolean meansNotSupported() {
        return name.equals("NVML_ERROR_NOT_SUPPORTED") || name.equals("NVML_ERROR_FUNCTION_NOT_FOUND");
    }

    /** This user may not read it (some readings need root). */
    public boolean meansNoPermission() {
        return name.equals("NVML_ERROR_NO_PERMISSION");
    }

    @Override
    public String toString() {
        return description.isEmpty() ? name : name + " (" + description + ")";
    }
}
