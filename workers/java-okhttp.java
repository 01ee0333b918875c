// uridiff worker (protocol uridiff-worker/1, workers/README.md): OkHttp's HttpUrl (Debian's
// libokhttp-java 3.13), "a uniform resource locator (URL) with a scheme of either http or https"
// that "prefers consistency with major web browsers over consistency with obsolete
// specifications" (its class documentation). Run as a single-file source program with OkHttp
// and Okio on the class path:
//     java -cp /usr/share/java/okhttp.jar:/usr/share/java/okio.jar workers/java-okhttp.java
//
// parse = HttpUrl.get(input): the parser of HttpUrl.parse, which returns null for an invalid
// URL; get throws IllegalArgumentException with the reason instead, which is the rejection's
// message. Components are the encoded getters (no decoding): scheme(), host() (canonical:
// lowercased, IDNA-mapped, and an IPv6 address without brackets, "an IPv6 address like ::1"),
// port() (HttpUrl "never returns -1 for the port: if no port is explicitly specified in the URL
// then the scheme's default is used": reported as it returns it), encodedPath(),
// encodedQuery() and encodedFragment() (null when absent, "" when empty). Username and
// password are "" when absent and HttpUrl "offers no mechanism to differentiate empty from
// absent"; the URL it writes has no "@" when both are "", so userinfo is reported as null
// then, else encodedUsername() [":" encodedPassword()]. HttpUrl has no authority getter: not
// declared. serialization = toString(). resolve = HttpUrl.get(base).resolve(input), null
// (rejected) when the reference does not make a well-formed http or https URL. HttpUrl takes
// text: a non-UTF-8 input is rejected with code "not-utf8". The JDK has no JSON reader, so a
// small one is below (the same as java-uri.java's).
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;

public class JavaOkHttpWorker {
    /** A request uridiff should never send: answered with outcome "error". */
    static final class BadRequest extends Exception {
        BadRequest(String message) {
            super(message);
        }
    }

    /** A byte string that is not UTF-8: HttpUrl takes text. */
    static final class NotUtf8 extends Exception {
        NotUtf8() {
            super("not UTF-8; HttpUrl takes text");
        }
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("protocol", "uridiff-worker/1");
        hello.put("name", "java-okhttp");
        String version = HttpUrl.class.getPackage().getImplementationVersion();
        hello.put("version", version != null ? version : okhttp3.internal.Version.userAgent()
                .replaceFirst("^okhttp/", ""));
        hello.put("profile", "whatwg-url");
        hello.put("operations", List.of("parse", "resolve"));
        hello.put("components", List.of("scheme", "userinfo", "host", "port", "path", "query",
                "fragment"));
        hello.put("decides_validity", true);
        hello.put("library", "OkHttp HttpUrl (" + okhttp3.internal.Version.userAgent() + ", Java "
                + System.getProperty("java.runtime.version") + ")");
        hello.put("notes", List.of("http and https only (HttpUrl's scheme is one of them)",
                "port: the scheme's default when none is given; host: an IPv6 address without brackets",
                "userinfo: null where username and password are both \"\" (HttpUrl cannot tell)"));
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
            out.flush();
        }
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
                answer(response, () -> resolve(base, input));
            } else if ("normalize".equals(op) || "equivalent".equals(op)) {
                response.put("outcome", "unsupported");
                response.put("message", "java-okhttp offers no " + op);
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

    static Map<String, Object> parse(String input) {
        HttpUrl url = HttpUrl.get(input);
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("scheme", url.scheme());
        String user = url.encodedUsername();
        String password = url.encodedPassword();
        components.put("userinfo", user.isEmpty() && password.isEmpty() ? null
                : password.isEmpty() ? user : user + ":" + password);
        components.put("host", url.host());
        components.put("port", Integer.toString(url.port()));
        components.put("path", url.encodedPath());
        components.put("query", url.encodedQuery());
        components.put("fragment", url.encodedFragment());
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("outcome", "accepted");
        response.put("components", components);
        response.put("serialization", url.toString());
        return response;
    }

    static Map<String, Object> resolve(String base, String input) {
        HttpUrl target = HttpUrl.get(base).resolve(input);
        if (target == null) {
            throw new IllegalArgumentException("HttpUrl.resolve: not a well-formed http or https URL");
        }
        return accepted(target.toString());
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
