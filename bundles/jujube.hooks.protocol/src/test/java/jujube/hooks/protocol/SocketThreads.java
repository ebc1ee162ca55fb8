package jujube.hooks.protocol;

/** Test helper: counting the server's threads. */
final class SocketThreads {
    private SocketThreads() {
    }

    static long count() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("jujube-hooksocket-"))
                .count();
    }
}
