package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import jujube.hooks.tools.HookToolBackend;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.internal.ToolOutcome.Completed;

/**
 * Runs a hook tool from its command line: parses, validates, calls the backend and formats. Exit codes:
 * 0 success, 1 when the agent reports an error (one line on stderr; the original exited 0 here and hid
 * failures), 2 for a command line the tool cannot accept (usage line and message on stderr), which
 * includes a call without a client id, as in the original.
 */
public final class ToolRunner {
    private static final String COMMON_USAGE = " [-o FILE] [-s SOCKET] [--client-id ID]";

    private final Map<String, HookTool> tools = new LinkedHashMap<>();
    private final HookToolBackend backend;
    private final OutputFormat.Renderer renderer;

    public ToolRunner(HookToolBackend backend, ObjectMapper json) {
        this.backend = backend;
        ObjectMapper yaml = OutputFormat.yamlMapper();
        this.renderer = new OutputFormat.Renderer(json, yaml);
        for (HookTool tool : List.of(new RelationGetTool(), new RelationSetTool(yaml), new RelationListTool(),
                new RelationIdsTool(), new ConfigGetTool(json), new UnitGetTool(), new PortTool(true),
                new PortTool(false), new JujuLogTool(), new OpenedPortsTool(), new NetworkGetTool(), new IsLeaderTool(),
                new LeaderGetTool(), new LeaderSetTool(), new StatusSetTool(), new StatusGetTool(),
                new ApplicationVersionSetTool(), new StateGetTool(), new StateSetTool(yaml), new StateDeleteTool(),
                new GoalStateTool(json), new ActionGetTool(json), new ActionSetTool(), new ActionLogTool(),
                new ActionFailTool())) {
            tools.put(tool.name(), tool);
        }
    }

    public ToolOutcome run(ToolInvocation invocation) {
        HookTool tool = tools.get(invocation.tool());
        String feature = jujube.hooks.tools.HookToolNames.NOT_IMPLEMENTED.get(invocation.tool());
        if (tool == null && feature != null) {
            // whatever its arguments: the charm learns the one thing that matters
            return new Completed("", invocation.tool() + ": error: not implemented by Jujube (" + feature
                    + "; README's \"Charms of today\" lists what is)\n", 1);
        }
        if (tool == null) {
            return new Completed("", invocation.tool() + ": not a hook tool; call it as one of: "
                    + String.join(", ", tools.keySet()) + "\n", 2);
        }
        try {
            Set<ToolOption> allowed = EnumSet.copyOf(ToolOption.COMMON);
            allowed.addAll(tool.extraOptions());
            ParsedArgs args = ParsedArgs.parse(invocation.args(), allowed);
            if (args.help()) {
                return new Completed(usageLine(tool), "", 0);
            }
            OutputFormat format = OutputFormat.parse(args.option(ToolOption.FORMAT).orElse("smart"), formats(tool));
            String clientId = args.option(ToolOption.CLIENT_ID).orElse(invocation.clientId());
            if ((clientId == null || clientId.isEmpty()) && tool.needsClientId()) {
                throw new UsageException("No JUJU_CLIENT_ID/--client_id option found"); // the original's words
            }
            if (tool.needsStdin(args, invocation.cwd()) && invocation.stdin() == null) {
                return new ToolOutcome.NeedsStdin();
            }
            ToolContext context = new ToolContext(args, clientId, invocation.env(), invocation.cwd(),
                    invocation.stdin(), backend, new ArrayList<>());
            Optional<JsonNode> value = tool.run(context);
            String text = value.map(v -> tool.ownFormats().contains(format) ? tool.render(format, v, context)
                    : renderer.render(format, v)).orElse("");
            String warnings = context.warnings().stream().map(line -> line + "\n").collect(Collectors.joining());
            Optional<String> output = args.option(ToolOption.OUTPUT);
            if (output.isPresent()) {
                return writeOutput(tool, invocation.cwd().resolve(output.get()), text, warnings);
            }
            return new Completed(text, warnings, 0);
        } catch (UsageException e) {
            return new Completed("", usageLine(tool) + tool.name() + ": error: " + e.getMessage() + "\n", 2);
        } catch (InvalidPathException e) {
            return new Completed("", usageLine(tool) + tool.name() + ": error: invalid path: " + oneLine(e.getInput()) + "\n", 2);
        } catch (HookToolException | ToolFailure e) {
            return new Completed("", tool.name() + ": error: " + oneLine(e.getMessage()) + "\n", 1);
        }
    }

    private static Completed writeOutput(HookTool tool, Path file, String text, String warnings) {
        try {
            Files.write(file, text.getBytes(StandardCharsets.UTF_8));
            return new Completed("", warnings, 0);
        } catch (IOException e) {
            return new Completed("", tool.name() + ": error: cannot write " + file + ": " + oneLine(ArgumentFile.reason(e)) + "\n", 1);
        }
    }

    private static List<OutputFormat> formats(HookTool tool) {
        List<OutputFormat> formats = new ArrayList<>(OutputFormat.COMMON);
        formats.addAll(tool.ownFormats());
        return formats;
    }

    private static String usageLine(HookTool tool) {
        String formats = formats(tool).stream().map(OutputFormat::toString).collect(Collectors.joining("|"));
        return "usage: " + tool.usage() + " [--format " + formats + "]" + COMMON_USAGE + "\n";
    }

    private static String oneLine(String message) {
        return message == null ? "unknown error" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
