package jujube.itests;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table of the bad-input corpus ({@code bad-input/*.tsv}): one case a line, tab-separated columns,
 * {@code #} comments. Placeholders in a field: {@code {repeat:N:X}} is X repeated N times, {@code {nl}} a
 * newline, and {@code {NAME}} the value the test gives for NAME.
 */
final class CorpusTable {
    private static final Pattern REPEAT = Pattern.compile("\\{repeat:(\\d+):([^}]*)}");

    private CorpusTable() {}

    /** The rows of {@code bad-input/<name>}, each split into exactly {@code columns} fields. */
    static List<String[]> rows(String name, int columns) {
        String resource = "/bad-input/" + name;
        try (InputStream in = CorpusTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no corpus " + resource);
            }
            List<String[]> rows = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", columns);
                if (fields.length != columns) {
                    throw new IllegalStateException(resource + ": not " + columns + " columns: " + line);
                }
                rows.add(fields);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code text} with its placeholders replaced. */
    static String expand(String text, Map<String, String> values) {
        String expanded = text;
        for (Map.Entry<String, String> value : values.entrySet()) {
            expanded = expanded.replace("{" + value.getKey() + "}", value.getValue());
        }
        Matcher repeat = REPEAT.matcher(expanded);
        StringBuilder out = new StringBuilder();
        while (repeat.find()) {
            repeat.appendReplacement(out, Matcher.quoteReplacement(repeat.group(2).repeat(Integer.parseInt(repeat.group(1)))));
        }
        repeat.appendTail(out);
        return out.toString().replace("{nl}", "\n");
    }
}
