package dev.xfer.app.sysfs;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the text of sysfs {@code *_link_speed} and {@code *_link_width} attributes. */
final class LinkAttributeText {
    /*
     * Kernels since 5.x print "32.0 GT/s PCIe"; older ones printed "8 GT/s" or "2.5 GT/s". A link
     * that is down or a kernel that does not know the rate prints "Unknown" (or "Unknown speed"),
     * and conventional PCI/PCI-X modes print MHz figures: all of those are not PCIe rates we can use.
     */
    private static final Pattern SPEED = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,3})?) GT/s(?: PCIe)?");
    private static final Pattern WIDTH = Pattern.compile("x?(\\d{1,2})");

    private LinkAttributeText() {
    }

    /** The generation named by a link speed such as {@code 16.0 GT/s PCIe}, or empty. */
    static Optional<PcieGeneration> speed(String text) {
        Matcher matcher = SPEED.matcher(text.strip());
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return PcieGeneration.fromTransferRate(Double.parseDouble(matcher.group(1)));
    }

    /** The lane count named by a link width such as {@code 16}, or empty (a width of 0 means the link is down). */
    static OptionalInt width(String text) {
        Matcher matcher = WIDTH.matcher(text.strip());
        if (!matcher.matches()) {
            return OptionalInt.empty();
        }
        int lanes = Integer.parseInt(matcher.group(1));
        return lanes >= 1 && lanes <= PcieLink.MAX_WIDTH ? OptionalInt.of(lanes) : OptionalInt.empty();
    }

    /** A link when both speed and width are known, otherwise empty. */
    static Optional<PcieLink> link(Optional<String> speedText, Optional<String> widthText) {
        Optional<PcieGeneration> generation = speedText.flatMap(LinkAttributeText::speed);
        OptionalInt lanes = widthText.map(LinkAttributeText::width).orElse(OptionalInt.empty());
        if (generation.isEmpty() || lanes.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new PcieLink(generation.get(), lanes.getAsInt()));
    }
}
