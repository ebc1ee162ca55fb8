package jujube.cli.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.Map;

/** How status (and {@code get}) is printed. */
enum StatusFormat {
    yaml, json, tabular, dot, svg;

    String render(Map<String, Object> status) {
        return switch (this) {
            case yaml -> write(new ObjectMapper(new YAMLFactory()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)), status);
            case json -> write(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT), status);
            case tabular -> TabularStatus.render(status);
            case dot -> DotStatus.render(status);
            case svg -> Graphviz.svg(DotStatus.render(status));
        };
    }

    private String write(ObjectMapper mapper, Object value) {
        try {
            String text = mapper.writeValueAsString(value);
            return text.endsWith("\n") ? text : text + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("status cannot be rendered as " + name(), e);
        }
    }
}
