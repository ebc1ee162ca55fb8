package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;

/**
 * {@code relation-set [-r ID] [--app] [--file FILE] k=v... | @file | -}. {@code --file} (Go juju's form: a YAML or
 * JSON map, {@code -} for stdin) applies first; the arguments then apply in order, so later ones win: each is
 * {@code key=value} (an empty or blank value deletes the key, as in the original), {@code key=@path} (the value is the file's
 * content, as in the original; {@code @/dev/stdin} is the tool's stdin), {@code @path} (a JSON or YAML
 * map) or {@code -} / {@code @-} (the same from stdin). Paths are relative to the hook's directory and
 * read through {@link ArgumentFile}.
 */
final class RelationSetTool implements HookTool {
    private final SettingsInput input;

    RelationSetTool(ObjectMapper yaml) {
        this.input = new SettingsInput(yaml);
    }

    @Override
    public String name() {
        return "relation-set";
    }

    @Override
    public String usage() {
        return "relation-set [-r ID] [KEY=VALUE | KEY=@FILE | @FILE | -]...";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.RELATION_ID, ToolOption.APP, ToolOption.FILE);
    }

    @Override
    public boolean needsStdin(ParsedArgs args, Path cwd) {
        if (SettingsInput.fileOptionIsStdin(args, cwd)) {
            return true;
        }
        return args.positionals().stream().anyMatch(arg -> isStdin(arg) || fileValue(arg)
                .filter(name -> ArgumentFile.isStdin(cwd, name)).isPresent());
    }

    private static boolean isStdin(String arg) {
        return arg.equals("-") || arg.equals("@-");
    }

    /** The file name of a {@code key=@file} argument. */
    private static Optional<String> fileValue(String arg) {
        int eq = arg.indexOf('=');
        return eq > 0 && arg.startsWith("@", eq + 1) ? Optional.of(arg.substring(eq + 2)) : Optional.empty();
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException, ToolFailure {
        // No argument at all is a valid call, as in the original: it changes nothing, but still fails
        // where the relation cannot be written.
        List<String> args = context.args().positionals();
        Map<String, String> changes = new LinkedHashMap<>();
        changes.putAll(input.fileOption(context));
        for (String arg : args) {
            if (isStdin(arg)) {
                changes.putAll(input.parse(context.stdin(), "stdin"));
            } else if (arg.startsWith("@")) {
                String name = arg.substring(1);
                changes.putAll(input.parse(ArgumentFile.read(context.cwd(), name, null), name));
            } else {
                int eq = arg.indexOf('=');
                if (eq < 0) {
                    throw new UsageException("Expected `option=value`. Found `" + arg + "`");
                }
                String key = SettingsInput.checkKey(arg.substring(0, eq));
                Optional<String> file = fileValue(arg);
                changes.put(key, file.isPresent() ? fileContent(context, file.get(), key) : arg.substring(eq + 1));
            }
        }
        // The original deleted a key whose value was only whitespace (a file holding a newline, "k= ")
        changes.replaceAll((key, value) -> value.isBlank() ? "" : value);
        if (context.args().flag(ToolOption.APP)) {
            context.backend().relationSetApp(context.clientId(), context.relationId(), changes);
        } else {
            context.backend().relationSet(context.clientId(), context.relationId(), changes);
        }
        return Optional.empty();
    }

    private static String fileContent(ToolContext context, String name, String key) throws ToolFailure {
        if (ArgumentFile.isStdin(context.cwd(), name)) {
            return new String(context.stdin(), StandardCharsets.UTF_8);
        }
        return ArgumentFile.readText(context.cwd(), name, key);
    }
}
