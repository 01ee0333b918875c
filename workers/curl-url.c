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
 * "nul-byte"). The C library has no JSON reader: sdk/uridiff_worker.h has a small one.
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

#define WORKER "curl-url"
/* The protocol's side, shared by uridiff's C workers (and offered to library maintainers):
 * workers/sdk/uridiff_worker.h, written beside the workers in uridiff's cache. */
#include "sdk/uridiff_worker.h"

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
    if (!h) {
        /* No handle (out of memory): this worker's failure, not curl's answer on the input. */
        put_crashed(out, "curl_url() returned NULL (out of memory)");
        return;
    }
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
    if (!h) {
        put_crashed(out, "curl_url() returned NULL (out of memory)");
        return;
    }
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
