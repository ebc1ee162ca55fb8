package jujube.provider.local.internal;

/**
 * The system calls a container machine is refused beyond what its missing capabilities refuse, in LXC's
 * seccomp policy language: LXC's own default list (no forced unmount, no kexec, no modules, no
 * {@code open_by_handle_at}, which once let a container open the host's files by handle) and what an
 * unprivileged container should not reach of the host's kernel: its keyrings (not namespaced), BPF
 * programs, performance counters, userfaultfd, the kernel's log, process accounting and swap.
 */
final class SeccompProfile {
    static final String TEXT = String.join("\n",
            "2",
            "denylist",
            "reject_force_umount",
            "[all]",
            "kexec_load errno 1",
            "kexec_file_load errno 1",
            "open_by_handle_at errno 1",
            "init_module errno 1",
            "finit_module errno 1",
            "delete_module errno 1",
            "keyctl errno 38",
            "add_key errno 38",
            "request_key errno 38",
            "bpf errno 1",
            "perf_event_open errno 1",
            "userfaultfd errno 1",
            "syslog errno 1",
            "acct errno 1",
            "swapon errno 1",
            "swapoff errno 1",
            "");

    private SeccompProfile() {
    }
}
