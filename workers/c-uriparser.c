/* uridiff worker (protocol uridiff-worker/1, workers/README.md): uriparser (Debian's
 * liburiparser-dev), which says it is "strictly RFC 3986 compliant".
 * Build and run:  cc -O2 -o c-uriparser workers/c-uriparser.c -luriparser && ./c-uriparser
 * (uridiff builds it into its cache directory on first use.)
 *
 * parse = uriParseSingleUriExA over the input's bytes (a range, so a NUL byte reaches the
 * parser, which refuses it itself). Components are UriUriA's text ranges, reported as they
 * are (no decoding): a {NULL, NULL} range is an undefined component (null; Uri.h: "Missing
 * components can be {NULL, NULL} ranges"), a range of length 0 an empty one. userinfo is
 * userInfo; host is hostText, which Uri.h documents as "excluding square brackets": an IP
 * literal's host is reported without its brackets, as the library gives it ("::1", "v1.x").
 * port is portText. uriparser has no authority text (only its parts), so authority is not
 * declared. The path is the library's list of segments joined by "/", with a leading "/"
 * where UriUriA.absolutePath is set or, after a host, where there is a segment (the flag is
 * "always URI_FALSE for URIs with host": there the "/" before the first segment is implied).
 * serialization = uriToStringA.
 * resolve = uriAddBaseUriExA (URI_RESOLVE_STRICTLY), normalize = uriNormalizeSyntaxA,
 * equivalent = uriEqualsUriA, each result written by uriToStringA. A rejected input carries
 * the error's name (URI_ERROR_SYNTAX) and, for a parse, the byte offset uriparser blames. The
 * C library has no JSON reader: sdk/uridiff_worker.h has a small one.
 */
#define _POSIX_C_SOURCE 200809L
#include <uriparser/Uri.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKER "c-uriparser"

/* The protocol's side, shared by uridiff's C workers (and offered to library maintainers):
 * workers/sdk/uridiff_worker.h, written beside the workers in uridiff's cache. */
#include "sdk/uridiff_worker.h"

/* ---- the library calls ------------------------------------------------------------------ */

static const char *error_name(int rc) {
    switch (rc) {
    case URI_ERROR_SYNTAX: return "URI_ERROR_SYNTAX";
    case URI_ERROR_NULL: return "URI_ERROR_NULL";
    case URI_ERROR_MALLOC: return "URI_ERROR_MALLOC";
    case URI_ERROR_OUTPUT_TOO_LARGE: return "URI_ERROR_OUTPUT_TOO_LARGE";
    case URI_ERROR_ADDBASE_REL_BASE: return "URI_ERROR_ADDBASE_REL_BASE";
    case URI_ERROR_NOT_IMPLEMENTED: return "URI_ERROR_NOT_IMPLEMENTED";
    case URI_ERROR_RANGE_INVALID: return "URI_ERROR_RANGE_INVALID";
    default: return "URI_ERROR_OTHER";
    }
}

/* A rejection; `offset` < 0 when the library blames no byte. */
static void put_rejected(Buf *out, const char *what, int rc, long offset) {
    char message[120];
    snprintf(message, sizeof message, "%s: %s", what, error_name(rc));
    put(out, ",\"outcome\":\"rejected\",\"message\":");
    put_json_text(out, message, strlen(message));
    put(out, ",\"code\":\"");
    put(out, error_name(rc));
    put(out, "\",\"offset\":");
    if (offset < 0) {
        put(out, "null");
    } else {
        char n[24];
        snprintf(n, sizeof n, "%ld", offset);
        put(out, n);
    }
}

/* Parses f's bytes into *uri; on failure writes the rejection and returns 0. */
static int parse_into(Buf *out, UriUriA *uri, const Field *f, const char *what) {
    const char *error = NULL;
    int rc = uriParseSingleUriExA(uri, f->data, f->data + f->len, &error);
    if (rc == URI_SUCCESS) return 1;
    put_rejected(out, what, rc, error ? (long)(error - f->data) : -1);
    return 0;
}

static void put_range(Buf *out, const UriTextRangeA *r) {
    if (!r->first) { put(out, "null"); return; }
    put_bytes_n(out, r->first, (size_t)(r->afterLast - r->first));
}

/* uriToStringA's text of uri as a byte string; 0 when uriparser cannot write it, -1 when this
 * worker cannot (out of memory). */
static int put_uri(Buf *out, const UriUriA *uri) {
    int chars = 0;
    if (uriToStringCharsRequiredA(uri, &chars) != URI_SUCCESS) return 0;
    char *text = malloc((size_t)chars + 1);
    if (!text) return -1;
    int rc = uriToStringA(text, uri, chars + 1, NULL);
    if (rc == URI_SUCCESS) put_bytes(out, text);
    free(text);
    return rc == URI_SUCCESS;
}

static void put_value(Buf *out, const UriUriA *uri, const char *what) {
    Buf text = {0};
    int written = put_uri(&text, uri);
    if (written > 0) {
        put(out, ",\"outcome\":\"accepted\",\"value\":");
        put_n(out, text.data, text.len);
    } else if (written < 0) {
        /* This worker's failure, not uriparser's answer. */
        put_crashed(out, "out of memory writing the URI");
    } else {
        put_rejected(out, what, URI_ERROR_OUTPUT_TOO_LARGE, -1);
    }
    free(text.data);
}

static void parse(Buf *out, const Field *input) {
    UriUriA uri;
    if (!parse_into(out, &uri, input, "uriParseSingleUriExA")) return;
    put(out, ",\"outcome\":\"accepted\",\"components\":{\"scheme\":");
    put_range(out, &uri.scheme);
    put(out, ",\"userinfo\":");
    put_range(out, &uri.userInfo);
    put(out, ",\"host\":");
    put_range(out, &uri.hostText);
    put(out, ",\"port\":");
    put_range(out, &uri.portText);
    /* The path from the segments (see the head of this file). */
    Buf path = {0};
    put(&path, "");
    if (uri.absolutePath || (uri.hostText.first && uri.pathHead)) put(&path, "/");
    for (const UriPathSegmentA *s = uri.pathHead; s; s = s->next) {
        if (s != uri.pathHead) put(&path, "/");
        if (s->text.first) put_n(&path, s->text.first, (size_t)(s->text.afterLast - s->text.first));
    }
    put(out, ",\"path\":");
    put_bytes_n(out, path.data, path.len);
    free(path.data);
    put(out, ",\"query\":");
    put_range(out, &uri.query);
    put(out, ",\"fragment\":");
    put_range(out, &uri.fragment);
    put(out, "}");
    Buf text = {0};
    if (put_uri(&text, &uri) > 0) {
        put(out, ",\"serialization\":");
        put_n(out, text.data, text.len);
    }
    free(text.data);
    uriFreeUriMembersA(&uri);
}

static void resolve(Buf *out, const Field *base, const Field *input) {
    UriUriA b, r, target;
    if (!parse_into(out, &b, base, "base")) return;
    if (!parse_into(out, &r, input, "reference")) { uriFreeUriMembersA(&b); return; }
    int rc = uriAddBaseUriExA(&target, &r, &b, URI_RESOLVE_STRICTLY);
    if (rc == URI_SUCCESS) {
        put_value(out, &target, "uriAddBaseUriExA");
        uriFreeUriMembersA(&target);
    } else {
        put_rejected(out, "uriAddBaseUriExA", rc, -1);
    }
    uriFreeUriMembersA(&r);
    uriFreeUriMembersA(&b);
}

static void normalize(Buf *out, const Field *input) {
    UriUriA uri;
    if (!parse_into(out, &uri, input, "uriParseSingleUriExA")) return;
    int rc = uriNormalizeSyntaxA(&uri);
    if (rc == URI_SUCCESS) put_value(out, &uri, "uriNormalizeSyntaxA");
    else put_rejected(out, "uriNormalizeSyntaxA", rc, -1);
    uriFreeUriMembersA(&uri);
}

static void equivalent(Buf *out, const Field *input, const Field *other) {
    UriUriA a, b;
    if (!parse_into(out, &a, input, "input")) return;
    if (!parse_into(out, &b, other, "other")) { uriFreeUriMembersA(&a); return; }
    put(out, ",\"outcome\":\"accepted\",\"value\":");
    put(out, uriEqualsUriA(&a, &b) ? "true" : "false");
    uriFreeUriMembersA(&b);
    uriFreeUriMembersA(&a);
}

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
    } else if ((!strcmp(op, "parse") || !strcmp(op, "normalize")) && q.input.present) {
        if (!strcmp(op, "parse")) parse(out, &q.input);
        else normalize(out, &q.input);
    } else if (!strcmp(op, "resolve") && q.input.present && q.base.present) {
        resolve(out, &q.base, &q.input);
    } else if (!strcmp(op, "equivalent") && q.input.present && q.other.present) {
        equivalent(out, &q.input, &q.other);
    } else if (!strcmp(op, "parse") || !strcmp(op, "normalize") || !strcmp(op, "resolve") ||
               !strcmp(op, "equivalent")) {
        put(out, ",\"outcome\":\"error\",\"message\":\"missing field input, base or other\"");
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
    put(&out, "{\"protocol\":\"uridiff-worker/1\",\"name\":\"" WORKER "\",\"version\":\""
              URI_VER_ANSI "\",\"profile\":\"rfc3986\",\"operations\":[\"parse\",\"resolve\","
              "\"normalize\",\"equivalent\"],\"components\":[\"scheme\",\"userinfo\",\"host\","
              "\"port\",\"path\",\"query\",\"fragment\"],\"decides_validity\":true,"
              "\"library\":\"uriparser " URI_VER_ANSI "\",\"notes\":[\"host is hostText: an IP "
              "literal without its square brackets\",\"no authority text: only its parts\"]}\n");
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
