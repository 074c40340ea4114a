package dev.xfer.app.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * {@code xfer --version}: xfer's own version and the Java runtime's. It loads no CUDA library:
 * initializing the driver took 1.5 s on a four-GPU machine, too long for a version check, and a
 * broken driver must not make the version unreadable. The runtime's and driver's versions are
 * in {@code xfer devices}.
 */
public final class XferVersion implements IVersionProvider {

    /** xfer's version from the build. */
    public static String xferVersion() {
        try (InputStream in = XferVersion.class.getResourceAsStream("/dev/xfer/app/version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("xfer " + xferVersion());
        lines.add("Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")");
        lines.add("CUDA runtime and driver: see xfer devices");
        return lines.toArray(String[]::new);
    }
}
