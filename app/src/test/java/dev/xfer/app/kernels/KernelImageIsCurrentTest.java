package dev.xfer.app.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed kernel image ({@code xfer_kernels.fatbin}) must be what {@code scripts/build-kernels.sh}
 * makes of the committed {@code xfer_kernels.cu}; otherwise xfer would ship kernels that differ from
 * their source. Without nvcc (CI) the sidecar's SHA-256 of the source catches a source edited
 * without rebuilding; with the nvcc that built the image, a rebuild must give the same bytes.
 */
class KernelImageIsCurrentTest {

    private static final String SOURCE = "app/src/main/cuda/xfer_kernels.cu";
    private static final String IMAGE_DIR = "app/src/main/resources/dev/xfer/kernels";
    private static final String IMAGE = "xfer_kernels.fatbin";
    private static final String SIDECAR = IMAGE + ".properties";
    private static final String SCRIPT = "scripts/build-kernels.sh";
    private static final String REBUILD = "run scripts/build-kernels.sh and commit the fatbin and its sidecar";

    private final Path root = repositoryRoot();

    @Test
    void sidecarRecordsTheCurrentSource() throws IOException {
        Properties sidecar = load(root.resolve(IMAGE_DIR).resolve(SIDECAR));
        assertEquals(sidecar.getProperty("source.sha256"), sha256(root.resolve(SOURCE)),
                SOURCE + " changed since the kernel image was built: " + REBUILD);
    }

    @Test
    void sidecarRecordsTheCommittedImage() throws IOException {
        Path image = root.resolve(IMAGE_DIR).resolve(IMAGE);
        Properties sidecar = load(root.resolve(IMAGE_DIR).resolve(SIDECAR));
        assertEquals(sidecar.getProperty("fatbin.sha256"), sha256(image),
                image + " is not the image its sidecar describes: " + REBUILD);
        // What the application loads at run time is the classpath copy, not the source tree's.
        try (InputStream in = KernelImageIsCurrentTest.class.getResourceAsStream("/dev/xfer/kernels/" + IMAGE)) {
            assertNotNull(in, "the kernel image is not on the classpath at /dev/xfer/kernels/" + IMAGE);
            assertArrayEquals(Files.readAllBytes(image), in.readAllBytes(),
                    "the classpath's kernel image differs from " + image + ": rebuild the module");
        }
    }

    /**
     * nvcc's fatbin output was found byte-for-byte deterministic (nvcc 13.0: two builds, and builds
     * from two checkout paths, compared equal with cmp), so the rebuild is compared whole. Another
     * nvcc version may legitimately produce other bytes, hence the assumption on the version line.
     */
    @Test
    void rebuildWithTheSameNvccIsByteIdentical(@TempDir Path out) throws IOException, InterruptedException {
        Path nvcc = Path.of(Optional.ofNullable(System.getenv("CUDA_HOME")).orElse("/usr/local/cuda"), "bin", "nvcc");
        assumeTrue(Files.isExecutable(nvcc), "no nvcc at " + nvcc + ": only the source checksum is checked");
        Properties sidecar = load(root.resolve(IMAGE_DIR).resolve(SIDECAR));
        String version = nvccVersion(nvcc);
        assumeTrue(version.equals(sidecar.getProperty("nvcc.version")),
                "nvcc here is '" + version + "', the image was built by '" + sidecar.getProperty("nvcc.version") + "'");

        Run build = run(root, "bash", root.resolve(SCRIPT).toString(), out.toString());
        assertEquals(0, build.exitCode(), SCRIPT + " failed:\n" + build.output());

        assertArrayEquals(Files.readAllBytes(root.resolve(IMAGE_DIR).resolve(IMAGE)), Files.readAllBytes(out.resolve(IMAGE)),
                "rebuilding " + SOURCE + " gives another image than the committed one: " + REBUILD);
        assertEquals(Files.readString(root.resolve(IMAGE_DIR).resolve(SIDECAR)), Files.readString(out.resolve(SIDECAR)),
                "rebuilding gives another sidecar than the committed one: " + REBUILD);
    }

    /** Maven runs tests in the module folder (app/); an IDE may use the repository root. */
    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(SCRIPT)) && Files.isRegularFile(dir.resolve(SOURCE))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root (with " + SCRIPT + ") above " + Path.of("").toAbsolutePath());
    }

    private static Properties load(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return properties;
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError("every JDK has SHA-256", e);
        }
    }

    private static String nvccVersion(Path nvcc) throws IOException, InterruptedException {
        Run version = run(Path.of("").toAbsolutePath(), nvcc.toString(), "--version");
        assertEquals(0, version.exitCode(), nvcc + " --version failed:\n" + version.output());
        return version.output().lines().filter(line -> line.startsWith("Cuda compilation tools")).findFirst()
                .orElseThrow(() -> new AssertionError("no version line in " + nvcc + " --version:\n" + version.output()));
    }

    private record Run(int exitCode, String output) {
    }

    private static Run run(Path dir, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), String.join(" ", command) + " did not end");
        return new Run(process.exitValue(), output);
    }
}
