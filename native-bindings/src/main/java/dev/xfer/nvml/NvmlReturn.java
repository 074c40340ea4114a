package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;

import java.util.Map;

import static java.util.Map.entry;

/**
 * The names of NVML's return codes ({@code nvmlReturn_t}), read from the generated constants so
 * that a code is named even when NVML itself cannot be asked ({@code nvmlErrorString} needs the
 * library). Every checked call names its code through this table.
 */
public final class NvmlReturn {
    /** {@code NVML_SUCCESS}. */
    public static final int SUCCESS = nvml.NVML_SUCCESS();

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            entry(nvml.NVML_ERROR_ALREADY_INITIALIZED(), "NVML_ERROR_ALREADY_INITIALIZED"),
            entry(nvml.NVML_ERROR_ARGUMENT_VERSION_MISMATCH(), "NVML_ERROR_ARGUMENT_VERSION_MISMATCH"),
            entry(nvml.NVML_ERROR_CORRUPTED_INFOROM(), "NVML_ERROR_CORRUPTED_INFOROM"),
            entry(nvml.NVML_ERROR_DEPRECATED(), "NVML_ERROR_DEPRECATED"),
            entry(nvml.NVML_ERROR_DRIVER_NOT_LOADED(), "NVML_ERROR_DRIVER_NOT_LOADED"),
            entry(nvml.NVML_ERROR_FREQ_NOT_SUPPORTED(), "NVML_ERROR_FREQ_NOT_SUPPORTED"),
            entry(nvml.NVML_ERROR_FUNCTION_NOT_FOUND(), "NVML_ERROR_FUNCTION_NOT_FOUND"),
            entry(nvml.NVML_ERROR_GPU_IS_LOST(), "NVML_ERROR_GPU_IS_LOST"),
            entry(nvml.NVML_ERROR_GPU_NOT_FOUND(), "NVML_ERROR_GPU_NOT_FOUND"),
            entry(nvml.NVML_ERROR_INSUFFICIENT_POWER(), "NVML_ERROR_INSUFFICIENT_POWER"),
            entry(nvml.NVML_ERROR_INSUFFICIENT_RESOURCES(), "NVML_ERROR_INSUFFICIENT_RESOURCES"),
            entry(nvml.NVML_ERROR_INSUFFICIENT_SIZE(), "NVML_ERROR_INSUFFICIENT_SIZE"),
            entry(nvml.NVML_ERROR_INVALID_ARGUMENT(), "NVML_ERROR_INVALID_ARGUMENT"),
            entry(nvml.NVML_ERROR_INVALID_STATE(), "NVML_ERROR_INVALID_STATE"),
            entry(nvml.NVML_ERROR_IN_USE(), "NVML_ERROR_IN_USE"),
            entry(nvml.NVML_ERROR_IRQ_ISSUE(), "NVML_ERROR_IRQ_ISSUE"),
            entry(nvml.NVML_ERROR_LIBRARY_NOT_FOUND(), "NVML_ERROR_LIBRARY_NOT_FOUND"),
            entry(nvml.NVML_ERROR_LIB_RM_VERSION_MISMATCH(), "NVML_ERROR_LIB_RM_VERSION_MISMATCH"),
            entry(nvml.NVML_ERROR_MEMORY(), "NVML_ERROR_MEMORY"),
            entry(nvml.NVML_ERROR_NOT_FOUND(), "NVML_ERROR_NOT_FOUND"),
            entry(nvml.NVML_ERROR_NOT_READY(), "NVML_ERROR_NOT_READY"),
            entry(nvml.NVML_ERROR_NOT_SUPPORTED(), "NVML_ERROR_NOT_SUPPORTED"),
            entry(nvml.NVML_ERROR_NO_DATA(), "NVML_ERROR_NO_DATA"),
            entry(nvml.NVML_ERROR_NO_PERMISSION(), "NVML_ERROR_NO_PERMISSION"),
            entry(nvml.NVML_ERROR_OPERATING_SYSTEM(), "NVML_ERROR_OPERATING_SYSTEM"),
            entry(nvml.NVML_ERROR_RESET_REQUIRED(), "NVML_ERROR_RESET_REQUIRED"),
            entry(nvml.NVML_ERROR_RESET_TYPE_NOT_SUPPORTED(), "NVML_ERROR_RESET_TYPE_NOT_SUPPORTED"),
            entry(nvml.NVML_ERROR_TIMEOUT(), "NVML_ERROR_TIMEOUT"),
            entry(nvml.NVML_ERROR_UNINITIALIZED(), "NVML_ERROR_UNINITIALIZED"),
            entry(nvml.NVML_ERROR_UNKNOWN(), "NVML_ERROR_UNKNOWN"),
            entry(nvml.NVML_ERROR_VGPU_ECC_NOT_SUPPORTED(), "NVML_ERROR_VGPU_ECC_NOT_SUPPORTED"),
            entry(nvml.NVML_SUCCESS(), "NVML_SUCCESS"));

    private NvmlReturn() {
    }

    /**
     * The enum name of {@code code}, e.g. {@code NVML_ERROR_NOT_SUPPORTED}; a code newer than the
     * header xfer was generated from reads {@code NVML_RETURN_<code>}.
     */
    public static String name(int code) {
        return NAMES.getOrDefault(code, "NVML_RETURN_" + code);
    }

    /** How many codes the table names (for tests: every code of the header is here). */
    static int size() {
        return NAMES.size();
    }
}
