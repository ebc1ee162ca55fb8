package jujube.hooks.tools.internal;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tool's command line split into options and positional arguments. Options take a value as
 * {@code -r db:0}, {@code --format=json} or {@code --format json}; {@code --} ends the options; a lone
 * {@code -} is a positional argument (stdin, or "all keys" for relation-get). An option given twice keeps
 * the last value, as argparse does. A flag takes no value ({@code --all}), or one joined by {@code =}
 * ({@code --application=False}).
 */
record ParsedArgs(Map<ToolOption, String> options, List<String> positionals, boolean help) {

    static ParsedArgs parse(List<String> args, Set<ToolOption> allowed) throws UsageException {
        Map<ToolOption, String> options = new EnumMap<>(ToolOption.class);
        List<String> positionals = new ArrayList<>();
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--")) {
                positionals.addAll(args.subList(i + 1, args.size()));
                break;
            }
            if (arg.equals("-h") || arg.equals("--help")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("-") || arg.equals("-")) {
                positionals.add(arg);
                continue;
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            ToolOption option = find(name, allowed);
            if (option.isFlag()) {
                options.put(option, value == null ? "true" : value);
                continue;
            }
            if (value == null) {
                if (i + 1 >= args.size()) {
                    throw new UsageException("argument " + name + ": expected one argument");
                }
                value = args.get(++i);
            }
            options.put(option, value);
        }
        return new ParsedArgs(options, List.copyOf(positionals), help);
    }

    private static ToolOption find(String name, Set<ToolOption> allowed) throws UsageException {
        for (ToolOption option : allowed) {
            if (option.spellings().contains(name)) {
                return option;
            }
        }
        throw new UsageException("unrecognized arguments: " + name);
    }

    Optional<String> option(ToolOption option) {
        return Optional.ofNullable(options.get(option));
    }

    /** Whether a flag is set: given alone, or as {@code =true} (any case) or {@code =1}. */
    boolean flag(ToolOption option) throws UsageException {
        String value = options.get(option);
        if (value == null) {
            return false;
        }
        return switch (value.toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new UsageException("argument " + option.spellings().get(option.spellings().size() - 1)
                    + ": invalid boolean value: '" + value + "'");
        };
    }

    /** Fails unless there are between {@code min} and {@code max} positional arguments. */
    void expectPositionals(int min, int max) throws UsageException {
        if (positionals.size() < min) {
            throw new UsageException("too few arguments");
        }
        if (positionals.size() > max) {
            throw new UsageException("unrecognized arguments: "
                    + String.join(" ", positionals.subList(max, positionals.size())));
        }
    }

    Optional<String> positional(int index) {
        return index < positionals.size() ? Optional.of(positionals.get(index)) : Optional.empty();
    }
}
