package jujube.charm;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * One line for a YAML syntax error, as a command prints it: what is wrong and where, then what the parser
 * was inside of. The parser's own message spans several lines with an excerpt and a caret, and its first
 * line alone ("while parsing a flow sequence") says neither what is wrong nor where.
 */
public final class YamlErrors {
    private static final Pattern EVENT = Pattern.compile("<org\\.yaml\\.snakeyaml\\.events\\.(\\w+)Event\\([^>]*\\)>");
    private static final Map<String, String> EVENTS = Map.of("MappingStart", "a mapping", "SequenceStart", "a list",
            "Scalar", "a scalar", "Alias", "an alias", "MappingEnd", "the end of a mapping", "SequenceEnd",
            "the end of a list", "DocumentStart", "a new document", "DocumentEnd", "the end of the document",
            "StreamEnd", "the end of the input");

    private YamlErrors() {}

    /** E.g. {@code line 2, column 1: expected ',' or ']', but got <stream end> (in the flow sequence of line 1, column 7)}. */
    public static String describe(JacksonException e) {
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblem() != null) {
            String where = marked.getProblemMark() == null ? "" : at(marked.getProblemMark()) + ": ";
            String context = marked.getContext() == null ? ""
                    : " (" + marked.getContext().replaceFirst("^while ", "")
                    + (marked.getContextMark() == null ? "" : " from " + at(marked.getContextMark())) + ")";
            return where + marked.getProblem() + context;
        }
        String first = readableEvents(String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("").strip());
        JsonLocation location = e.getLocation();
        return location == null || location.getLineNr() < 1 ? first
                : "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": " + first;
    }

    /**
     * Jackson names what it met by the YAML engine's event objects ({@code got this instead:
     * <org.yaml.snakeyaml.events.MappingStartEvent(anchor=null, ...)>}); an operator reads what that is.
     */
    private static String readableEvents(String message) {
        Matcher event = EVENT.matcher(message);
        StringBuilder out = new StringBuilder();
        while (event.find()) {
            event.appendReplacement(out, Matcher.quoteReplacement(EVENTS.getOrDefault(event.group(1), "something else")));
        }
        event.appendTail(out);
        return out.toString();
    }

    private static String at(Mark mark) {
        return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }
}
