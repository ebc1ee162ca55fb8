package jujube.hooks;

import java.util.Objects;

/**
 * A hook run by {@link UnitHookRunner#execute}: how it ended and, when it succeeded, the effects it
 * asked for, not applied yet ({@link HookEffects#none()} when it failed: a failed hook's writes are
 * discarded).
 */
public record ExecutedHook(HookResult result, HookEffects effects) {

    public ExecutedHook {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(effects, "effects");
        if (!result.isSuccess() && !effects.writesNothing()) {
            throw new IllegalArgumentException("a failed hook has no effects");
        }
    }
}
