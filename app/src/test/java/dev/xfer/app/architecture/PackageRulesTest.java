package dev.xfer.app.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The package rules of docs/development.md, checked on the compiled classes (main code only):
 * layers run one way, from the command line down to the engines and renderers, never back.
 */
class PackageRulesTest {
    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.xfer.app", "dev.xfer.cuda", "dev.xfer.host", "dev.xfer.nvml", "dev.xfer.library");

    /**
     * No cycle between the packages under dev.xfer.app, with no edge left out: the root command
     * (commands.XferCommand) names each feature's command (bandwidth.command.BandwidthCommand, ...),
     * those name cli/ (the shared mixins, global options, exit codes, converters, error lines), and
     * cli/ names no command. Each
     * subpackage is its own slice (bandwidth/ and bandwidth/pattern/, peer/, concurrent/, several/
     * apart; doctor/ and doctor/probe/ apart), so a cycle between a package and its subpackage fails too.
     */
    @Test
    void packagesAreFreeOfCycles() {
        slices().assignedFrom(PackageSlices.EACH_PACKAGE).should().beFreeOfCycles().check(APP);
    }

    /**
     * The command line: the root command (commands/), the shared mixins and CLI plumbing (cli/), and
     * each feature's picocli command, in the feature's own {@code command} subpackage
     * (bandwidth/command/, fleet/command/ for fleet and compare, ...).
     */
    private static final String[] COMMAND_LINE = {"dev.xfer.app.cli..", "dev.xfer.app.commands..",
            "dev.xfer.app.*.command.."};

    @Test
    void nothingBelowTheCommandLineImportsIt() {
        noClasses().that().resideInAPackage("dev.xfer.app.(*)..")
                .and().resideOutsideOfPackages(COMMAND_LINE)
                .should().dependOnClassesThat().resideInAnyPackage(COMMAND_LINE)
                .check(APP);
    }

    /**
     * Each command in one place: every picocli command class sits in its feature's {@code command}
     * subpackage (beside the plan, engine, records and text it drives), except the root, which is
     * the only class of commands/.
     */
    @Test
    void eachCommandLivesInItsFeature() {
        classes().that().areAnnotatedWith(picocli.CommandLine.Command.class)
                .and().doNotHaveFullyQualifiedName("dev.xfer.app.commands.XferCommand")
                .should().resideInAPackage("dev.xfer.app.*.command")
                .check(APP);
        classes().that().resideInAPackage("dev.xfer.app.commands..")
                .should().haveNameMatching("dev\\.xfer\\.app\\.commands\\.XferCommand(\\$.*)?")
                .check(APP);
    }

    /**
     * A command names its own feature, the features below it and cli/, never another command
     * (fleet/command/ holds fleet and compare, which read the same documents).
     */
    @Test
    void commandsNeverNameEachOther() {
        slices().matching("dev.xfer.app.(*).command..").should().notDependOnEachOther().check(APP);
    }

    /**
     * cli/ (the shared mixins, converters, exit codes) serves the commands and names none of them:
     * only the root command lists them.
     */
    @Test
    void cliNamesNoCommand() {
        noClasses().that().resideInAPackage("dev.xfer.app.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.xfer.app.commands..", "dev.xfer.app.*.command..")
                .check(APP);
    }

    /**
     * The shared option classes of cli/ are mixins and say so in their name ({@code *Mixin}); the
     * one exception is an argument group ({@code SizeSelection}, {@code @ArgGroup}, not {@code @Mixin}).
     */
    @Test
    void sharedOptionsAreMixins() {
        classes().that().resideInAPackage("dev.xfer.app.cli..")
                .and(describe("declare picocli options", c -> c.getFields().stream()
                        .anyMatch(f -> f.isAnnotatedWith(picocli.CommandLine.Option.class))
                        || c.getMethods().stream().anyMatch(m -> m.isAnnotatedWith(picocli.CommandLine.Option.class))))
                .and().doNotHaveSimpleName("SizeSelection")
                .should().haveSimpleNameEndingWith("Mixin")
                .check(APP);
    }

    /**
     * The run machinery (run/: live rows, status line, run ending, each-device loop, outputs, the
     * stop request) sits below the command line: it names no option, exit code or command, so an
     * engine's orchestration can drive it without reaching back up.
     */
    @Test
    void theRunMachineryNeverReachesTheCommandLine() {
        noClasses().that().resideInAPackage("dev.xfer.app.run..")
                .should().dependOnClassesThat().resideInAnyPackage(COMMAND_LINE)
                .check(APP);
    }

    /**
     * Engines measure and never print, so they stay off run/ (which prints, streams and writes
     * files) except where an engine package holds a command's orchestration, the loop that opens
     * devices, reports progress and hands the results to the run's shared end:
     * <ul>
     * <li>smoke/ (SmokeRun): opens each GPU as a {@code Session} and shows the progress line
     * ({@code StatusLine}) while it measures, naming the {@code Activity} for the time limit.</li>
     * <li>bandwidth/ (OneDeviceRun) and bandwidth/several/ (SeveralDevicesRun): stream their rows
     * ({@code LiveRun}), keep what a stopped run measured, warn on stderr, and end through the
     * run's shared {@code finish}; the per-device documents come from {@code Documents}.</li>
     * <li>bandwidth/pattern/ (PatternRun): the many-GPU patterns' run, kept as measured
     * ({@code LiveRun}) and ended through the same {@code finish}.</li>
     * <li>overlap/, check/, batch/, pipeline/, latency/ (each one's {@code *PerDevice}): one GPU's
     * measurement as the each-device loop ({@code EachDevice}) runs it, keeping what a stopped run
     * measured ({@code LiveRun}) and, for the NUMA notes outside text, warning on stderr.</li>
     * </ul>
     * Everything else below the command line (bandwidth/concurrent/ and peer/, placement/, the
     * renderers, fleet/, plot/, ...) stays off run/.
     */
    private static final String[] USE_THE_RUN_MACHINERY = {"dev.xfer.app.cli..", "dev.xfer.app.commands..",
            "dev.xfer.app.*.command..", "dev.xfer.app.run..", "dev.xfer.app.smoke..", "dev.xfer.app.bandwidth", "dev.xfer.app.bandwidth.several",
            "dev.xfer.app.bandwidth.pattern",
            "dev.xfer.app.overlap", "dev.xfer.app.check", "dev.xfer.app.batch", "dev.xfer.app.pipeline",
            "dev.xfer.app.latency"};

    @Test
    void onlyOrchestrationUsesTheRunMachinery() {
        noClasses().that().resideOutsideOfPackages(USE_THE_RUN_MACHINERY)
                .and().resideInAPackage("dev.xfer.app.(*)..")
                .should().dependOnClassesThat().resideInAPackage("dev.xfer.app.run..")
                .check(APP);
    }

    /**
     * Plain values of the native layer a renderer may name: a version and the memory-kind enum
     * (its label). Neither holds or calls anything native.
     */
    private static final java.util.Set<String> CUDA_VALUES = java.util.Set.of("CudaVersion", "HostMemoryKind");

    /**
     * Renderers (text, JSON, CSV, charts, reports, --expect names) turn records into text; they never
     * reach CUDA. The records that name and give their own results ({@code *Result}, {@code *Results})
     * and the plans that declare the names ({@code *Plan}) are held to the same.
     */
    @Test
    void renderersNeverTouchCuda() {
        noClasses().that(describe("are renderers", c -> c.getPackageName().startsWith("dev.xfer.app.plot")
                        || c.getPackageName().startsWith("dev.xfer.app.format")
                        || c.getSimpleName().matches(".*(Text|Json|Csv|Rendering|Document|Chart|Metrics|Result|Results|Plan)(\\$.*)?")))
                .should().dependOnClassesThat(describe("do CUDA work", c -> (c.getPackageName().startsWith("dev.xfer.cuda")
                        && !CUDA_VALUES.contains(c.getSimpleName())) || c.getPackageName().startsWith("dev.xfer.nvml")))
                .check(APP);
    }

    @Test
    void nativeBindingsNeverReachTheApp() {
        noClasses().that().resideInAnyPackage("dev.xfer.cuda..", "dev.xfer.host..", "dev.xfer.nvml..", "dev.xfer.library..")
                .should().dependOnClassesThat().resideInAPackage("dev.xfer.app..")
                .check(APP);
    }
}
