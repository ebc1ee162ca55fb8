package jujube.lib.logging;

import ch.qos.logback.core.rolling.TriggeringPolicyBase;
import ch.qos.logback.core.util.FileSize;
import java.io.File;

/**
 * Rolls the log file as soon as it has reached {@code maxFileSize}: the file is looked at before each
 * record is written, so no file ends more than one record past the size. Logback's own
 * {@code SizeBasedTriggeringPolicy} looks at it only every so many records, up to 65,536 apart when they
 * come fast, which let a log of a hook's burst of output grow to many times its size before it rolled.
 * Looking costs one {@code stat} of the file per record.
 *
 * @param <E> the records
 */
public final class FileSizeTriggeringPolicy<E> extends TriggeringPolicyBase<E> {
    private volatile long maxFileBytes = FileSize.valueOf("10MB").getSize();

    @Override
    public boolean isTriggeringEvent(File activeFile, E event) {
        return activeFile.length() >= maxFileBytes;
    }

    /** Set by Logback from the configuration's {@code maxFileSize} (bytes, or with KB, MB, GB). */
    public void setMaxFileSize(FileSize size) {
        this.maxFileBytes = size.getSize();
    }

    public long maxFileBytes() {
        return maxFileBytes;
    }
}
