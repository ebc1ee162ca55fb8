package jujube.process.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Clock;
import jujube.process.ProcessRecord;
import jujube.process.ProcessRecords;
import org.osgi.service.component.annotations.Component;

/** The {@link ProcessRecords} service: records as JSON files ({@link FileProcessRecord}). */
@Component(service = ProcessRecords.class)
public final class ProcessRecordsComponent implements ProcessRecords {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ProcessGroups groups = new ProcessGroups();

    @Override
    public ProcessRecord open(String owner, Path file) {
        return new FileProcessRecord(owner, file, mapper, groups, Clock.systemUTC());
    }
}
