package dev.xfer.app.sysfs;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a PCI function sits: domain (also called segment), bus, device and function.
 *
 * @param domain   PCI domain, 0 on most machines
 * @param bus      bus number, 0 to 255
 * @param device   device number, 0 to 31
 * @param function function number, 0 to 7
 */
public record PciAddress(int domain, int bus, int device, int function) {
    /*
     * CUDA's cudaDeviceGetPCIBusId prints "0000:17:00.0", NVML and nvidia-smi print
     * "00000000:17:00.0", either may use upper-case hex; lspci leaves the domain out when it is 0.
     */
    private static final Pattern BUS_ID = Pattern.compile(
        "(?:(\\p{XDigit}{1,8}):)?(\\p{XDigit}{2}):(\\p{XDigit}{2})\\.([0-7])");

    public PciAddress {
        if (domain < 0) {
            throw new IllegalArgumentException("PCI domain must not be negative, got " + domain);
        }
        if (bus < 0 || bus > 0xff || device < 0 || device > 0x1f || function < 0 || function > 7) {
            throw new IllegalArgumentException(
                "PCI bus/device/function out of range: " + bus + "/" + device + "/" + function);
        }
    }

    /**
     * Parses a bus id as CUDA, NVML, nvidia-smi or lspci print it, or returns empty if the text is
     * not a PCI address.
     */
    public static Optional<PciAddress> parse(String busId) {
        Matcher matcher = BUS_ID.matcher(busId.strip());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        long domain = matcher.group(1) == null ? 0 : Long.parseLong(matcher.group(1), 16);
        int device = Integer.parseInt(matcher.group(3), 16);
        // Linux keeps the domain in an int; larger values cannot name a device it knows.
        if (domain > Integer.MAX_VALUE || device > 0x1f) {
            return Optional.empty();
        }
        return Optional.of(new PciAddress(
            (int) domain, Integer.parseInt(matcher.group(2), 16), device, Integer.parseInt(matcher.group(4))));
    }

    /**
     * The name Linux gives the function under {@code /sys/bus/pci/devices}: lower-case hex, domain
     * padded to four digits (wider only for domains above ffff, such as Intel VMD's), for example
     * {@code 0000:17:00.0}.
     */
    public String sysfsName() {
        return String.format(Locale.ROOT, "%04x:%02x:%02x.%x", domain, bus, device, function);
    }

    /** The {@linkplain #sysfsName() sysfs name}. */
    @Override
    public String toString() {
        return sysfsName();
    }
}
