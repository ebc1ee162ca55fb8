package jujube.charm.internal;

/**
 * One central-directory record of a zip file, with what the JDK's zip API hides: the unix mode kept in
 * the high half of the external attributes when the archive was made on unix.
 */
public record ZipEntryInfo(
        String name,
        int versionMadeBy,
        int flags,
        int method,
        long crc,
        long compressedSize,
        long size,
        int externalAttributes,
        long localHeaderOffset) {

    public static final int TYPE_MASK = 0170000;
    public static final int REGULAR = 0100000;
    public static final int DIRECTORY = 0040000;
    public static final int SYMLINK = 0120000;
    private static final int MADE_ON_UNIX = 3;
    private static final int MSDOS_DIRECTORY = 0x10;

    /** The unix mode, or 0 when the archive was not made on unix and so carries none. */
    public int unixMode() {
        return (versionMadeBy >> 8) == MADE_ON_UNIX ? externalAttributes >>> 16 : 0;
    }

    public boolean isDirectory() {
        return name.endsWith("/") || (unixMode() & TYPE_MASK) == DIRECTORY || (externalAttributes & MSDOS_DIRECTORY) != 0;
    }

    public boolean isSymlink() {
        return (unixMode() & TYPE_MASK) == SYMLINK;
    }

    /** The permission bits to give the extracted file, with a sane default for archives that carry none. */
    public int permissions() {
        int mode = unixMode() & 0777;
        if (mode == 0) {
            return isDirectory() ? 0755 : 0644;
        }
        return mode;
    }
}
