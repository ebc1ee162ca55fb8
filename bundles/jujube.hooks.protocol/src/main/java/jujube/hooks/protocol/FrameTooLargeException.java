package jujube.hooks.protocol;

import java.io.IOException;

/**
 * A frame announced a length above the limit (or a negative one). The stream cannot be resynchronised
 * without reading the oversized payload, so the connection is answered once and then closed.
 */
public class FrameTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long announcedLength;

    public FrameTooLargeException(long announcedLength, int limit) {
        super("frame of " + announcedLength + " bytes exceeds the limit of " + limit + " bytes");
        this.announcedLength = announcedLength;
    }

    public long announcedLength() {
        return announcedLength;
    }
}
