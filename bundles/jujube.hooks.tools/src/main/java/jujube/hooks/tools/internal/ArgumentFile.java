package jujube.hooks.tools.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * A file named on a tool's command line ({@code relation-set key=@path} as in the original, or the
 * whole-argument {@code @path}), read by the agent on the hook's behalf. The path resolves against the
 * tool's working directory as the forwarder reported it, never the agent's.
 *
 * <p>The agent must not be made to read without bound or to block: the size is checked before the file
 * is opened and the read stops one byte past {@link #MAX_BYTES} (character devices such as
 * {@code /dev/zero} report size 0); pipes and sockets are refused, since opening a pipe nobody writes
 * would block the agent's thread. Names of the calling process's own descriptors ({@code /dev/fd/N},
 * {@code /proc/self/...}) would open the agent's, so they are refused, except that {@code /dev/stdin}
 * (and {@code /dev/fd/0}) is the tool's standard input, which the forwarder sends.
 *
 * <p>Known gap: a check-then-open race (a pipe swapped in between) can still block one tool call.
 */
final class ArgumentFile {
    /** The most a file argument may hold; a relation's settings node is itself limited to 1 MiB. */
    static final int MAX_BYTES = 1 << 20;

    private static final List<Path> STDIN = List.of(Path.of("/dev/stdin"), Path.of("/dev/fd/0"),
            Path.of("/proc/self/fd/0"), Path.of("/proc/thread-self/fd/0"));
    private static final List<Path> OWN_PROCESS = List.of(Path.of("/dev/fd"), Path.of("/dev/stdout"),
            Path.of("/dev/stderr"), Path.of("/proc/self"), Path.of("/proc/thread-self"));
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;

    private ArgumentFile() {
    }

    /** Whether {@code name}, resolved against {@code cwd}, is the tool's standard input. */
    static boolean isStdin(Path cwd, String name) {
        return STDIN.contains(cwd.resolve(name).normalize());
    }

    /**
     * Reads a file argument as UTF-8 text.
     *
     * @param argument the setting the file is the value of, named in messages as the original did, or null
     */
    static String readText(Path cwd, String name, String argument) throws ToolFailure {
        byte[] bytes = read(cwd, name, argument);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ToolFailure(name + " is not UTF-8 text" + where(argument));
        }
    }

    /** Reads a file argument's bytes, refusing what {@link ArgumentFile} says it refuses. */
    static byte[] read(Path cwd, String name, String argument) throws ToolFailure {
        if (name.isEmpty()) {
            throw new ToolFailure("No such file or directory: " + where(argument));
        }
        Path file = cwd.resolve(name);
        Path normal = file.normalize();
        if (OWN_PROCESS.stream().anyMatch(normal::startsWith)) {
            throw new ToolFailure("cannot read " + name + ": it names a descriptor of the tool's own process, "
                    + "which the unit agent cannot open; pipe the content to /dev/stdin instead" + where(argument));
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw failure(name, argument, e);
        }
        if (attributes.isDirectory()) {
            throw new ToolFailure("cannot read " + name + ": it is a directory" + where(argument));
        }
        if (attributes.isOther() && !isCharacterDevice(file)) {
            throw new ToolFailure("cannot read " + name + ": not a regular file (a pipe or a socket)" + where(argument));
        }
        if (attributes.size() > MAX_BYTES) {
            throw tooLarge(name, argument);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw tooLarge(name, argument);
            }
            return bytes;
        } catch (IOException e) {
            throw failure(name, argument, e);
        }
    }

    private static boolean isCharacterDevice(Path file) {
        try {
            return ((Integer) Files.getAttribute(file, "unix:mode") & S_IFMT) == S_IFCHR;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false; // without the unix view, nothing but regular files is read
        }
    }

    private static ToolFailure tooLarge(String name, String argument) {
        return new ToolFailure(name + " is larger than the " + (MAX_BYTES >> 20) + " MiB limit of a file argument"
                + where(argument));
    }

    private static ToolFailure failure(String name, String argument, IOException e) {
        if (e instanceof NoSuchFileException) {
            // the original's message (juju/hooks/cli.py), which charm authors may know
            return new ToolFailure("No such file or directory: " + name + where(argument));
        }
        return new ToolFailure("cannot read " + name + ": " + reason(e) + where(argument));
    }

    /** What went wrong with a file, in the words of the system rather than of the JDK's exception classes. */
    static String reason(IOException e) {
        return e instanceof NoSuchFileException ? "No such file or directory"
                : e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason()
                : String.valueOf(e.getMessage());
    }

    private static String where(String argument) {
        return argument == null ? "" : " (argument:" + argument + ")";
    }
}
