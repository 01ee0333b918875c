/* A tiny worker written with workers/sdk/uridiff_worker.h that tells its own failures from its
 * library's answers (workers/README.md, "Responses"): the input comes back as the path, except
 * `glue` (this worker's own code fails: put_crashed), `refuse` (the "library" refuses:
 * put_rejection, code "refused", offset 0) and `none` (put_no_answer). With the argument
 * `always` its own code fails on every input. tests/worker_sdk.rs compiles it with `cc` and
 * runs it through uridiff. */
#define WORKER "glue-c"
#include "../sdk/uridiff_worker.h"

int main(int argc, char **argv) {
    int always = argc > 1 && !strcmp(argv[1], "always");
    const char *name = getenv("URIDIFF_WORKER_NAME");
    Buf out = {0};
    put(&out, "{\"protocol\":\"uridiff-worker/1\",\"name\":");
    put_bytes(&out, name ? name : "glue-c");
    put(&out, ",\"version\":\"1\",\"profile\":\"rfc3986\",\"operations\":[\"parse\"],"
              "\"components\":[\"path\"],\"decides_validity\":false}\n");
    fputs(out.data, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
        if (n == 0) continue;
        Reader r = {line, 0, (size_t)n, NULL};
        Request q = {0};
        int ok = read_request(&r, &q);
        out.len = 0;
        put(&out, "{\"id\":");
        put(&out, q.id ? q.id : "null");
        const char *op = q.op ? q.op : "";
        const char *input = q.input.present ? q.input.data : "";
        if (ok && !strcmp(op, "shutdown")) {
            free_request(&q);
            break;
        } else if (!ok || strcmp(op, "parse") || !q.input.present) {
            put(&out, ",\"outcome\":\"error\",\"message\":\"a parse with an input, please\"");
        } else if (always || !strcmp(input, "glue")) {
            put_crashed(&out, "glue-c: the worker's own lookup table has no entry for this input");
        } else if (!strcmp(input, "refuse")) {
            put_rejection(&out, "the library refuses this input", "refused", 0);
        } else if (!strcmp(input, "none")) {
            put_no_answer(&out, "no reading of this input");
        } else {
            put(&out, ",\"outcome\":\"accepted\",\"components\":{\"path\":");
            put_bytes_n(&out, q.input.data, q.input.len);
            put(&out, "}");
        }
        put(&out, "}\n");
        fputs(out.data, stdout);
        fflush(stdout);
        free_request(&q);
    }
    free(line);
    free(out.data);
    return 0;
}
