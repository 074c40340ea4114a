package dev.xfer.app.docs;

import dev.xfer.app.commands.XferCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * picocli's model of xfer's commands, the same one that makes --help, the man pages and the
 * completion: the documentation checks read it, so a command or option added later is checked
 * without anyone listing it.
 */
final class CommandModel {
    private CommandModel() {
    }

    /** The root command and every subcommand, depth first, in the order --help lists them. */
    static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        collect(new CommandLine(new XferCommand()), all);
        return all;
    }

    private static void collect(CommandLine command, List<CommandSpec> into) {
        into.add(command.getCommandSpec());
        command.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
    }

    /** The name a command's page, man page and completion go by: "xfer", or "bandwidth" for "xfer bandwidth". */
    static String pageName(CommandSpec command) {
        String qualified = command.qualifiedName("-");
        return command.parent() == null ? qualified : qualified.substring(qualified.indexOf('-') + 1);
    }

    /** The man page picocli-codegen's ManPageGenerator writes for a command: xfer.1, xfer-bandwidth.1. */
    static String manPage(CommandSpec command) {
        return command.qualifiedName("-") + ".1";
    }

    /**
     * The options a command's own page must describe: not xfer's global options, which it inherits
     * (--verbose) or mixes in (--cudart, --timeout, --label: the root declares them too), nor
     * picocli's -h/-V on a subcommand; those are on xfer's page. Hidden options (test hooks such as
     * topo's --sysfs-root) are not in --help and need no page either.
     */
    static List<OptionSpec> ownOptions(CommandSpec command) {
        Set<String> global = new TreeSet<>();
        command.root().options().forEach(o -> global.addAll(List.of(o.names())));
        return command.options().stream()
                .filter(o -> !o.inherited() && !o.hidden())
                .filter(o -> command.parent() == null || !global.contains(o.longestName()))
                .filter(o -> command.parent() == null || !(o.usageHelp() || o.versionHelp()))
                .toList();
    }

    /** Every option name of every command, short and long. */
    static Set<String> allOptionNames() {
        Set<String> names = new TreeSet<>();
        for (CommandSpec command : commands()) {
            command.options().forEach(o -> names.addAll(List.of(o.names())));
        }
        return names;
    }
}
