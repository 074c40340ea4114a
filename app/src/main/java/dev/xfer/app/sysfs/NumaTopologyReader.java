package dev.xfer.app.sysfs;

import dev.xfer.host.CpuSet;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the host's NUMA nodes from {@code <sysfs>/devices/system/node/node<N>/}. */
public final class NumaTopologyReader {
    // The folder also holds "online", "possible", "has_cpu", "power" and such, which are not nodes;
    // the kernel never pads ids with zeros, and refusing them keeps ids unique.
    private static final Pattern NODE_DIRECTORY = Pattern.compile("node(0|[1-9]\\d{0,8})");

    private final Path sysfsRoot;

    /** A reader of the live system's {@code /sys}. */
    public NumaTopologyReader() {
        this(SysfsFile.DEFAULT_ROOT);
    }

    /** A reader of the sysfs tree mounted (or copied) at {@code sysfsRoot}. */
    public NumaTopologyReader(Path sysfsRoot) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
    }

    /**
     * Reads every node, sorted by id. When the node folder is missing, unreadable or empty, the
     * result is {@link NumaTopology#assumedSingleNode()}.
     */
    public NumaTopology read() {
        List<NumaNode> nodes = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(sysfsRoot.resolve("devices/system/node"))) {
            for (Path entry : entries) {
                nodeId(entry).ifPresent(id -> nodes.add(readNode(id, entry)));
            }
        } catch (IOException | DirectoryIteratorException | SecurityException e) {
            // No readable node folder: the kernel (or the container) tells us nothing about NUMA.
            return NumaTopology.assumedSingleNode();
        }
        return nodes.isEmpty() ? NumaTopology.assumedSingleNode() : new NumaTopology(nodes, false);
    }

    private static Optional<Integer> nodeId(Path entry) {
        Matcher matcher = NODE_DIRECTORY.matcher(entry.getFileName().toString());
        if (!matcher.matches() || !Files.isDirectory(entry)) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(matcher.group(1)));
    }

    private static NumaNode readNode(int id, Path directory) {
        Optional<String> meminfo = SysfsFile.read(directory.resolve("meminfo"));
        return new NumaNode(
            id,
            SysfsFile.read(directory.resolve("cpulist")).flatMap(CpuSet::parse),
            meminfoBytes(meminfo, id, "MemTotal"),
            meminfoBytes(meminfo, id, "MemFree"));
    }

    private static OptionalLong meminfoBytes(Optional<String> meminfo, int id, String field) {
        return meminfo.map(text -> NodeMeminfoText.bytes(text, id, field)).orElse(OptionalLong.empty());
    }
}
