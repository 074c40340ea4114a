package dev.xfer.app.devices;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SequencedSet;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Which GPUs a command measures, as {@code --device} gives them: one CUDA index ({@code 2}),
 * {@code all}, or a comma list ({@code 0,2,3}).
 *
 * <p>Two steps, so that every command can adopt it the same way:
 * <ol>
 *   <li>{@link #parse(String)} before CUDA is loaded: text that is none of the three forms, a
 *       negative index, or an index named twice ({@code 0,0}) is a usage error on any machine:
 *       none of them can be what the user meant, and no driver is needed to say so.</li>
 *   <li>{@link #resolve(IntSupplier)} once CUDA is loaded: {@code all} becomes every index the
 *       runtime counts; a list stays as written. Indices are not range-checked here:
 *       {@code CudaRuntime.device(int)} does that when each device is opened, so an index this
 *       machine lacks fails as it does with one device (exit 3).</li>
 * </ol>
 * Whether a run is a several-device run is decided on the resolved list: {@code all} on a machine
 * with one GPU is a one-device run, exactly as {@code --device 0}.
 *
 * @param all     whether every device was asked for
 * @param indices the indices as given, without repeats; empty for {@code all}
 */
public record DeviceSelection(boolean all, List<Integer> indices) {
    /** What {@code --device} means when it is not given. */
    public static final DeviceSelection DEFAULT = of(0);

    private static final Pattern INDEX = Pattern.compile("[+-]?[0-9]+");

    public DeviceSelection {
        indices = List.copyOf(indices);
        if (all != indices.isEmpty()) {
            throw new IllegalArgumentException(all ? "all takes no indices" : "a selection needs at least one index");
        }
        if (indices.stream().distinct().count() != indices.size()) {
            throw new IllegalArgumentException("repeated index in " + indices);
        }
    }

    /** Every device the runtime counts. */
    public static DeviceSelection everyDevice() {
        return new DeviceSelection(true, List.of());
    }

    /** These indices, repeats dropped. */
    public static DeviceSelection of(int... indices) {
        SequencedSet<Integer> distinct = new LinkedHashSet<>();
        IntStream.of(indices).forEach(distinct::add);
        return new DeviceSelection(false, new ArrayList<>(distinct));
    }

    /**
     * Reads {@code N}, {@code all} (any letter case) or {@code N,N,...}; blanks around each part
     * are ignored.
     *
     * @throws IllegalArgumentException with a one-line reason naming the text, for anything else:
     *         an empty part ({@code 0,,1}), {@code all} inside a list, a word, an index beyond int,
     *         a negative index, an index given twice
     */
    public static DeviceSelection parse(String text) {
        Objects.requireNonNull(text, "text");
        String stripped = text.strip();
        if (stripped.toLowerCase(Locale.ROOT).equals("all")) {
            return everyDevice();
        }
        String[] parts = stripped.split(",", -1);
        int[] indices = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].strip();
            if (!INDEX.matcher(part).matches()) {
                throw refused(text);
            }
            try {
                indices[i] = Integer.parseInt(part);
            } catch (NumberFormatException e) {
                throw refused(text);
            }
            if (indices[i] < 0) {
                throw new IllegalArgumentException("'" + text + "': a GPU index is 0 or more, not " + indices[i]);
            }
            for (int j = 0; j < i; j++) {
                if (indices[j] == indices[i]) {
                    throw new IllegalArgumentException("'" + text + "' names GPU " + indices[i] + " twice");
                }
            }
        }
        return of(indices);
    }

    private static IllegalArgumentException refused(String text) {
        return new IllegalArgumentException("'" + text + "' is not a GPU index, all, or a comma list of indices"
                + " such as 0,2,3");
    }

    /** Exactly one index was given ({@code 0,0} included): no device count is needed to know it is one device. */
    public boolean isSingle() {
        return !all && indices.size() == 1;
    }

    /** The one index of a {@link #isSingle() single} selection. */
    public int single() {
        if (!isSingle()) {
            throw new IllegalStateException(label() + " is not one device");
        }
        return indices.getFirst();
    }

    /**
     * The indices to measure, in order: for {@code all} 0 to count-1, asking {@code deviceCount}
     * (and so loading CUDA) only then; otherwise the indices as given.
     */
    public List<Integer> resolve(IntSupplier deviceCount) {
        if (!all) {
            return indices;
        }
        return IntStream.range(0, deviceCount.getAsInt()).boxed().toList();
    }

    /**
     * What a result name of device {@code index} ends in when several devices are measured,
     * {@code .gpu1}, so {@code pinned.h2d.16MiB.gpu1} is device 1's and {@code pinned.h2d.16MiB}
     * still selects every device's. With one device selected names get no suffix.
     */
    public static String nameSuffix(int index) {
        return ".gpu" + index;
    }

    /** The selection as it would be typed: {@code all}, {@code 2}, {@code 0,2,3}. */
    public String label() {
        if (all) {
            return "all";
        }
        return String.join(",", indices.stream().map(String::valueOf).toList());
    }

    @Override
    public String toString() {
        return label();
    }
}
