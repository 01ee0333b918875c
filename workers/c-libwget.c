/* uridiff worker (protocol uridiff-worker/1, workers/README.md): libwget, GNU Wget2's library
 * (Debian's wget2-dev), whose IRI routines read the addresses a web crawler meets.
 * Build and run:  cc -O2 -o c-libwget workers/c-libwget.c -lwget && ./c-libwget
 * (uridiff builds it into its cache directory on first use.)
 *
 * parse = wget_iri_parse(input, "utf-8") (the encoding the input is converted from; NULL would
 * be read as ISO-8859-1, as wget2 passes its locale's charset), then the fields of
 * wget_iri_t as the library holds them: a NULL field is an undefined component (null), "" an
 * empty one. wget.h documents host as "Lowercase and unescaped" and path, query and fragment
 * as "Unescaped"; the library unescapes host, path and fragment, and keeps the query as
 * written: each is reported as held. The path is held without the "/" that follows the
 * authority ("http://a/b" has the field "b"); libwget writes it back after a "/"
 * (wget_iri_get_escaped_resource), and so does the worker: path is "/" + the field, null
 * where the field is NULL. userinfo
 * is the userinfo field [":" password]. host is held without an IPv6 literal's brackets
 * (wget_iri_t.is_ip_address says it is one): reported as held. port: wget_iri_t.port holds
 * the scheme's default unless one is "explicitly given" (port_given): reported only when
 * given, else null. wget_iri_parse puts "http://" before an input without a scheme and fails
 * only where it cannot read a host, so it does not decide validity. libwget has no authority
 * text and no re-serialization of its own (wget_iri_t.uri is the input as given): neither is
 * reported. resolve = wget_iri_relative_to_abs(wget_iri_parse(base), input), its buffer's text.
 * libwget takes C strings: an input holding a NUL byte cannot be passed (rejected, code
 * "nul-byte"). The C library has no JSON reader: sdk/uridiff_worker.h has a small one.
 */
#define _POSIX_C_SOURCE 200809L
#include <wget.h>
#include <wgetver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKER "c-libwget"

/* The protocol's side, shared by uridiff's C workers (and offered to library maintainers):
 * workers/sdk/uridiff_worker.h, written beside the workers in uridiff's cache. */
#include "sdk/uridiff_worker.h"

/* ---- the library calls ------------------------------------------------------------------ */

static void put_rejected(Buf *out, const char *message, const char *code) {
    put(out, ",\"outcome\":\"rejected\",\"message\":");
    put_json_text(out, message, strlen(message));
    put(out, ",\"code\":\"");
    put(out, code);
    put(out, "\",\"offset\":null");
}

static void parse(Buf *out, const Field *input) {
    wget_iri_t *iri = wget_iri_parse(input->data, "utf-8");
    if (!iri) {
        put_rejected(out, "wget_iri_parse returned NULL", "NULL");
        return;
    }
    put(out, ",\"outcome\":\"accepted\",\"components\":{\"scheme\":");
    put_bytes(out, iri->scheme);
    put(out, ",\"userinfo\":");
    if (iri->userinfo) {
        Buf u = {0};
        put(&u, iri->userinfo);
        if (iri->password) { put(&u, ":"); put(&u, iri->password); }
        put_bytes(out, u.data);
        free(u.data);
    } else {
        put(out, "null");
    }
    put(out, ",\"host\":");
    put_bytes(out, iri->host);
    put(out, ",\"port\":");
    if (iri->port_given) {
        char port[8];
        snprintf(port, sizeof port, "%u", (unsigned)iri->port);
        put_bytes(out, port);
    } else {
        put(out, "null");
    }
    put(out, ",\"path\":");
    if (iri->path) {
        Buf p = {0};
        put(&p, "/");
        put(&p, iri->path);
        put_bytes(out, p.data);
        free(p.data);
    } else {
        put(out, "null");
    }
    put(out, ",\"query\":");
    put_bytes(out, iri->query);
    put(out, ",\"fragment\":");
    put_bytes(out, iri->fragment);
    put(out, "}");
    wget_iri_free(&iri);
}

static void resolve(Buf *out, const Field *base, const Field *input) {
    wget_iri_t *iri = wget_iri_parse(base->data, "utf-8");
    if (!iri) {
        put_rejected(out, "wget_iri_parse returned NULL for the base", "NULL");
        return;
    }
    wget_buffer_t *buf = wget_buffer_alloc(256);
    if (!buf) {
        /* No buffer (out of memory): this worker's failure, not libwget's answer. */
        put_crashed(out, "wget_buffer_alloc returned NULL (out of memory)");
        wget_iri_free(&iri);
        return;
    }
    const char *target = wget_iri_relative_to_abs(iri, input->data, input->len, buf);
    if (target) {
        put(out, ",\"outcome\":\"accepted\",\"value\":");
        put_bytes(out, target);
    } else {
        put_rejected(out, "wget_iri_relative_to_abs returned NULL", "NULL");
    }
    wget_buffer_free(&buf);
    wget_iri_free(&iri);
}

static int has_nul(const Field *f) { return f->present && strlen(f->data) != f->len; }

/* Answers one request line into out; returns 0 for shutdown. */
static int handle(const char *line, size_t n, Buf *out) {
    Reader r = {line, 0, n, NULL};
    Request q = {0};
    int ok = read_request(&r, &q);
    put(out, "{\"id\":");
    put(out, q.id ? q.id : "null");
    const char *op = q.op ? q.op : "";
    if (!ok) {
        put(out, ",\"outcome\":\"error\",\"message\":");
        char why[160];
        snprintf(why, sizeof why, "bad request: %s at byte %zu", r.error, r.i);
        put_json_text(out, why, strlen(why));
    } else if (!strcmp(op, "shutdown")) {
        free_request(&q);
        return 0;
    } else if ((!strcmp(op, "parse") && !q.input.present) ||
               (!strcmp(op, "resolve") && (!q.input.present || !q.base.present))) {
        put(out, ",\"outcome\":\"error\",\"message\":\"missing field input or base\"");
    } else if ((!strcmp(op, "parse") || !strcmp(op, "resolve")) &&
               (has_nul(&q.input) || has_nul(&q.base))) {
        put_rejected(out, "libwget takes a C string: the input holds a NUL byte", "nul-byte");
    } else if (!strcmp(op, "parse")) {
        parse(out, &q.input);
    } else if (!strcmp(op, "resolve")) {
        resolve(out, &q.base, &q.input);
    } else if (!strcmp(op, "normalize") || !strcmp(op, "equivalent")) {
        put(out, ",\"outcome\":\"unsupported\",\"message\":\"libwget's IRI routines have no ");
        put(out, op);
        put(out, "\"");
    } else {
        put(out, ",\"outcome\":\"error\",\"message\":");
        char why[160];
        snprintf(why, sizeof why, "unknown op %.100s", q.op ? q.op : "(none)");
        put_json_text(out, why, strlen(why));
    }
    put(out, "}\n");
    free_request(&q);
    return 1;
}

int main(void) {
    Buf out = {0};
    /* libwget has no version call: the header's LIBWGET_VERSION is the library's own word
     * (Debian 12's wget2 1.99.1 ships a wgetver.h that says "0.0.1"). */
    const char *version = LIBWGET_VERSION;
    put(&out, "{\"protocol\":\"uridiff-worker/1\",\"name\":\"" WORKER "\",\"version\":");
    put_json_text(&out, version, strlen(version));
    put(&out, ",\"profile\":\"libwget\",\"operations\":[\"parse\",\"resolve\"],"
              "\"components\":[\"scheme\",\"userinfo\",\"host\",\"port\",\"path\",\"query\","
              "\"fragment\"],\"decides_validity\":false,\"library\":");
    char library[120];
    snprintf(library, sizeof library, "libwget (GNU Wget2), LIBWGET_VERSION %s", version);
    put_json_text(&out, library, strlen(library));
    put(&out, ",\"notes\":[\"host, path and fragment percent-decoded, as wget_iri_t "
              "holds them\",\"path: '/' and the field, as libwget writes it back\",\"port: only when "
              "given (port_given)\",\"an input without a scheme is read as http\"]}\n");
    fwrite(out.data, 1, out.len, stdout);
    fflush(stdout);
    Lines in = {0};
    char *line;
    size_t n;
    while (next_line(&in, &line, &n)) {
        while (n > 0 && line[n - 1] == '\r') n--;
        if (n == 0) continue;
        out.len = 0;
        if (!handle(line, n, &out)) break;
        fwrite(out.data, 1, out.len, stdout);
        /* Flushed when no whole request is left to answer (uridiff_worker.h, line_at_hand). */
        if (!line_at_hand(&in)) fflush(stdout);
    }
    fflush(stdout);
    free(in.data);
    free(out.data);
    return 0;
}
