package jujube.itests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.apache.commons.compress.archivers.zip.UnixStat;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipMethod;

/**
 * The charm cases of {@code bad-input/charms.yaml} (its header says the format), each built into an
 * archive in a repository of its own: entries as described, in order, duplicates and names no builder
 * would write included. Zip-bomb entries are deflated once and stored raw as many times as asked, so a
 * gigabyte of declared content costs a fraction of a second to build.
 */
final class BadCharms {
    /** One case: its name, the line deploy must print (placeholders expanded), and its repository. */
    /** @param storedAs for a case that deploys, the archive's name in the charm storage */
    record Case(String name, String error, boolean deploys, Path repository, Path archive, String storedAs) {}

    private BadCharms() {}

    static List<Case> build(Path root) throws IOException {
        JsonNode cases;
        try (InputStream in = BadCharms.class.getResourceAsStream("/bad-input/charms.yaml")) {
            cases = new ObjectMapper(new YAMLFactory()).readTree(in);
        }
        List<Case> built = new ArrayList<>();
        for (JsonNode c : cases) {
            String name = c.path("case").asText();
            Path repository = root.resolve(name);
            Path archive = Files.createDirectories(repository.resolve("precise")).resolve(name + ".charm");
            JsonNode whole = c.path("archive");
            if (whole.has("sparse")) {
                try (RandomAccessFile file = new RandomAccessFile(archive.toFile(), "rw")) {
                    file.setLength(whole.get("sparse").asLong());
                }
            } else if (whole.has("text")) {
                Files.writeString(archive, whole.get("text").asText());
            } else {
                zip(archive, name, c);
            }
            String error = CorpusTable.expand(c.path("error").asText(""),
                    Map.of("repo", repository.toString(), "archive", archive.toString()));
            built.add(new Case(name, error, c.path("deploys").asBoolean(false), repository, archive,
                    c.path("stored-as").asText("local_precise_" + name + "-1.charm")));
        }
        return built;
    }

    private static void zip(Path archive, String name, JsonNode c) throws IOException {
        Map<String, byte[]> base = new LinkedHashMap<>();
        if (c.path("base").asBoolean(true)) {
            base.put("metadata.yaml", ("name: " + name + "\nsummary: a bad charm\ndescription: from the bad-input corpus\n")
                    .getBytes(StandardCharsets.UTF_8));
            base.put("revision", "1\n".getBytes(StandardCharsets.UTF_8));
            base.put("hooks/install", "#!/bin/sh\n".getBytes(StandardCharsets.UTF_8));
        }
        List<JsonNode> entries = new ArrayList<>();
        c.path("entries").forEach(entries::add);
        entries.forEach(e -> base.remove(e.path("file").asText()));
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(Files.newOutputStream(archive))) {
            for (Map.Entry<String, byte[]> file : base.entrySet()) {
                file(zip, file.getKey(), file.getValue(), file.getKey().startsWith("hooks/") ? 0755 : 0644);
            }
            for (JsonNode e : entries) {
                if (e.has("file")) {
                    String fileName = CorpusTable.expand(e.get("file").asText(), Map.of());
                    byte[] content = e.has("latin1") ? e.get("latin1").asText().getBytes(StandardCharsets.ISO_8859_1)
                            : CorpusTable.expand(e.path("text").asText(), Map.of()).getBytes(StandardCharsets.UTF_8);
                    file(zip, fileName, content, 0755);
                } else if (e.has("link")) {
                    entry(zip, e.get("link").asText(), UnixStat.LINK_FLAG | 0777, e.get("to").asText().getBytes(StandardCharsets.UTF_8));
                } else if (e.has("zeros")) {
                    zeros(zip, e.get("zeros").asText(), e.get("bytes").asInt(), e.get("copies").asInt());
                } else if (e.has("empty-files")) {
                    for (int i = 1; i <= e.get("empty-files").asInt(); i++) {
                        file(zip, "f-" + i, new byte[0], 0644);
                    }
                } else {
                    throw new IllegalStateException("charms.yaml: unknown entry " + e);
                }
            }
        }
    }

    private static void file(ZipArchiveOutputStream zip, String name, byte[] content, int mode) throws IOException {
        entry(zip, name, UnixStat.FILE_FLAG | mode, content);
    }

    private static void entry(ZipArchiveOutputStream zip, String name, int mode, byte[] content) throws IOException {
        ZipArchiveEntry entry = new ZipArchiveEntry(name);
        entry.setUnixMode(mode);
        zip.putArchiveEntry(entry);
        zip.write(content);
        zip.closeArchiveEntry();
    }

    /** {@code copies} entries of {@code bytes} zero bytes each, deflated once and written raw. */
    private static void zeros(ZipArchiveOutputStream zip, String name, int bytes, int copies) throws IOException {
        ByteArrayOutputStream deflated = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true); // raw deflate, as zip stores it
        byte[] chunk = new byte[1 << 20];
        CRC32 crc = new CRC32();
        try (DeflaterOutputStream out = new DeflaterOutputStream(deflated, deflater)) {
            for (int left = bytes; left > 0; left -= chunk.length) {
                int n = Math.min(left, chunk.length);
                out.write(chunk, 0, n);
                crc.update(chunk, 0, n);
            }
        } finally {
            deflater.end();
        }
        byte[] raw = deflated.toByteArray();
        for (int i = 1; i <= copies; i++) {
            ZipArchiveEntry entry = new ZipArchiveEntry(name + "-" + i);
            entry.setMethod(ZipMethod.DEFLATED.getCode());
            entry.setSize(bytes);
            entry.setCompressedSize(raw.length);
            entry.setCrc(crc.getValue());
            entry.setUnixMode(UnixStat.FILE_FLAG | 0644);
            zip.addRawArchiveEntry(entry, new ByteArrayInputStream(raw));
        }
    }
}
