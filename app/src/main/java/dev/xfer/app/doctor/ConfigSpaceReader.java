package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.AcsCapability;
import dev.xfer.app.sysfs.PciConfigSpace;
import dev.xfer.app.sysfs.PcieCapability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a function's sysfs {@code config} and the capabilities doctor judges. The kernel gives an
 * unprivileged reader the first 64 bytes only, so anything past the header is unknown without root.
 */
final class ConfigSpaceReader {
    private ConfigSpaceReader() {
    }

    static Reading<PciConfigSpace> read(Path directory) {
        Path file = directory.resolve("config");
        try {
            return Reading.known(new PciConfigSpace(Files.readAllBytes(file)), file.toString());
        } catch (NoSuchFileException e) {
            return Reading.unknown("no config file (" + file + ")", file.toString());
        } catch (IOException | SecurityException e) {
            return Reading.unknown("cannot read " + file + ": " + e.getClass().getSimpleName(), file.toString());
        }
    }

    /** The PCI Express capability, or why it is unknown. */
    static Reading<PcieCapability> pcie(Reading<PciConfigSpace> config) {
        return switch (config) {
            case Reading.Unknown<PciConfigSpace> u -> Reading.unknown(u.why(), u.where());
            case Reading.Known<PciConfigSpace> k when !k.value().coversStandard() -> Reading.unknown(
                    tooShort(k.value(), PciConfigSpace.STANDARD_LENGTH, k.where()), k.where());
            case Reading.Known<PciConfigSpace> k -> PcieCapability.of(k.value())
                    .<Reading<PcieCapability>>map(cap -> Reading.known(cap, k.where()))
                    .orElseGet(() -> Reading.unknown("no PCI Express capability in " + k.where(), k.where()));
        };
    }

    /** The ACS capability (known-empty when the port has none), or why it is unknown. */
    static Reading<Optional<AcsCapability>> acs(Reading<PciConfigSpace> config) {
        return switch (config) {
            case Reading.Unknown<PciConfigSpace> u -> Reading.unknown(u.why(), u.where());
            case Reading.Known<PciConfigSpace> k when !k.value().coversExtended() -> Reading.unknown(
                    tooShort(k.value(), PciConfigSpace.EXTENDED_LENGTH, k.where()), k.where());
            case Reading.Known<PciConfigSpace> k -> Reading.known(AcsCapability.of(k.value()), k.where());
        };
    }

    /** {@code config space beyond 64 bytes needs root (read 64 of 256 bytes of PATH)}. */
    static String tooShort(PciConfigSpace config, int needed, String where) {
        return "config space beyond " + config.length() + " bytes needs root (read " + config.length() + " of "
                + needed + " bytes of " + where + ")";
    }
}
