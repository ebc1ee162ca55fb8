package jujube.cli.internal;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A command that works on a running environment: it gets a connected session, and its output goes to
 * the command line's writers. Subclasses validate everything they can before their first write, so a
 * refused command leaves the state as it was.
 */
abstract class SessionCommand implements Callable<Integer> {
    @Mixin
    EnvironmentOption environment;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        int code;
        try (EnvironmentSession session = EnvironmentSession.open(environment)) {
            code = run(session);
        }
        out().flush();
        err().flush();
        return code;
    }

    /** Does the command's work; returns its exit code. */
    abstract int run(EnvironmentSession session);

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Where warnings go: what the command does not stop for, but the operator should read. */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** A usage error: exit code 2. */
    ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
