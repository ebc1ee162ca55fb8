package jujube.itests.throwing;

/**
 * The component of a bundle that throws in its activation, which {@link jujube.itests.ThrowingBundle}
 * packs from this class alone: an upgrade that brings it must be undone.
 */
public final class ThrowingComponent {
    public ThrowingComponent() {
        throw new IllegalStateException("broken on purpose");
    }
}
