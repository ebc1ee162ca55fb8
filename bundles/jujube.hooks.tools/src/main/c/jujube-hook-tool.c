/*
 * jujube-hook-tool: the native forwarder behind every hook tool (relation-get, relation-set, ...).
 *
 * It exists only to make a tool call cost what a process start costs (about 1 ms, where a JVM takes
 * 60 to 90). It holds no tool logic: it sends argv, the working directory, a few environment variables
 * (JUJU_REMOTE_UNIT, JUJU_RELATION_ID, JUJU_RELATION and every VAR_*) and, when the agent asks for it,
 * stdin to the unit agent, then prints the stdout and stderr the agent answers and exits with its code.
 * The socket is -s SOCKET (or --socket), else $JUJU_AGENT_SOCKET, else $JUJU_SOCKET; with none it exits 2
 * with the original's "No JUJU_AGENT_SOCKET/-s option found". Parsing, validation, formatting and
 * messages all live in Java (jujube.hooks.tools), where they are tested.
 *
 * Protocol (see ToolCommandHandler): frames of a 4-byte big-endian length and UTF-8 JSON.
 *   -> {"id":1,"command":"tool","client_id":C,"args":{"argv":[...],"cwd":"...","env":{...}}}
 *   <- {"id":1,"result":{"stdout":"...","stderr":"...","exit":N}}   print, exit N
 *   <- {"id":1,"result":{"need_stdin":true}}                         read stdin to EOF, resend with
 *   -> {"id":2,...,"args":{...,"stdin":"..."}}                         "stdin" on the same connection
 *   <- {"id":N,"error":{"code":"...","message":"..."}}                 message on stderr, exit 1
 * Called as jujube-hook-tool --probe, it prints its name and exits 0 without a socket: the installer
 * uses that to check the binary runs on this machine.
 *
 * Called as jujube-hook-leader [--cgroup PROCS]... PROGRAM [ARG...], it does what setsid(1) does and nothing
 * more: setsid(2) (unless it already leads its session, as when posix_spawn made it so), then exec PROGRAM
 * in place, so that the agent starts each hook as the leader of its own session and process group (a
 * hook's "kill 0" stays in the hook; a timeout kills the whole group). It replaces /usr/bin/setsid only
 * because this binary is static: an exec without the dynamic loader costs a fraction, and every hook pays
 * it. With --cgroup it first moves itself into the cgroup whose cgroup.procs file is PROCS (writing "0"
 * there moves the writer, in cgroup v1 and v2), for each one given: the hook then starts inside its unit's
 * cgroups (its process limit, its share of the processor), and nothing it forks can have started outside. An exec that meets ETXTBSY is tried again for a
 * moment (see there).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define LEADER "jujube-hook-leader"

#define MAX_ANSWER (64u << 20)
/* The largest request payload the agent reads (FrameCodec.MAX_REQUEST_BYTES): checked here first, so a call
   too large gets its reason rather than a connection the agent closed, and stdin is never read past it. */
#define MAX_REQUEST (1u << 20)

struct buf { char *p; size_t n, cap; };

static const char *tool = "jujube-hook-tool";
static const char *forwarded_env[] = { "JUJU_REMOTE_UNIT", "JUJU_RELATION_ID", "JUJU_RELATION", NULL };
#define FORWARDED_PREFIX "VAR_"

extern char **environ;

static void die(const char *what) {
    fprintf(stderr, "%s: error: %s\n", tool, what);
    exit(1);
}

static void put(struct buf *b, const void *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        while (b->n + n + 1 > b->cap) b->cap = b->cap ? b->cap * 2 : 4096;
        if (!(b->p = realloc(b->p, b->cap))) die("out of memory");
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void puts_raw(struct buf *b, const char *s) { put(b, s, strlen(s)); }

/* A JSON string: control characters, quote and backslash escaped; other bytes pass as they are. */
static void put_json(struct buf *b, const char *s, size_t n) {
    char esc[8];
    put(b, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { esc[0] = '\\'; esc[1] = (char)c; put(b, esc, 2); }
        else if (c < 0x20 || c == 0x7f) { snprintf(esc, sizeof esc, "\\u%04x", c); put(b, esc, 6); }
        else put(b, &s[i], 1);
    }
    put(b, "\"", 1);
}

static void write_all(int fd, const char *p, size_t n, int sock) {
    while (n > 0) {
        ssize_t w = sock ? send(fd, p, n, MSG_NOSIGNAL) : write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) die(sock ? "cannot write to the agent socket" : "cannot write output");
        p += w; n -= (size_t)w;
    }
}

static void read_exact(int fd, char *p, size_t n) {
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) die("the agent closed the connection without an answer");
        p += r; n -= (size_t)r;
    }
}

static void send_request(int fd, int id, int argc, char **argv, const struct buf *in) {
    struct buf b = {0};
    char head[64], cwd[4096];
    const char *cid = getenv("JUJU_CLIENT_ID");
    snprintf(head, sizeof head, "{\"id\":%d,\"command\":\"tool\",\"client_id\":", id);
    puts_raw(&b, head);
    if (cid) put_json(&b, cid, strlen(cid)); else puts_raw(&b, "null");
    puts_raw(&b, ",\"args\":{\"argv\":[");
    for (int i = 0; i < argc; i++) {
        if (i) puts_raw(&b, ",");
        put_json(&b, argv[i], strlen(argv[i]));
    }
    if (!getcwd(cwd, sizeof cwd)) die("cannot read the working directory");
    puts_raw(&b, "],\"cwd\":");
    put_json(&b, cwd, strlen(cwd));
    puts_raw(&b, ",\"env\":{");
    int first = 1;
    for (int i = 0; forwarded_env[i]; i++) {
        const char *v = getenv(forwarded_env[i]);
        if (!v) continue;
        if (!first) puts_raw(&b, ",");
        first = 0;
        put_json(&b, forwarded_env[i], strlen(forwarded_env[i]));
        puts_raw(&b, ":");
        put_json(&b, v, strlen(v));
    }
    /* VAR_* too: relation-get --format=shell clears what an earlier eval of its output left */
    for (char **e = environ; *e; e++) {
        const char *eq = strchr(*e, '=');
        if (strncmp(*e, FORWARDED_PREFIX, strlen(FORWARDED_PREFIX)) || !eq) continue;
        if (!first) puts_raw(&b, ",");
        first = 0;
        put_json(&b, *e, (size_t)(eq - *e));
        puts_raw(&b, ":");
        put_json(&b, eq + 1, strlen(eq + 1));
    }
    puts_raw(&b, "}");
    if (in) { puts_raw(&b, ",\"stdin\":"); put_json(&b, in->p ? in->p : "", in->n); }
    puts_raw(&b, "}}");
    if (b.n > MAX_REQUEST) {
        fprintf(stderr, "%s: error: the call is %zu bytes (arguments, environment and stdin), more than the %u bytes"
                " the unit agent reads\n", tool, b.n, MAX_REQUEST);
        exit(1);
    }
    unsigned char len[4] = { (unsigned char)(b.n >> 24), (unsigned char)(b.n >> 16),
                             (unsigned char)(b.n >> 8), (unsigned char)b.n };
    write_all(fd, (const char *)len, 4, 1);
    write_all(fd, b.p, b.n, 1);
    free(b.p);
}

/* ---- a minimal JSON reader: just enough to find result.stdout/stderr/exit/need_stdin and error ---- */

struct cur { const char *p, *end; };

static void ws(struct cur *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++;
}

static int expect(struct cur *c, char ch) {
    ws(c);
    if (c->p < c->end && *c->p == ch) { c->p++; return 1; }
    return 0;
}

static int hex4(const char *p, unsigned *out) {
    *out = 0;
    for (int i = 0; i < 4; i++) {
        char h = p[i];
        *out <<= 4;
        if (h >= '0' && h <= '9') *out |= (unsigned)(h - '0');
        else if (h >= 'a' && h <= 'f') *out |= (unsigned)(h - 'a' + 10);
        else if (h >= 'A' && h <= 'F') *out |= (unsigned)(h - 'A' + 10);
        else return 0;
    }
    return 1;
}

static void put_utf8(struct buf *b, unsigned cp) {
    char u[4];
    if (cp < 0x80) { u[0] = (char)cp; put(b, u, 1); }
    else if (cp < 0x800) { u[0] = (char)(0xc0 | cp >> 6); u[1] = (char)(0x80 | (cp & 0x3f)); put(b, u, 2); }
    else if (cp < 0x10000) {
        u[0] = (char)(0xe0 | cp >> 12); u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        u[2] = (char)(0x80 | (cp & 0x3f)); put(b, u, 3);
    } else {
        u[0] = (char)(0xf0 | cp >> 18); u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); u[3] = (char)(0x80 | (cp & 0x3f)); put(b, u, 4);
    }
}

/* Reads a string into out (NULL to skip it); returns 0 on malformed input. */
static int str(struct cur *c, struct buf *out) {
    struct buf sink = {0};
    if (!out) out = &sink;
    if (!expect(c, '"')) return 0;
    while (c->p < c->end && *c->p != '"') {
        if (*c->p != '\\') { put(out, c->p++, 1); continue; }
        if (++c->p >= c->end) return 0;
        char e = *c->p++;
        const char *simple = strchr("\"\\/bfnrt", e);
        if (simple && e) { put(out, &"\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"], 1); continue; }
        unsigned cp, lo;
        if (e != 'u' || c->end - c->p < 4 || !hex4(c->p, &cp)) return 0;
        c->p += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && c->end - c->p >= 6 && c->p[0] == '\\' && c->p[1] == 'u'
                && hex4(c->p + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            c->p += 6;
        }
        put_utf8(out, cp);
    }
    free(sink.p);
    return expect(c, '"');
}

/* Skips any value; depth bounds recursion on hostile input. */
static int skip(struct cur *c, int depth) {
    ws(c);
    if (c->p >= c->end || depth > 64) return 0;
    if (*c->p == '"') return str(c, NULL);
    if (*c->p == '{' || *c->p == '[') {
        char close = *c->p == '{' ? '}' : ']';
        c->p++;
        if (expect(c, close)) return 1;
        do {
            if (close == '}' && (!str(c, NULL) || !expect(c, ':'))) return 0;
            if (!skip(c, depth + 1)) return 0;
        } while (expect(c, ','));
        return expect(c, close);
    }
    const char *start = c->p;
    while (c->p < c->end && strchr("+-.0123456789eEtruefalsn", *c->p)) c->p++;
    return c->p > start;
}

struct answer { struct buf out, err, code, message; long exit; int has_exit, need_stdin, is_error; };

/* Reads the members of an object, keeping those answer wants; nested is "result" or "error". */
static int members(struct cur *c, struct answer *a, const char *nested) {
    if (!expect(c, '{')) return 0;
    if (expect(c, '}')) return 1;
    do {
        struct buf key = {0};
        if (!str(c, &key) || !expect(c, ':')) return 0;
        put(&key, "", 1);
        const char *k = key.p;
        int ok;
        ws(c);
        if (!nested && (!strcmp(k, "result") || !strcmp(k, "error")) && c->p < c->end && *c->p == '{') {
            a->is_error = !strcmp(k, "error");
            ok = members(c, a, k);
        } else if (nested && !strcmp(nested, "result") && !strcmp(k, "stdout")) ok = str(c, &a->out);
        else if (nested && !strcmp(nested, "result") && !strcmp(k, "stderr")) ok = str(c, &a->err);
        else if (nested && !strcmp(nested, "error") && !strcmp(k, "code")) ok = str(c, &a->code);
        else if (nested && !strcmp(nested, "error") && !strcmp(k, "message")) ok = str(c, &a->message);
        else if (nested && !strcmp(k, "exit")) {
            char *e;
            a->exit = strtol(c->p, &e, 10);
            ok = a->has_exit = e > c->p && e <= c->end;
            c->p = e;
        } else if (nested && !strcmp(k, "need_stdin") && c->end - c->p >= 4 && !strncmp(c->p, "true", 4)) {
            a->need_stdin = 1;
            ok = skip(c, 1);
        } else ok = skip(c, 1);
        free(key.p);
        if (!ok) return 0;
    } while (expect(c, ','));
    return expect(c, '}');
}

static void read_answer(int fd, struct answer *a) {
    unsigned char len[4];
    read_exact(fd, (char *)len, 4);
    uint32_t n = (uint32_t)len[0] << 24 | (uint32_t)len[1] << 16 | (uint32_t)len[2] << 8 | len[3];
    if (n > MAX_ANSWER) die("the agent's answer is too large");
    char *payload = malloc(n + 1);
    if (!payload) die("out of memory");
    read_exact(fd, payload, n);
    payload[n] = '\0'; /* strtol must stop inside the payload */
    struct cur c = { payload, payload + n };
    memset(a, 0, sizeof *a);
    if (!members(&c, a, NULL)) die("the agent sent an answer this tool cannot read");
    free(payload);
}

/* Moves this process into the cgroup of the given cgroup.procs file, or exits 126 saying why. */
static void join_cgroup(const char *procs) {
    int fd = open(procs, O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, "0", 1) != 1) {
        fprintf(stderr, "%s: cannot join the hook's cgroup %s: %s\n", tool, procs, strerror(errno));
        exit(126);
    }
    close(fd);
}

/* The socket as the original took it: -s SOCKET or --socket[=]SOCKET before any "--", else
   $JUJU_AGENT_SOCKET, else $JUJU_SOCKET; NULL when none is set. */
static const char *socket_path(int argc, char **argv) {
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) break;
        if ((!strcmp(argv[i], "-s") || !strcmp(argv[i], "--socket")) && i + 1 < argc) path = argv[++i];
        else if (!strncmp(argv[i], "--socket=", 9)) path = argv[i] + 9;
    }
    if (!path || !*path) path = getenv("JUJU_AGENT_SOCKET");
    if (!path || !*path) path = getenv("JUJU_SOCKET");
    return path && *path ? path : NULL;
}

int main(int argc, char **argv) {
    if (argc < 1 || !argv[0]) die("called without a name");
    const char *slash = strrchr(argv[0], '/');
    tool = slash ? slash + 1 : argv[0];
    if (argc == 2 && !strcmp(argv[1], "--probe") && !strcmp(tool, "jujube-hook-tool")) {
        puts("jujube-hook-tool");
        return 0;
    }
    if (!strcmp(tool, LEADER)) {
        int first = 1;
        while (argc > first + 2 && !strcmp(argv[first], "--cgroup")) {
            join_cgroup(argv[first + 1]);
            first += 2;
        }
        if (argc <= first) die("usage: " LEADER " [--cgroup PROCS]... PROGRAM [ARG...]");
        if (setsid() < 0 && getsid(0) != getpid()) die("setsid failed");
        execv(argv[first], argv + first);
        /* "Text file busy": a hook written moments ago (a freshly unpacked charm) while a process forked
           meanwhile by another thread of the agent still holds the descriptor it was written through,
           until that child reaches its own exec. It passes within milliseconds. */
        for (unsigned attempt = 1; errno == ETXTBSY && attempt < 8; attempt++) {
            usleep(20000u * attempt);
            execv(argv[first], argv + first);
        }
        fprintf(stderr, "%s: cannot run %s: %s\n", tool, argv[first], strerror(errno));
        return errno == ENOENT ? 127 : 126;
    }
    const char *path = socket_path(argc, argv);
    if (!path) {
        /* the original's words and its exit code (argparse's, for a usage error) */
        fprintf(stderr, "%s: error: No JUJU_AGENT_SOCKET/-s option found\n", tool);
        return 2;
    }
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof addr.sun_path) die("the agent socket path is too long");
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        fprintf(stderr, "%s: error: cannot connect to the unit agent at %s: %s\n", tool, path, strerror(errno));
        exit(1);
    }

    struct answer a;
    argv[0] = (char *)tool;
    send_request(fd, 1, argc, argv, NULL);
    read_answer(fd, &a);
    if (!a.is_error && a.need_stdin) {
        struct buf in = {0};
        char chunk[65536];
        ssize_t r;
        while ((r = read(0, chunk, sizeof chunk)) != 0) {
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) die("cannot read stdin");
            put(&in, chunk, (size_t)r);
            if (in.n > MAX_REQUEST) {
                fprintf(stderr, "%s: error: stdin holds more than the %u bytes a tool call may send\n", tool, MAX_REQUEST);
                exit(1);
            }
        }
        send_request(fd, 2, argc, argv, &in);
        read_answer(fd, &a);
    }
    close(fd);
    if (a.is_error) {
        put(&a.message, "", 1);
        put(&a.code, "", 1);
        fprintf(stderr, "%s: error: %s (%s)\n", tool, a.message.p, a.code.p);
        return 1;
    }
    if (!a.has_exit) die("the agent sent an answer without an exit code");
    write_all(1, a.out.p, a.out.n, 0);
    write_all(2, a.err.p, a.err.n, 0);
    return (int)(a.exit & 0xff);
}
