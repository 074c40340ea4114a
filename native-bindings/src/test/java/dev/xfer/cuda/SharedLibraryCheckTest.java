package dev.xfer.cuda;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What is refused before System.load, so the JVM's stack-guard warning never comes first. */
class SharedLibraryCheckTest {
    @TempDir
    Path dir;

    @Test
    void aTextFileIsNoSharedLibrary() throws Exception {
        Path text = Files.writeString(dir.resolve("libcudart.so"), "not a library\n");
        assertEquals(Optional.of("not a shared library (no ELF header)"), CudaRuntime.notASharedLibrary(text));
        assertEquals(Optional.of("not a shared library (no ELF header)"),
                CudaRuntime.notASharedLibrary(Files.write(dir.resolve("empty.so"), new byte[0])));
    }

    @Test
    void anElfFileOfAnotherTypeIsNoSharedLibrary() throws Exception {
        byte[] header = new byte[64];
        header[0] = 0x7f;
        header[1] = 'E';
        header[2] = 'L';
        header[3] = 'F';
        header[4] = 2; // 64-bit
        header[5] = 1; // little-endian
        header[16] = 1; // ET_REL, an object file
        assertEquals(Optional.of("an ELF file but not a shared library (type 1)"),
                CudaRuntime.notASharedLibrary(Files.write(dir.resolve("x.o"), header)));
        header[16] = 3; // ET_DYN
        assertEquals(Optional.empty(), CudaRuntime.notASharedLibrary(Files.write(dir.resolve("x.so"), header)));
        header[5] = 2; // big-endian: e_type 0x0003
        header[16] = 0;
        header[17] = 3;
        assertEquals(Optional.empty(), CudaRuntime.notASharedLibrary(Files.write(dir.resolve("be.so"), header)));
    }

    @Test
    void theLoadersRepeatedPathIsDropped() {
        assertEquals("file too short", CudaRuntime.loaderReason("/tmp/x.so: /tmp/x.so: file too short"));
        assertEquals("cannot dynamically load position-independent executable",
                CudaRuntime.loaderReason("/usr/bin/true: /usr/bin/true: cannot dynamically load position-independent executable"));
        assertEquals("the dynamic loader refused it", CudaRuntime.loaderReason(null));
    }
}
