/* uridiff_worker.h: the protocol's side of a uridiff worker (uridiff-worker/1, uridiff's
 * workers/README.md) for a URI parser written in C, header only, C99 and POSIX.1-2008. uridiff's
 * own C workers (curl-url.c, c-uriparser.c, c-libwget.c) include it, and a library's maintainer
 * may vendor it beside theirs:
 *
 *     #define WORKER "mylib"             (names the worker in its few messages to stderr)
 *     #include "uridiff_worker.h"
 *
 * It holds what C lacks for the protocol: a growable output buffer (Buf, put, put_n), byte
 * strings written as JSON text when they are UTF-8 and as {"b64": ...} otherwise (put_bytes,
 * put_bytes_n, put_json_text), and a reader of just enough JSON for a request object
 * (read_request: the id's JSON text echoed as is, the op, and the byte strings input, base and
 * other, each decoded from a JSON string or {"b64": ...}, NUL bytes kept with their length).
 * The worker writes its handshake, then answers each request line (next_line), flushing its
 * answers when no whole line is left at hand (line_at_hand; see curl-url.c's main).
 *
 * A response is `{"id":` and the request's id, then its outcome. Only the library's own refusal
 * is `rejected` (put_rejection: its message, code and offset). A failure of the worker's own
 * code, not of the library's call (an allocation that failed, a call that is not about the
 * input returning an error), is put_crashed: answered `crashed`, which uridiff reports as a
 * crash of the worker (class `crash-worker`), never as the library refusing the input; a
 * worker that crashes outright (a signal, an exit) is a crash too. Where the library has no
 * answer for this input (an operation it offers for some inputs only), put_no_answer answers
 * `unsupported`, which uridiff never judges.
 */
#ifndef URIDIFF_WORKER_H
#define URIDIFF_WORKER_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WORKER
#define WORKER "uridiff worker"
#endif

/* ---- growable output buffer ------------------------------------------------------------ */

typedef struct {
    char *data;
    size_t len, cap;
} Buf;

static void put_n(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + n + 1 > cap) cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) {
            fputs(WORKER ": out of memory\n", stderr);
            exit(1);
        }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void put(Buf *b, const char *s) { put_n(b, s, strlen(s)); }

/* ---- bytes: UTF-8 check and base64 ----------------------------------------------------- */

static int valid_utf8(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t more;
        unsigned min;
        if (c < 0x80) { i++; continue; }
        if (c >= 0xC2 && c <= 0xDF) { more = 1; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { more = 2; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { more = 3; min = 0x10000; }
        else return 0;
        if (i + more >= n) return 0; /* the sequence runs past the end */
        unsigned cp = c & (0x3F >> more);
        for (size_t k = 1; k <= more; k++) {
            unsigned d = s[i + k];
            if ((d & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
        i += more + 1;
    }
    return 1;
}

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void put_b64(Buf *b, const unsigned char *s, size_t n) {
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)s[i] << 16;
        if (i + 1 < n) v |= (unsigned)s[i + 1] << 8;
        if (i + 2 < n) v |= s[i + 2];
        char q[4] = {B64[(v >> 18) & 63], B64[(v >> 12) & 63],
                     i + 1 < n ? B64[(v >> 6) & 63] : '=', i + 2 < n ? B64[v & 63] : '='};
        put_n(b, q, 4);
    }
}

static int b64_value(int c) {
    const char *p = c ? strchr(B64, c) : NULL;
    return p ? (int)(p - B64) : -1;
}

/* Decodes standard padded base64 in place; returns the length or -1. */
static long b64_decode(char *s, size_t n) {
    if (n % 4) return -1;
    size_t out = 0;
    for (size_t i = 0; i < n; i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; k++) {
            if (s[i + k] == '=' && i + 4 == n && k >= 2) { v[k] = 0; pad++; continue; }
            if (pad) return -1;
            v[k] = b64_value((unsigned char)s[i + k]);
            if (v[k] < 0) return -1;
        }
        unsigned w = (unsigned)v[0] << 18 | (unsigned)v[1] << 12 | (unsigned)v[2] << 6 | v[3];
        s[out++] = (char)(w >> 16);
        if (pad < 2) s[out++] = (char)(w >> 8 & 255);
        if (pad < 1) s[out++] = (char)(w & 255);
    }
    return (long)out;
}

/* ---- JSON output ----------------------------------------------------------------------- */

static void put_json_text(Buf *b, const char *s, size_t n) {
    put(b, "\"");
    /* The bytes between two that need an escape are copied in one put_n, not one at a time. */
    size_t plain = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c != '"' && c != '\\' && c >= 0x20 && c != 0x7F) continue;
        put_n(b, s + plain, i - plain);
        plain = i + 1;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            put_n(b, e, 2);
        } else {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", c);
            put(b, e);
        }
    }
    put_n(b, s + plain, n - plain);
    put(b, "\"");
}

/* n bytes as a byte string: a JSON string when UTF-8, else {"b64": ...}. */
static void put_bytes_n(Buf *b, const char *s, size_t n) {
    if (valid_utf8((const unsigned char *)s, n)) {
        put_json_text(b, s, n);
    } else {
        put(b, "{\"b64\":\"");
        put_b64(b, (const unsigned char *)s, n);
        put(b, "\"}");
    }
}

/* A NUL-terminated byte string; NULL is null. */
static void put_bytes(Buf *b, const char *s) {
    if (!s) { put(b, "null"); return; }
    put_bytes_n(b, s, strlen(s));
}

/* ---- outcomes: what follows the response's id -------------------------------------------- */

/* The library refused the input: its message, its code (NULL for none) and the byte offset it
 * blames (negative for none). */
static inline void put_rejection(Buf *b, const char *message, const char *code, long offset) {
    put(b, ",\"outcome\":\"rejected\",\"message\":");
    put_json_text(b, message, strlen(message));
    put(b, ",\"code\":");
    if (code) put_json_text(b, code, strlen(code)); else put(b, "null");
    put(b, ",\"offset\":");
    if (offset < 0) {
        put(b, "null");
    } else {
        char n[24];
        snprintf(n, sizeof n, "%ld", offset);
        put(b, n);
    }
}

/* The worker's own code failed on this request, not the library's call: `crashed`. */
static inline void put_crashed(Buf *b, const char *message) {
    put(b, ",\"outcome\":\"crashed\",\"message\":");
    put_json_text(b, message, strlen(message));
}

/* The library has no answer for this input (an operation it offers for some inputs only):
 * `unsupported`, never judged as a rejection. */
static inline void put_no_answer(Buf *b, const char *message) {
    put(b, ",\"outcome\":\"unsupported\",\"message\":");
    put_json_text(b, message, strlen(message));
}

/* ---- JSON input: just enough for a request object --------------------------------------- */

typedef struct {
    const char *s;
    size_t i, n;
    const char *error;
} Reader;

static void skip_space(Reader *r) {
    while (r->i < r->n && r->s[r->i] && strchr(" \t\r\n", r->s[r->i])) r->i++;
}

static int hex4(Reader *r, unsigned *out) {
    if (r->i + 4 > r->n) return 0;
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
        char c = r->s[r->i + k];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return 0;
    }
    r->i += 4;
    *out = v;
    return 1;
}

/* Reads a JSON string into *out (malloc'd, NUL-terminated, *len bytes, may hold NUL). */
static int read_string(Reader *r, char **out, size_t *len) {
    skip_space(r);
    if (r->i >= r->n || r->s[r->i] != '"') { r->error = "expected a string"; return 0; }
    r->i++;
    Buf b = {0};
    put(&b, "");
    for (;;) {
        /* A run of bytes taken as they are, copied in one put_n. */
        size_t run = r->i;
        while (r->i < r->n) {
            unsigned char c = (unsigned char)r->s[r->i];
            if (c == '"' || c == '\\' || c < 0x20) break;
            r->i++;
        }
        put_n(&b, r->s + run, r->i - run);
        if (r->i >= r->n) { r->error = "unterminated string"; free(b.data); return 0; }
        unsigned char c = (unsigned char)r->s[r->i++];
        if (c == '"') break;
        if (c < 0x20) { r->error = "control character in string"; free(b.data); return 0; }
        if (r->i >= r->n) { r->error = "unterminated escape"; free(b.data); return 0; }
        char e = r->s[r->i++];
        const char *plain = strchr("\"\\/bfnrt", e);
        if (e && plain) {
            static const char map[] = "\"\\/\b\f\n\r\t";
            put_n(&b, &map[plain - "\"\\/bfnrt"], 1);
            continue;
        }
        unsigned cp;
        if (e != 'u' || !hex4(r, &cp)) { r->error = "bad escape"; free(b.data); return 0; }
        if (cp >= 0xD800 && cp <= 0xDBFF && r->i + 2 <= r->n && r->s[r->i] == '\\' &&
            r->s[r->i + 1] == 'u') {
            size_t at = r->i;
            unsigned low;
            r->i += 2;
            if (hex4(r, &low) && low >= 0xDC00 && low <= 0xDFFF)
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else
                r->i = at;
        }
        char u[4];
        size_t k;
        if (cp < 0x80) { u[0] = (char)cp; k = 1; }
        else if (cp < 0x800) { u[0] = (char)(0xC0 | cp >> 6); u[1] = (char)(0x80 | (cp & 63)); k = 2; }
        else if (cp < 0x10000) {
            u[0] = (char)(0xE0 | cp >> 12); u[1] = (char)(0x80 | (cp >> 6 & 63));
            u[2] = (char)(0x80 | (cp & 63)); k = 3;
        } else {
            u[0] = (char)(0xF0 | cp >> 18); u[1] = (char)(0x80 | (cp >> 12 & 63));
            u[2] = (char)(0x80 | (cp >> 6 & 63)); u[3] = (char)(0x80 | (cp & 63)); k = 4;
        }
        put_n(&b, u, k);
    }
    *out = b.data;
    *len = b.len;
    return 1;
}

static int skip_value(Reader *r, int depth);

static int skip_container(Reader *r, char close, int depth) {
    r->i++;
    skip_space(r);
    if (r->i < r->n && r->s[r->i] == close) { r->i++; return 1; }
    for (;;) {
        if (close == '}') {
            char *key; size_t klen;
            if (!read_string(r, &key, &klen)) return 0;
            free(key);
            skip_space(r);
            if (r->i >= r->n || r->s[r->i] != ':') { r->error = "expected ':'"; return 0; }
            r->i++;
        }
        if (!skip_value(r, depth + 1)) return 0;
        skip_space(r);
        if (r->i < r->n && r->s[r->i] == ',') { r->i++; continue; }
        if (r->i < r->n && r->s[r->i] == close) { r->i++; return 1; }
        r->error = "expected ',' or a closing bracket";
        return 0;
    }
}

static int skip_value(Reader *r, int depth) {
    skip_space(r);
    if (depth > 64) { r->error = "nested too deeply"; return 0; }
    if (r->i >= r->n) { r->error = "unexpected end"; return 0; }
    char c = r->s[r->i];
    if (c == '{') return skip_container(r, '}', depth);
    if (c == '[') return skip_container(r, ']', depth);
    if (c == '"') {
        char *s; size_t n;
        if (!read_string(r, &s, &n)) return 0;
        free(s);
        return 1;
    }
    size_t start = r->i;
    while (r->i < r->n && r->s[r->i] && strchr("+-0123456789.eEtruefalsn", r->s[r->i])) r->i++;
    if (r->i == start) { r->error = "unexpected character"; return 0; }
    return 1;
}

/* A byte-string field: a JSON string, or {"b64": "..."}. */
typedef struct {
    int present;
    char *data;
    size_t len;
} Field;

static int read_bytes(Reader *r, Field *f) {
    skip_space(r);
    if (r->i < r->n && r->s[r->i] == '"') {
        if (!read_string(r, &f->data, &f->len)) return 0;
        f->present = 1;
        return 1;
    }
    if (r->i >= r->n || r->s[r->i] != '{') { r->error = "a byte string is a string or {\"b64\": ...}"; return 0; }
    r->i++;
    char *key; size_t klen;
    if (!read_string(r, &key, &klen)) return 0;
    int is_b64 = strcmp(key, "b64") == 0;
    free(key);
    skip_space(r);
    if (!is_b64 || r->i >= r->n || r->s[r->i] != ':') { r->error = "expected {\"b64\": ...}"; return 0; }
    r->i++;
    if (!read_string(r, &f->data, &f->len)) return 0;
    skip_space(r);
    if (r->i >= r->n || r->s[r->i] != '}') { r->error = "expected '}' after b64"; return 0; }
    r->i++;
    long n = b64_decode(f->data, f->len);
    if (n < 0) { r->error = "bad base64"; return 0; }
    f->len = (size_t)n;
    f->data[n] = '\0';
    f->present = 1;
    return 1;
}

typedef struct {
    char *id; /* the id's JSON text, echoed as is */
    char *op;
    Field input, base, other;
} Request;

static void free_request(Request *q) {
    free(q->id); free(q->op); free(q->input.data); free(q->base.data); free(q->other.data);
}

static int read_request(Reader *r, Request *q) {
    skip_space(r);
    if (r->i >= r->n || r->s[r->i] != '{') { r->error = "a request is a JSON object"; return 0; }
    r->i++;
    skip_space(r);
    if (r->i < r->n && r->s[r->i] == '}') { r->i++; return 1; }
    for (;;) {
        char *key; size_t klen;
        if (!read_string(r, &key, &klen)) return 0;
        skip_space(r);
        if (r->i >= r->n || r->s[r->i] != ':') { free(key); r->error = "expected ':'"; return 0; }
        r->i++;
        skip_space(r);
        int ok;
        size_t start = r->i;
        if (!strcmp(key, "id")) {
            ok = skip_value(r, 0);
            if (ok) { free(q->id); q->id = strndup(r->s + start, r->i - start); }
        } else if (!strcmp(key, "op")) {
            size_t n;
            free(q->op);
            q->op = NULL;
            ok = read_string(r, &q->op, &n);
        } else if (!strcmp(key, "input")) {
            ok = read_bytes(r, &q->input);
        } else if (!strcmp(key, "base")) {
            ok = read_bytes(r, &q->base);
        } else if (!strcmp(key, "other")) {
            ok = read_bytes(r, &q->other);
        } else {
            ok = skip_value(r, 0);
        }
        free(key);
        if (!ok) return 0;
        skip_space(r);
        if (r->i < r->n && r->s[r->i] == ',') { r->i++; continue; }
        if (r->i < r->n && r->s[r->i] == '}') { r->i++; break; }
        r->error = "expected ',' or '}'";
        return 0;
    }
    skip_space(r);
    if (r->i != r->n) { r->error = "trailing characters"; return 0; }
    return 1;
}

/* ---- request lines ---------------------------------------------------------------------- */

/* Standard input's lines, read with read(2) into a buffer of the worker's own, so that the
 * worker knows whether another whole line is already at hand (line_at_hand): uridiff writes
 * its requests in blocks (its src/subjects/external/feeder.rs), and a worker that flushes its
 * answers only when no whole line is left to answer makes one write(2) for a block instead of
 * one for each answer, while no answer ever waits behind a read that blocks. */
typedef struct {
    char *data;
    size_t start, len, cap;
    int end;
} Lines;

/* The next line in *line, *n bytes long, its '\n' left out and a NUL after it (as getline(3)
 * gives it, NUL bytes inside kept); at the end of input the last bytes without a '\n' are a
 * line too. Returns 0 at the end of input (or when memory runs out). The line stays valid
 * until the next call. */
static int next_line(Lines *in, char **line, size_t *n) {
    for (;;) {
        char *at = in->data + in->start;
        char *newline = in->len > in->start ? memchr(at, '\n', in->len - in->start) : NULL;
        if (newline || (in->end && in->len > in->start)) {
            size_t length = newline ? (size_t)(newline - at) : in->len - in->start;
            at[length] = '\0'; /* the '\n', or the byte kept free after the data */
            in->start += newline ? length + 1 : length;
            *line = at;
            *n = length;
            return 1;
        }
        if (in->end) return 0;
        if (in->start > 0) {
            memmove(in->data, in->data + in->start, in->len - in->start);
            in->len -= in->start;
            in->start = 0;
        }
        if (in->cap - in->len < (1 << 16) + 1) {
            size_t cap = in->cap * 2 + (1 << 16) + 1;
            char *grown = realloc(in->data, cap);
            if (!grown) return 0;
            in->data = grown;
            in->cap = cap;
        }
        ssize_t got = read(0, in->data + in->len, in->cap - in->len - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) in->end = 1;
        else in->len += (size_t)got;
    }
}

/* Whether another whole line is read already: when not, the answers written so far are
 * flushed before next_line may block. */
static int line_at_hand(const Lines *in) {
    return in->len > in->start && memchr(in->data + in->start, '\n', in->len - in->start) != NULL;
}

#endif /* URIDIFF_WORKER_H */
