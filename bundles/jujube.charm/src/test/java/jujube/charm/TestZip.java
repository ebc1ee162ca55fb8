package jujube.charm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.zip.UnixStat;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/** Writes hand-made zips for tests: entries with unix modes, in any order, duplicates allowed. */
public final class TestZip implements AutoCloseable {
    private final ZipArchiveOutputStream out;

    public TestZip(Path zip) throws IOException {
        this.out = new ZipArchiveOutputStream(Files.newOutputStream(zip));
    }

    public TestZip file(String name, byte[] content, int permissions) throws IOException {
        return entry(name, UnixStat.FILE_FLAG | permissions, content);
    }

    public TestZip directory(String name, int permissions) throws IOException {
        return entry(name.endsWith("/") ? name : name + "/", UnixStat.DIR_FLAG | permissions, new byte[0]);
    }

    public TestZip symlink(String name, String target) throws IOException {
        return entry(name, UnixStat.LINK_FLAG | 0777, target.getBytes(StandardCharsets.UTF_8));
    }

    private TestZip entry(String name, int mode, byte[] content) throws IOException {
        ZipArchiveEntry entry = new ZipArchiveEntry(name);
        entry.setUnixMode(mode);
        out.putArchiveEntry(entry);
        out.write(content);
        out.closeArchiveEntry();
        return this;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
