package jujube.process;

import java.nio.file.Path;
import org.osgi.annotation.versioning.ProviderType;

/** Opens {@link ProcessRecord}s: a service. */
@ProviderType
public interface ProcessRecords {

    /**
     * The record in {@code file} (its directory made when it is first written), of the processes
     * {@code owner} starts one at a time; {@code owner} names them in log lines ({@code unit wordpress/0}).
     */
    ProcessRecord open(String owner, Path file);
}
