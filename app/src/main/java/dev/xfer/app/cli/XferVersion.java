package dev.xfer.app.cli;

import dev.xfer.cuda.CudaRuntime;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** {@code xfer --version}: xfer's own version, and the CUDA runtime's and driver's where they can be read. */
public final class XferVersion implements IVersionProvider {
    @Spec
    private CommandSpec spec;

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
        try {
            CudaRuntime cuda = ((GlobalOptions) spec.root().userObject()).cuda();
            lines.add("CUDA runtime " + cuda.runtimeVersion() + " (" + cuda.libraryPath() + ")");
            lines.add("CUDA driver " + cuda.driverVersion());
        } catch (RuntimeException e) {
            lines.add("CUDA runtime: " + ErrorLine.line(e).replaceFirst("^xfer: ", ""));
        }
        return lines.toArray(String[]::new);
    }
}
