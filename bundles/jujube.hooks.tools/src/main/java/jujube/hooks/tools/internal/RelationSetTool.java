package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;

/**
 * {@code relation-set [-r ID] k=v... | @file | -}. Arguments apply in order, so later ones win: each is
 * {@code key=value} (an empty value deletes the key), {@code @path} (a JSON or YAML map, relative to
 * the hook's directory) or {@code -} / {@code @-} (the same from stdin).
 */
final class RelationSetTool implements HookTool {
    private final SettingsInput input = new SettingsInput();

    @Override
    public String name() {
        return "relation-set";
    }

    @Override
    public String usage() {
        return "relation-set [-r ID] KEY=VALUE... | @FILE | -";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.RELATION_ID);
    }

    @Override
    public boolean needsStdin(ParsedArgs args) {
        return args.positionals().stream().anyMatch(RelationSetTool::isStdin);
    }

    private static boolean isStdin(String arg) {
        return arg.equals("-") || arg.equals("@-");
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        List<String> args = context.args().positionals();
        if (args.isEmpty()) {
            throw new UsageException("too few arguments: expected KEY=VALUE, @FILE or -");
        }
        Map<String, String> changes = new LinkedHashMap<>();
        for (String arg : args) {
            if (isStdin(arg)) {
                changes.putAll(input.parse(context.stdin(), "stdin"));
            } else if (arg.startsWith("@")) {
                changes.putAll(input.parse(read(context.cwd().resolve(arg.substring(1)), arg.substring(1)), arg.substring(1)));
            } else {
                int eq = arg.indexOf('=');
                if (eq < 0) {
                    throw new UsageException("expected KEY=VALUE, @FILE or -, got '" + arg + "'");
                }
                changes.put(SettingsInput.checkKey(arg.substring(0, eq)), arg.substring(eq + 1));
            }
        }
        context.backend().relationSet(context.clientId(), context.relationId(), changes);
        return Optional.empty();
    }

    private static byte[] read(Path file, String name) throws UsageException {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            String reason = e instanceof NoSuchFileException ? "no such file" : String.valueOf(e.getMessage());
            throw new UsageException("cannot read " + name + ": " + reason);
        }
    }
}
