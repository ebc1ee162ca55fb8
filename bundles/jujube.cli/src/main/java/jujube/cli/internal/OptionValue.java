package jujube.cli.internal;

import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;

/**
 * Where a model built by hand keeps one option's value (what an annotated field is to picocli's models
 * read from annotations): picocli sets it, with the default applied, before the command runs.
 */
final class OptionValue<T> implements IGetter, ISetter {
    private T value;

    /** The value parsed or defaulted; null when the option has no default and was not given. */
    T value() {
        return value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R get() {
        return (R) value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R set(R newValue) {
        R old = (R) value;
        value = (T) newValue;
        return old;
    }
}
