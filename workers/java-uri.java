// uridiff worker (protocol uridiff-worker/1, workers/README.md): java.net.URI, which follows
// RFC 2396 (with the IPv6 amendment of RFC 2732). Run as a single-file source program:
//     java workers/java-uri.java
//
// parse = new URI(input) with the raw getters (no decoding); resolve = URI.resolve;
// normalize = URI.normalize (dot segments only); equivalent = URI.equals. URI keeps null
// (undefined) apart from "" (empty). In RFC 2396 an opaque URI ("mailto:x?y") has no path or
// query, only an opaque part, and URI says so: getRawPath() and getRawQuery() are null for it
// (URI's docs: "returns the raw path component of this URI, or null if the path is
// undefined"), which is what the worker reports; the opaque part (getRawSchemeSpecificPart())
// is not a path and is not reported as one.
// getHost() is null for a registry-based authority (RFC 2396 3.2.1), which is reported as is.
// URI takes text: a non-UTF-8 input is rejected with code "not-utf8". The JDK has no JSON
// reader, so a small one is below.
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class JavaUriWorker {
    static final String OPAQUE_NOTE = "opaque URI: no path or query (getRawPath() is null)";

    /** A request uridiff should never send: answered with outcome "error". */
    static final class BadRequest extends Exception {
        BadRequest(String message) {
            super(message);
        }
    }

    /** A byte string that is not UTF-8: URI takes text. */
    static final class NotUtf8 extends Exception {
        NotUtf8() {
            super("not UTF-8; java.net.URI takes text");
        }
    }

    public static void main(String[] args) throws IOException {
        // Standard output through a buffer of its own: System.out flushes every write (it is
        // made with autoflush and a 128-byte buffer), a write(2) for each answer.
        PrintStream out = new PrintStream(new BufferedOutputStream(
                new FileOutputStream(FileDescriptor.out), 1 << 16), false, StandardCharsets.US_ASCII);
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("protocol", "uridiff-worker/1");
        hello.put("name", "java-uri");
        hello.put("version", Runtime.version().toString());
        hello.put("profile", "rfc2396");
        hello.put("operations", List.of("parse", "resolve", "normalize", "equivalent"));
        hello.put("components", List.of("scheme", "authority", "userinfo", "host", "port",
                "path", "query", "fragment"));
        hello.put("decides_validity", true);
        hello.put("library", "java.net.URI (" + System.getProperty("java.vendor") + " "
                + System.getProperty("java.runtime.version") + ")");
        hello.put("notes", List.of(OPAQUE_NOTE,
                "host is null for a registry-based authority (RFC 2396 3.2.1)"));
        out.print(Json.write(hello) + "\n");
        out.flush();
        BufferedReader in = new BufferedReader(
                new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            Map<String, Object> response = handle(line);
            if (response == null) {
                break;
            }
            out.print(Json.write(response) + "\n");
            // Flushed when the next line is not already at hand (ready(): "the buffer is not
            // empty, or ... the underlying character stream is ready"), so an answer never waits
            // behind a read that blocks; uridiff writes its requests in blocks
            // (src/subjects/external/feeder.rs), answered with one write.
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
    }

    /** One request line to its response; null for shutdown. */
    static Map<String, Object> handle(String line) {
        Map<String, Object> response = new LinkedHashMap<>();
        Object parsed;
        try {
            parsed = new Json(line).document();
        } catch (IllegalArgumentException e) {
            response.put("id", null);
            response.put("outcome", "error");
            response.put("message", "not JSON: " + e.getMessage());
            return response;
        }
        if (!(parsed instanceof Map)) {
            response.put("id", null);
            response.put("outcome", "error");
            response.put("message", "a request is a JSON object");
            return response;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> request = (Map<String, Object>) parsed;
        response.put("id", request.get("id"));
        Object op = request.get("op");
        try {
            if ("shutdown".equals(op)) {
                return null;
            } else if ("parse".equals(op)) {
                String input = text(request, "input");
                answer(response, () -> parse(input));
            } else if ("resolve".equals(op)) {
                String base = text(request, "base");
                String input = text(request, "input");
                answer(response, () -> accepted(new URI(base).resolve(new URI(input)).toString()));
            } else if ("normalize".equals(op)) {
                String input = text(request, "input");
                answer(response, () -> accepted(new URI(input).normalize().toString()));
            } else if ("equivalent".equals(op)) {
                String input = text(request, "input");
                String other = text(request, "other");
                answer(response, () -> accepted(new URI(input).equals(new URI(other))));
            } else {
                throw new BadRequest("unknown op " + Json.write(op));
            }
        } catch (BadRequest e) {
            response.put("outcome", "error");
            response.put("message", e.getMessage());
        } catch (NotUtf8 e) {
            response.put("outcome", "rejected");
            response.put("message", e.getMessage());
            response.put("code", "not-utf8");
        }
        return response;
    }

    interface Call {
        Map<String, Object> run() throws Exception;
    }

    /** Runs a library call; any exception it throws is the library's answer (rejected). */
    static void answer(Map<String, Object> response, Call call) {
        try {
            response.putAll(call.run());
        } catch (URISyntaxException e) {
            response.put("outcome", "rejected");
            response.put("message", e.getMessage());
            response.put("code", e.getClass().getSimpleName());
            int index = e.getIndex();
            // getIndex counts UTF-16 units; the protocol's offset counts UTF-8 bytes.
            response.put("offset", index < 0 ? null
                    : (long) e.getInput().substring(0, Math.min(index, e.getInput().length()))
                            .getBytes(StandardCharsets.UTF_8).length);
        } catch (Exception e) {
            response.put("outcome", "rejected");
            response.put("message", String.valueOf(e.getMessage()));
            response.put("code", e.getClass().getSimpleName());
            response.put("offset", null);
        }
    }

    static Map<String, Object> accepted(Object value) {
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("outcome", "accepted");
        response.put("value", value);
        return response;
    }

    static Map<String, Object> parse(String input) throws URISyntaxException {
        URI uri = new URI(input);
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("scheme", uri.getScheme());
        components.put("authority", uri.getRawAuthority());
        components.put("userinfo", uri.getRawUserInfo());
        components.put("host", uri.getHost());
        components.put("port", uri.getPort() < 0 ? null : Integer.toString(uri.getPort()));
        components.put("path", uri.getRawPath());
        components.put("query", uri.getRawQuery());
        components.put("fragment", uri.getRawFragment());
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("outcome", "accepted");
        response.put("components", components);
        response.put("serialization", uri.toString());
        return response;
    }

    /** A protocol byte string as text: a JSON string, or {"b64": ...} holding UTF-8. */
    static String text(Map<String, Object> request, String name) throws BadRequest, NotUtf8 {
        Object value = request.get(name);
        if (value instanceof String) {
            return (String) value;
        }
        if (value instanceof Map && ((Map<?, ?>) value).get("b64") instanceof String) {
            byte[] bytes;
            try {
                bytes = Base64.getDecoder().decode((String) ((Map<?, ?>) value).get("b64"));
            } catch (IllegalArgumentException e) {
                throw new BadRequest("field \"" + name + "\": bad base64");
            }
            try {
                return StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                throw new NotUtf8();
            }
        }
        if (!request.containsKey(name)) {
            throw new BadRequest("missing field \"" + name + "\"");
        }
        throw new BadRequest("field \"" + name + "\": a byte string is a string or {\"b64\": ...}");
    }

    /** A small JSON reader (RFC 8259) and writer; the writer escapes all non-ASCII. */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object document() {
            Object value = value();
            space();
            if (i != s.length()) {
                throw fail("trailing characters");
            }
            return value;
        }

        private IllegalArgumentException fail(String what) {
            return new IllegalArgumentException(what + " at " + i);
        }

        private void space() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        private boolean eat(char c) {
            space();
            if (i < s.length() && s.charAt(i) == c) {
                i++;
                return true;
            }
            return false;
        }

        private Object value() {
            space();
            if (i >= s.length()) {
                throw fail("unexpected end");
            }
            char c = s.charAt(i);
            if (c == '{') {
                i++;
                Map<String, Object> map = new LinkedHashMap<>();
                if (eat('}')) {
                    return map;
                }
                do {
                    space();
                    String key = string();
                    if (!eat(':')) {
                        throw fail("expected ':'");
                    }
                    map.put(key, value());
                } while (eat(','));
                if (!eat('}')) {
                    throw fail("expected '}'");
                }
                return map;
            }
            if (c == '[') {
                i++;
                List<Object> list = new ArrayList<>();
                if (eat(']')) {
                    return list;
                }
                do {
                    list.add(value());
                } while (eat(','));
                if (!eat(']')) {
                    throw fail("expected ']'");
                }
                return list;
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"true", "false", "null"}) {
                if (s.startsWith(word, i)) {
                    i += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String number = s.substring(start, i);
            try {
                return Long.valueOf(number);
            } catch (NumberFormatException e) {
                try {
                    return Double.valueOf(number);
                } catch (NumberFormatException f) {
                    throw fail("unexpected character");
                }
            }
        }

        private String string() {
            if (i >= s.length() || s.charAt(i) != '"') {
                throw fail("expected a string");
            }
            i++;
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) {
                    throw fail("unterminated string");
                }
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c < 0x20) {
                    throw fail("control character in string");
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (i >= s.length()) {
                    throw fail("unterminated escape");
                }
                char e = s.charAt(i++);
                switch (e) {
                    case '"': b.append('"'); break;
                    case '\\': b.append('\\'); break;
                    case '/': b.append('/'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        if (i + 4 > s.length()) {
                            throw fail("short \\u escape");
                        }
                        try {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw fail("bad \\u escape");
                        }
                        i += 4;
                        break;
                    default:
                        throw fail("bad escape");
                }
            }
        }

        static String write(Object value) {
            StringBuilder b = new StringBuilder();
            write(b, value);
            return b.toString();
        }

        private static void write(StringBuilder b, Object value) {
            if (value == null) {
                b.append("null");
            } else if (value instanceof String) {
                String t = (String) value;
                b.append('"');
                for (int k = 0; k < t.length(); k++) {
                    char c = t.charAt(k);
                    if (c == '"' || c == '\\') {
                        b.append('\\').append(c);
                    } else if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
                b.append('"');
            } else if (value instanceof Map) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    write(b, String.valueOf(entry.getKey()));
                    b.append(':');
                    write(b, entry.getValue());
                }
                b.append('}');
            } else if (value instanceof List) {
                b.append('[');
                boolean first = true;
                for (Object item : (List<?>) value) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    write(b, item);
                }
                b.append(']');
            } else {
                b.append(value); // Boolean, Long, Double
            }
        }
    }
}
