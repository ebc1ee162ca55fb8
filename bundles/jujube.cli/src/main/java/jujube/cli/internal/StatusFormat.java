package jujube.cli.internal;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import jujube.lib.codec.PlainMapCodec;
import jujube.lib.codec.PlainMapCodec.Form;

/** How status (and {@code get}) is printed. */
enum StatusFormat {
    yaml, json, tabular, dot, svg;

    String render(Map<String, Object> status) {
        return switch (this) {
            case yaml -> write(status, Form.YAML);
            case json -> write(status, Form.INDENTED_JSON);
            case tabular -> TabularStatus.render(status);
            case dot -> DotStatus.render(status);
            case svg -> Graphviz.svg(DotStatus.render(status));
        };
    }

    private static String write(Map<String, Object> status, Form form) {
        return new String(new PlainMapCodec().write(status, form), StandardCharsets.UTF_8);
    }
}
