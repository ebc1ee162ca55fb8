package jujube.hooks.internal;

import java.io.IOException;
import java.util.function.Consumer;
import jujube.hooks.UnitHookRunner;
import jujube.hooks.UnitHookRunners;
import jujube.hooks.UnitHookSetup;
import jujube.process.ProcessRecords;
import jujube.process.RecordedProcess;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** The {@link UnitHookRunners} service: runners that record each unit's running hook with {@link ProcessRecords}. */
@Component(service = UnitHookRunners.class)
public final class UnitHookRunnersComponent implements UnitHookRunners {
    private final ProcessRecords records;

    @Activate
    public UnitHookRunnersComponent(@Reference(name = "records") ProcessRecords records) {
        this.records = records;
    }

    @Override
    public UnitHookRunner start(UnitHookSetup setup) throws IOException {
        return ContextUnitHookRunner.start(setup, records, process -> { });
    }

    @Override
    public UnitHookRunner start(UnitHookSetup setup, Consumer<RecordedProcess> waiting) throws IOException {
        return ContextUnitHookRunner.start(setup, records, waiting);
    }
}
