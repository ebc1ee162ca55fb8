package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import jujube.cli.CliException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube remove-unit UNIT...}: removes principal units (with the subordinates in their
 * containers). Every name is checked before the first is removed.
 */
@Command(name = "remove-unit", description = "Remove units from their services.")
public final class RemoveUnitCommand extends SessionCommand {
    @Parameters(arity = "1..*", paramLabel = "UNIT", description = "Unit names, e.g. blog/1.")
    List<String> names;

    @Override
    int run(EnvironmentSession session) {
        List<UnitInfo> units = new ArrayList<>();
        for (String name : names) {
            UnitInfo unit = session.state().units().get(UnitName.parse(name));
            if (unit.isSubordinate()) {
                String principal = unit.container().orElseThrow().service();
                throw new CliException("Unsupported attempt to remove subordinate unit '" + unit.name()
                        + "' while principal service '" + principal + "' is related.");
            }
            units.add(unit);
        }
        for (UnitInfo unit : units) {
            session.state().units().remove(unit.name());
            out().printf("Unit '%s' removed from service '%s'%n", unit.name(), unit.name().service());
        }
        return 0;
    }
}
