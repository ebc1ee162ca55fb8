package jujube.cli.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

/** How status is printed. */
enum StatusFormat {
    yaml(new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))),
    json(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT));

    private final ObjectMapper mapper;

    StatusFormat(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    String render(Object status) {
        try {
            String text = mapper.writeValueAsString(status);
            return text.endsWith("\n") ? text : text + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("status cannot be rendered as " + name(), e);
        }
    }
}
