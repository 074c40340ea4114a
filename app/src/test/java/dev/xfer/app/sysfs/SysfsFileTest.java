package dev.xfer.app.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysfsFileTest {
    @TempDir
    Path dir;

    @Test
    void stripsTheTrailingNewline() throws IOException {
        Files.writeString(dir.resolve("numa_node"), "1\n");
        assertEquals(Optional.of("1"), SysfsFile.read(dir.resolve("numa_node")));
    }

    @Test
    void emptyFileIsEmptyText() throws IOException {
        Files.writeString(dir.resolve("cpulist"), "\n");
        assertEquals(Optional.of(""), SysfsFile.read(dir.resolve("cpulist")));
    }

    @Test
    void missingFileIsUnknown() {
        assertEquals(Optional.empty(), SysfsFile.read(dir.resolve("absent")));
    }

    @Test
    void directoryIsUnknown() throws IOException {
        Files.createDirectory(dir.resolve("power"));
        assertEquals(Optional.empty(), SysfsFile.read(dir.resolve("power")));
    }

    @Test
    void binaryContentIsUnknown() throws IOException {
        Files.write(dir.resolve("config"), new byte[] {(byte) 0xde, 0x10, (byte) 0xb5, 0x20});
        assertEquals(Optional.empty(), SysfsFile.read(dir.resolve("config")));
    }
}
