package dev.xfer.nvml;

import dev.xfer.nvml.generated.nvml;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NvmlReturnTest {

    /** The return-code constants the bindings carry: NVML_SUCCESS and every NVML_ERROR_*. */
    private static List<Method> returnCodes() {
        return Arrays.stream(nvml.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0
                        && m.getReturnType() == int.class
                        && (m.getName().equals("NVML_SUCCESS") || m.getName().startsWith("NVML_ERROR_")))
                .toList();
    }

    @Test
    void everyReturnCodeOfTheHeaderIsNamedByItsOwnName() throws ReflectiveOperationException {
        List<Method> codes = returnCodes();
        assertTrue(codes.size() >= 30, "the includes list binds the return codes: " + codes.size());
        for (Method code : codes) {
            assertEquals(code.getName(), NvmlReturn.name((int) code.invoke(null)));
        }
        assertEquals(codes.size(), NvmlReturn.size(), "the table names exactly the bound codes");
    }

    @Test
    void aCodeNewerThanTheHeaderIsStillNamed() {
        assertEquals("NVML_RETURN_12345", NvmlReturn.name(12345));
        assertEquals("NVML_ERROR_NOT_SUPPORTED", NvmlReturn.name(3));
        assertEquals("NVML_ERROR_NO_PERMISSION", NvmlReturn.name(4));
        assertEquals("NVML_SUCCESS", NvmlReturn.name(NvmlReturn.SUCCESS));
    }

    @Test
    void anExceptionNamesTheCallAndTheCode() {
        var e = new NvmlException("nvmlDeviceGetPcieReplayCounter(GPU 0000:00:06.0)",
                new NvmlError(nvml.NVML_ERROR_NOT_SUPPORTED(), "NVML_ERROR_NOT_SUPPORTED", "Not Supported"));
        assertEquals("nvmlDeviceGetPcieReplayCounter(GPU 0000:00:06.0): NVML_ERROR_NOT_SUPPORTED (Not Supported)",
                e.getMessage());
        assertTrue(e.error().meansNotSupported());
        assertFalse(e.error().meansNoPermission());
        assertEquals("NVML_ERROR_NO_PERMISSION", NvmlError.named(nvml.NVML_ERROR_NO_PERMISSION()).toString());
        assertTrue(NvmlError.named(nvml.NVML_ERROR_NO_PERMISSION()).meansNoPermission());
    }
}
