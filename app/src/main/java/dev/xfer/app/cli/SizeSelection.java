package dev.xfer.app.cli;

import dev.xfer.app.cli.SizeConverter;
import dev.xfer.app.cli.SizeSweep;
import dev.xfer.app.units.ByteSize;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Optional;

/**
 * {@code --size SIZE[,SIZE...]} or {@code --sizes FROM..TO}, one of them: the option group the
 * commands that measure several sizes share (bandwidth, latency), as
 * {@code @ArgGroup(exclusive = true) SizeSelection}. Each command says its own default and what
 * its sizes must be in its resource bundle ({@code size}, {@code sizes}, beside the class).
 */
public final class SizeSelection {
    @Option(names = "--size", split = ",", paramLabel = "SIZE", converter = SizeConverter.class, descriptionKey = "size",
            description = "Bytes per copy, or a comma list.")
    private List<ByteSize> sizes;

    @Option(names = "--sizes", paramLabel = "FROM..TO", converter = SizeSweep.Converter.class, descriptionKey = "sizes",
            description = "A sweep in powers of two, e.g. 4KiB..1GiB.")
    private SizeSweep sweep;

    /** The sizes given, in the order given (a sweep from small to large); empty when neither option was. */
    public static Optional<List<ByteSize>> of(SizeSelection selection) {
        if (selection == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(selection.sweep != null ? selection.sweep.sizes() : selection.sizes);
    }
}
