/* uridiff worker (protocol uridiff-worker/1, workers/README.md): libcurl's URL API.
 * Build and run:  cc -O2 -o curl-url workers/curl-url.c -lcurl && ./curl-url
 * (uridiff builds it into its cache directory on first use.)
 *
 * parse = curl_url_set(CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME), then curl_url_get for
 * each part (no decoding, no default port): a CURLUE_NO_* answer is an undefined component
 * (null). userinfo is user[":" password]. host: curl_url_get's CURLUPART_HOST gives an IPv6
 * address in brackets but without its zone id, which it gives apart as CURLUPART_ZONEID
 * (curl_url_get(3)); the host is reported with the zone id put back the way curl's own
 * CURLUPART_URL writes it, "[" address "%25" zone "]" ("http://[fe80::1%25eth0]/" has host
 * "[fe80::1%25eth0]"). curl needs a scheme, removes dot segments while
 * setting (it has no "as is" by default) and re-serializes (CURLUPART_URL: "serialization").
 * resolve = setting the reference on a handle that holds the base. A rejected input carries
 * the CURLUcode name and curl_url_strerror's text. curl takes C strings: bytes reach it as
 * they are, except that an input holding a NUL byte cannot be passed (rejected, code
 * "nul-byte"). The C library has no JSON reader, so a small one is below.
 */
#define _POSIX_C_SOURCE 200809L
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SET_FLAGS CURLU_NON_SUPPORT_SCHEME

static const char *const CODE_NAMES[] = {
    "CURLUE_OK", "CURLUE_BAD_HANDLE", "CURLUE_BAD_PARTPOINTER", "CURLUE_MALFORMED_INPUT",
    "CURLUE_BAD_PORT_NUMBER", "CURLUE_UNSUPPORTED_SCHEME", "CURLUE_URLDECODE",
    "CURLUE_OUT_OF_MEMORY", "CURLUE_USER_NOT_ALLOWED", "CURLUE_UNKNOWN_PART",
    "CURLUE_NO_SCHEME", "CURLUE_NO_USER", "CURLUE_NO_PASSWORD", "CURLUE_NO_OPTIONS",
    "CURLUE_NO_HOST", "CURLUE_NO_PORT", "CURLUE_NO_QUERY", "CURLUE_NO_FRAGMENT",
    "CURLUE_NO_ZONEID", "CURLUE_BAD_FILE_URL", "CURLUE_BAD_FRAGMENT", "CURLUE_BAD_HOSTNAME",
    "CURLUE_BAD_IPV6", "CURLUE_BAD_LOGIN", "CURLUE_BAD_PASSWORD", "CURLUE_BAD_PATH",
    "CURLUE_BAD_QUERY", "CURLUE_BAD_SCHEME", "CURLUE_BAD_SLASHES", "CURLUE_BAD_USER",
    "CURLUE_LACKS_IDN",
};

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
            fputs("curl-url: out of memory\n", stderr);
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
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            put_n(b, e, 2);
        } else if (c < 0x20 || c == 0x7F) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", c);
            put(b, e);
        } else {
            put_n(b, (const char *)&c, 1);
        }
    }
    put(b, "\"");
}

/* A byte string: a JSON string when UTF-8, else {"b64": ...}; NULL is null. */
static void put_bytes(Buf *b, const char *s) {
    if (!s) { put(b, "null"); return; }
    size_t n = strlen(s);
    if (valid_utf8((const unsigned char *)s, n)) {
        put_json_text(b, s, n);
    } else {
        put(b, "{\"b64\":\"");
        put_b64(b, (const unsigned char *)s, n);
        put(b, "\"}");
    }
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
        if (r->i >= r->n) { r->error = "unterminated string"; free(b.data); return 0; }
        unsigned char c = (unsigned char)r->s[r->i++];
        if (c == '"') break;
        if (c < 0x20) { r->error = "control character in string"; free(b.data); return 0; }
        if (c != '\\') { put_n(&b, (const char *)&c, 1); continue; }
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

/* ---- the library calls ------------------------------------------------------------------ */

static void put_rejected(Buf *out, CURLUcode rc) {
    char code[40];
    if ((size_t)rc < sizeof CODE_NAMES / sizeof *CODE_NAMES)
        snprintf(code, sizeof code, "%s", CODE_NAMES[rc]);
    else
        snprintf(code, sizeof code, "CURLUE_%d", (int)rc);
    put(out, ",\"outcome\":\"rejected\",\"message\":");
    const char *text = curl_url_strerror(rc);
    put_json_text(out, text, strlen(text));
    put(out, ",\"code\":");
    put_json_text(out, code, strlen(code));
    put(out, ",\"offset\":null");
}

/* A part as a byte string; null when curl says the part is absent (CURLUE_NO_*). */
static void put_part(Buf *out, CURLU *h, CURLUPart part) {
    char *value = NULL;
    CURLUcode rc = curl_url_get(h, part, &value, 0);
    put_bytes(out, rc == CURLUE_OK ? value : NULL);
    curl_free(value);
}

/* The host with its zone id put back, as CURLUPART_URL writes it (see the head of this file). */
static void put_host(Buf *out, CURLU *h) {
    char *host = NULL, *zone = NULL;
    if (curl_url_get(h, CURLUPART_HOST, &host, 0) != CURLUE_OK) {
        put(out, "null");
        return;
    }
    size_t n = strlen(host);
    if (curl_url_get(h, CURLUPART_ZONEID, &zone, 0) == CURLUE_OK && n >= 2
        && host[n - 1] == ']') {
        Buf b = {0};
        put_n(&b, host, n - 1);
        put(&b, "%25");
        put(&b, zone);
        put(&b, "]");
        put_bytes(out, b.data);
        free(b.data);
    } else {
        put_bytes(out, host);
    }
    curl_free(zone);
    curl_free(host);
}

static void parse(Buf *out, const Field *input) {
    CURLU *h = curl_url();
    CURLUcode rc = curl_url_set(h, CURLUPART_URL, input->data, SET_FLAGS);
    if (rc != CURLUE_OK) {
        put_rejected(out, rc);
        curl_url_cleanup(h);
        return;
    }
    put(out, ",\"outcome\":\"accepted\",\"components\":{\"scheme\":");
    put_part(out, h, CURLUPART_SCHEME);
    put(out, ",\"userinfo\":");
    char *user = NULL, *password = NULL;
    int has_user = curl_url_get(h, CURLUPART_USER, &user, 0) == CURLUE_OK;
    int has_password = curl_url_get(h, CURLUPART_PASSWORD, &password, 0) == CURLUE_OK;
    if (has_user || has_password) {
        Buf u = {0};
        put(&u, has_user ? user : "");
        if (has_password) { put(&u, ":"); put(&u, password); }
        put_bytes(out, u.data);
        free(u.data);
    } else {
        put(out, "null");
    }
    curl_free(user);
    curl_free(password);
    put(out, ",\"host\":");
    put_host(out, h);
    put(out, ",\"port\":");
    put_part(out, h, CURLUPART_PORT);
    put(out, ",\"path\":");
    put_part(out, h, CURLUPART_PATH);
    put(out, ",\"query\":");
    put_part(out, h, CURLUPART_QUERY);
    put(out, ",\"fragment\":");
    put_part(out, h, CURLUPART_FRAGMENT);
    put(out, "},\"serialization\":");
    put_part(out, h, CURLUPART_URL);
    curl_url_cleanup(h);
}

static void resolve(Buf *out, const Field *base, const Field *input) {
    CURLU *h = curl_url();
    CURLUcode rc = curl_url_set(h, CURLUPART_URL, base->data, SET_FLAGS);
    if (rc == CURLUE_OK) rc = curl_url_set(h, CURLUPART_URL, input->data, SET_FLAGS);
    if (rc != CURLUE_OK) {
        put_rejected(out, rc);
    } else {
        put(out, ",\"outcome\":\"accepted\",\"value\":");
        put_part(out, h, CURLUPART_URL);
    }
    curl_url_cleanup(h);
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
        put(out, ",\"outcome\":\"rejected\",\"message\":\"curl_url_set takes a C string: the "
                 "input holds a NUL byte\",\"code\":\"nul-byte\",\"offset\":null");
    } else if (!strcmp(op, "parse")) {
        parse(out, &q.input);
    } else if (!strcmp(op, "resolve")) {
        resolve(out, &q.base, &q.input);
    } else if (!strcmp(op, "normalize") || !strcmp(op, "equivalent")) {
        put(out, ",\"outcome\":\"unsupported\",\"message\":\"curl's URL API has no ");
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
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    Buf out = {0};
    put(&out, "{\"protocol\":\"uridiff-worker/1\",\"name\":\"curl-url\",\"version\":");
    put_json_text(&out, info->version, strlen(info->version));
    put(&out, ",\"profile\":\"curl-url\",\"operations\":[\"parse\",\"resolve\"],"
              "\"components\":[\"scheme\",\"userinfo\",\"host\",\"port\",\"path\",\"query\","
              "\"fragment\"],\"decides_validity\":true,\"library\":");
    char library[120];
    snprintf(library, sizeof library, "libcurl URL API (libcurl %s)", info->version);
    put_json_text(&out, library, strlen(library));
    put(&out, ",\"notes\":[\"set with CURLU_NON_SUPPORT_SCHEME, so any scheme is taken\","
              "\"dot segments are removed while setting\"]}\n");
    fwrite(out.data, 1, out.len, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
        if (n == 0) continue;
        out.len = 0;
        if (!handle(line, (size_t)n, &out)) break;
        fwrite(out.data, 1, out.len, stdout);
        fflush(stdout);
    }
    free(line);
    free(out.data);
    return 0;
}
