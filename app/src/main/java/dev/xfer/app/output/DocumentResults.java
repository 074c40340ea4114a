package dev.xfer.app.output;

import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.format.BindingException;
import dev.xfer.app.result.GpuContext;
import dev.xfer.app.result.GpuResults;
import dev.xfer.app.result.IdentityField;
import dev.xfer.app.result.Limits;
import dev.xfer.app.result.Result;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The {@link GpuResults} of a measuring document bound into its records (or held by the run that
 * writes it): one per GPU it measured, each of its rows' results ({@link Row#results}) in order.
 * The gates read every document this way (fleet, compare, plot's check, each command's
 * {@code --openmetrics}), so they judge exactly the records the commands write.
 *
 * <p>A several-device document's rows that span its GPUs ({@link Extras#across}) belong to one GPU
 * each, which each row says ({@link AcrossRow}): a peer copy to its source, a pattern round to the
 * GPU it measured, a concurrent run's share to its GPU, the concurrent aggregate to the first GPU.
 * What a field's type cannot say (a device index or link width out of range, a figure beyond
 * belief) is a {@link BindingException} naming its path.
 */
public final class DocumentResults {

    private DocumentResults() {
    }

    /** The GPU results of one GPU's or several GPUs' document of a measuring command. */
    public static List<GpuResults> of(Path file, RunDocument document) {
        return of(file, "", document);
    }

    /** The GPU results of a document written with {@code --runs N}: each repetition's GPUs, numbered. */
    public static List<GpuResults> of(Path file, RepeatedDocument document) {
        List<List<GpuResults>> runs = new ArrayList<>();
        for (int i = 0; i < document.runs().size(); i++) {
            RunDocument run = document.runs().get(i);
            String path = "runs[" + i + "]";
            sameAsTop(path, document.schemaVersion(), document.command(), run.schemaVersion(), run.command());
            runs.add(of(file, path + ".", run));
        }
        return repetitions(document.command(), runs);
    }

    /**
     * Each repetition's GPU results numbered from 1.
     *
     * @throws BindingException when there are none
     */
    public static List<GpuResults> repetitions(String command, List<List<GpuResults>> runs) {
        if (runs.isEmpty()) {
            throw new BindingException("runs", "no runs: the " + command + " document's \"runs\" is empty");
        }
        List<GpuResults> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (GpuResults gpu : runs.get(i)) {
                out.add(gpu.asRepetition(i + 1));
            }
        }
        return out;
    }

    /** A repetition at {@code path} is of the top's schema and command. */
    public static void sameAsTop(String path, int topVersion, String topCommand, int version, String command) {
        if (version != topVersion) {
            throw BindingException.wrong(path + ".schemaVersion", topVersion + " as at the top", "the number " + version);
        }
        if (!command.equals(topCommand)) {
            throw BindingException.wrong(path + ".command", "\"" + topCommand + "\" as at the top", "text \"" + command + "\"");
        }
    }

    private static List<GpuResults> of(Path file, String prefix, RunDocument document) {
        return switch (document) {
            case GpuDocument gpu -> List.of(gpu(file, prefix, document.command(), gpu, NoParameters.NONE).build(file));
            case DevicesDocument devices -> devices(file, prefix, devices.command(), devices.devices(),
                    devices.parameters(), devices.extras());
        };
    }

    /**
     * The GPU results of a several-device document at {@code prefix}: each of {@code parts} (a
     * part's own parameters, else {@code parameters}), and the rows across them in {@code extras}.
     */
    public static List<GpuResults> devices(Path file, String prefix, String command,
                                           List<? extends MeasuredPart> parts, Parameters parameters, Extras extras) {
        if (parts.isEmpty()) {
            throw new BindingException(prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1),
                    "no context: a " + command + " document names the GPU its results ran on in \"context\""
                            + " (or in \"devices\" for several GPUs)");
        }
        List<Gpu> gpus = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            gpus.add(gpu(file, prefix + "devices[" + i + "].", command, parts.get(i), parameters));
        }
        across(prefix, command, extras, parameters.identities(), gpus);
        return gpus.stream().map(g -> g.build(file)).toList();
    }

    /** The stand-in results of a node without a usable GPU (smoke's document when CUDA is not usable). */
    public static GpuResults unusable(Path file, String command, String host, Optional<String> label, String started,
                                      String why) {
        return new GpuResults(file, command, Optional.empty(), host, label, started, List.of(), Optional.of(why));
    }

    private static Gpu gpu(Path file, String prefix, String command, MeasuredPart part, Parameters outer) {
        Map<IdentityField, Object> parameters = part.ownParameters().orElse(outer).identities();
        Gpu gpu = new Gpu(command, context(prefix + "context.", part.context()));
        for (int i = 0; i < part.results().size(); i++) {
            gpu.results.addAll(part.results().get(i).results(RowScope.of(prefix + "results[" + i + "]", command,
                    parameters)));
        }
        part.disturbances().ifPresent(gpu.disturbances::addAll);
        return gpu;
    }

    /** The rows of a several-device document that span its GPUs, each result with the GPU it is of. */
    private static void across(String prefix, String command, Extras extras, Map<IdentityField, Object> parameters,
                               List<Gpu> gpus) {
        for (Extras.Across section : extras.across()) {
            for (int i = 0; i < section.rows().size(); i++) {
                RowScope scope = RowScope.of(prefix + section.key() + "[" + i + "]", command, parameters);
                for (AcrossRow.Owned owned : section.rows().get(i).results(scope)) {
                    Gpu gpu = owned.device().isPresent() ? gpuOf(owned.devicePath(), gpus, owned.device().getAsLong())
                            : gpus.getFirst();
                    gpu.results.addAll(owned.results());
                }
            }
        }
    }

    private static Gpu gpuOf(String path, List<Gpu> gpus, long index) {
        FieldChecks.range(path, index, 0, Limits.MAX_DEVICE_INDEX);
        return gpus.stream().filter(g -> g.context.index().isPresent() && g.context.index().getAsInt() == index)
                .findFirst().orElseThrow(() -> BindingException.wrong(path, "one of the document's devices",
                        Long.toString(index)));
    }

    /** Where a part ran, from its {@code context}. */
    private static GpuContext context(String path, ContextDocument context) {
        DeviceDocument device = context.device();
        FieldChecks.range(path + "device.index", device.index(), 0, Limits.MAX_DEVICE_INDEX);
        return new GpuContext(context.host(), context.label(), context.started(), OptionalInt.of(device.index()),
                device.name(), device.uuid(), device.pciBusId(), link(path + "device.", device));
    }

    private static Optional<GpuContext.Link> link(String path, DeviceDocument device) {
        if (device.linkCurrent().isEmpty() || device.linkMax().isEmpty()) {
            return Optional.empty();
        }
        DeviceDocument.Link now = device.linkCurrent().get();
        DeviceDocument.Link max = device.linkMax().get();
        int[] parts = {(int) FieldChecks.range(path + "linkCurrent.generation", now.generation(), 0,
                Limits.MAX_LINK_GENERATION),
                (int) FieldChecks.range(path + "linkCurrent.width", now.width(), 0, Limits.MAX_LINK_WIDTH),
                (int) FieldChecks.range(path + "linkMax.generation", max.generation(), 0, Limits.MAX_LINK_GENERATION),
                (int) FieldChecks.range(path + "linkMax.width", max.width(), 0, Limits.MAX_LINK_WIDTH)};
        for (int p : parts) {
            if (p == 0) {
                return Optional.empty(); // sysfs said nothing useful: unknown, not healthy
            }
        }
        return Optional.of(new GpuContext.Link(parts[0], parts[1], parts[2], parts[3]));
    }

    /** One GPU's results as they are gathered: its own rows', then those across devices that are its. */
    private static final class Gpu {
        final String command;
        final GpuContext context;
        final List<Result> results = new ArrayList<>();
        final List<dev.xfer.app.result.Disturbance> disturbances = new ArrayList<>();

        Gpu(String command, GpuContext context) {
            this.command = command;
            this.context = context;
        }

        GpuResults build(Path file) {
            return new GpuResults(file, command, Optional.of(context), context.host(), context.label(),
                    context.started(), results, Optional.empty(), disturbances);
        }
    }
}
