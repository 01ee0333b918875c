// uridiff worker (protocol uridiff-worker/1, workers/README.md): Go's net/url.
// Run with `go run workers/go-net-url.go`.
//
// parse = url.Parse, resolve = base.ResolveReference(ref) (both parsed with url.Parse).
// Components as the URL struct and its methods give them: Scheme (lowercased by Parse; ""
// only when there is none, so "" is reported as null), User.String() (re-escaped), the host,
// Port(), EscapedPath() (Path is stored decoded), RawQuery with ForceQuery (so an empty query
// is told from none), EscapedFragment().
//
// host: the URL struct holds "host or host:port" in Host (net/url's docs, type URL), and
// Hostname() strips the port and "[" "]" ("If the result is enclosed in square brackets, as
// literal IPv6 addresses are, the square brackets are removed"). The worker reports Host with
// the port taken off where the library's own Port()/Hostname() split it, brackets kept as Host
// holds them: Hostname(), put back in "[" "]" when Host opens with "[". An IPv6 zone is held
// decoded ("[fe80::1%eth0]" for "%25eth0"), and so it is reported.
//
// An opaque URL ("scheme:opaque[?query][#fragment]" in net/url's docs: "mailto:a@b", "urn:x")
// keeps its opaque part in Opaque and has no path (Path is ""): the path is left out of the
// response (not reported), never made up from Opaque; its host is null (no authority).
//
// The struct cannot tell an empty fragment or an empty host from none (except with OmitHost,
// "http:/p", or an opaque URL, which have no host): those "" go with "undefined reported as
// empty". Go strings hold any bytes, so a non-UTF-8 input reaches url.Parse as it is.
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strings"
	"unicode/utf8"
)

const emptyNote = "undefined reported as empty"

// Bytes is a protocol byte string: a JSON string, or {"b64": ...} for any bytes.
type Bytes struct {
	Value string
	Set   bool
}

// UnmarshalJSON reads either form.
func (b *Bytes) UnmarshalJSON(data []byte) error {
	var text string
	if err := json.Unmarshal(data, &text); err == nil {
		b.Value, b.Set = text, true
		return nil
	}
	var wrapped struct {
		B64 *string `json:"b64"`
	}
	if err := json.Unmarshal(data, &wrapped); err != nil || wrapped.B64 == nil {
		return errors.New(`a byte string is a string or {"b64": ...}`)
	}
	raw, err := base64.StdEncoding.DecodeString(*wrapped.B64)
	if err != nil {
		return fmt.Errorf("bad base64: %v", err)
	}
	b.Value, b.Set = string(raw), true
	return nil
}

// out is a byte string for a response: a JSON string when UTF-8, else {"b64": ...}.
func out(s string) interface{} {
	if utf8.ValidString(s) {
		return s
	}
	return map[string]string{"b64": base64.StdEncoding.EncodeToString([]byte(s))}
}

type request struct {
	ID    interface{} `json:"id"`
	Op    *string     `json:"op"`
	Input Bytes       `json:"input"`
	Base  Bytes       `json:"base"`
}

type object = map[string]interface{}

func rejected(err error) object {
	inner := errors.Unwrap(err)
	if inner == nil {
		inner = err
	}
	return object{"outcome": "rejected", "message": err.Error(),
		"code": fmt.Sprintf("%T", inner), "offset": nil}
}

// host is u.Host without its port, split where Port() and Hostname() split it, with the
// brackets Host holds (see the head of this file).
func host(u *url.URL) string {
	if strings.HasPrefix(u.Host, "[") {
		return "[" + u.Hostname() + "]"
	}
	return u.Hostname()
}

func parse(input string) object {
	u, err := url.Parse(input)
	if err != nil {
		return rejected(err)
	}
	ambiguous := false
	var scheme, userinfo, port, query interface{}
	if u.Scheme != "" {
		scheme = out(u.Scheme)
	}
	if u.User != nil {
		userinfo = out(u.User.String())
	}
	components := object{"scheme": scheme, "userinfo": userinfo}
	if u.Host == "" && (u.OmitHost || u.Opaque != "") {
		components["host"] = nil
	} else {
		components["host"] = out(host(u))
		ambiguous = ambiguous || u.Host == ""
	}
	if p := u.Port(); p != "" {
		port = out(p)
	}
	components["port"] = port
	if u.Opaque == "" {
		// An opaque URL has no path: the key is left out (not reported).
		components["path"] = out(u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		query = out(u.RawQuery)
	}
	components["query"] = query
	fragment := u.EscapedFragment()
	components["fragment"] = out(fragment)
	ambiguous = ambiguous || fragment == ""
	response := object{"outcome": "accepted", "components": components,
		"serialization": out(u.String())}
	if ambiguous {
		response["note"] = emptyNote
	}
	return response
}

func resolve(base, input string) object {
	b, err := url.Parse(base)
	if err != nil {
		return rejected(err)
	}
	r, err := url.Parse(input)
	if err != nil {
		return rejected(err)
	}
	return object{"outcome": "accepted", "value": out(b.ResolveReference(r).String())}
}

// handle answers one request line; nil for shutdown.
func handle(line []byte) object {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		var id struct {
			ID interface{} `json:"id"`
		}
		_ = json.Unmarshal(line, &id)
		return object{"id": id.ID, "outcome": "error", "message": "bad request: " + err.Error()}
	}
	var response object
	op := "<missing>"
	if req.Op != nil {
		op = *req.Op
	}
	switch {
	case op == "shutdown":
		return nil
	case op == "parse" && req.Input.Set:
		response = parse(req.Input.Value)
	case op == "resolve" && req.Input.Set && req.Base.Set:
		response = resolve(req.Base.Value, req.Input.Value)
	case op == "normalize" || op == "equivalent":
		response = object{"outcome": "unsupported", "message": "net/url has no " + op}
	case op == "parse" || op == "resolve":
		response = object{"outcome": "error", "message": "missing field input or base"}
	default:
		response = object{"outcome": "error", "message": fmt.Sprintf("unknown op %q", op)}
	}
	response["id"] = req.ID
	return response
}

func main() {
	writer := bufio.NewWriter(os.Stdout)
	encoder := json.NewEncoder(writer) // Encode ends each value with '\n'
	encoder.SetEscapeHTML(false)
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "go-net-url: cannot write:", err)
		os.Exit(1)
	}
	emit := func(v interface{}) {
		if err := encoder.Encode(v); err != nil {
			fail(err)
		}
	}
	flush := func() {
		if err := writer.Flush(); err != nil {
			fail(err)
		}
	}
	emit(object{
		"protocol":         "uridiff-worker/1",
		"name":             "go-net-url",
		"version":          runtime.Version(),
		"profile":          "go-net-url",
		"operations":       []string{"parse", "resolve"},
		"components":       []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"},
		"decides_validity": true,
		"library":          "net/url (" + runtime.Version() + ")",
		"notes": []string{
			"scheme is lowercased by url.Parse; host is URL.Host without its port (IPv6 brackets kept, zone decoded)",
			"an opaque URL (Opaque set) has no path: path not reported",
			"fragment and host: \"\" when absent or empty (the URL struct cannot tell)",
		},
	})
	flush()
	// Answers are written out when the next line is not already read (the reader's buffer holds
	// no whole line): uridiff writes its requests in blocks (src/subjects/external/feeder.rs),
	// and a flush for each answer was a write(2) of its own. An answer never waits for input:
	// the flush comes before any read that could block. Lines end as bufio.ScanLines ends them:
	// at "\n", a "\r" before it dropped, the last one at the end of input.
	reader := bufio.NewReaderSize(os.Stdin, 1<<16)
	for {
		line, err := reader.ReadBytes('\n')
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) > 0 {
			response := handle(line)
			if response == nil {
				flush()
				return
			}
			emit(response)
		}
		if err != nil {
			flush()
			return
		}
		if ahead, _ := reader.Peek(reader.Buffered()); bytes.IndexByte(ahead, '\n') < 0 {
			flush()
		}
	}
}
