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
//
// Coverage (workers/README.md, "Coverage"): when JaCoCo's core library and the ASM jars it needs
// are on the class path too (Debian's libjacoco-java, /usr/share/java/org.jacoco.core.jar), the
// worker declares "probes": it loads OkHttp's own classes (the okhttp3 packages; not Okio's,
// not the JDK's, not its own) through a class loader of its own that instruments them with
// JaCoCo's Instrumenter for a SystemPropertiesRuntime, as JaCoCo's "CoreTutorial" example does
// (https://www.jacoco.org/jacoco/trunk/doc/examples/java/CoreTutorial.java), and a request that
// asks is answered with the probes it hit. A probe is JaCoCo's mark of an edge of a method's
// control flow ("probes" in https://www.jacoco.org/jacoco/trunk/doc/flow.html); an id is 16
// bits of the class's hash (FNV-1a of its VM name, okhttp3/HttpUrl$Builder, its halves xored)
// times 2^16, plus the probe's index in its class (JaCoCo numbers a class's probes in the
// order of its code, the same in every run of the same class file). Without those jars the
// worker declares no coverage. Either way every answer calls HttpUrl the same way: by
// reflection, through the loader that loaded it (JaCoCo's or the class path's).
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
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

    /** HttpUrl's methods, through the loader that loaded it: every answer calls these. */
    static Library library;
    /** OkHttp's probes, or null when JaCoCo is not on the class path. */
    static Coverage coverage;

    public static void main(String[] args) throws IOException, ReflectiveOperationException {
        // Standard output through a buffer of its own: System.out flushes every write (it is
        // made with autoflush and a 128-byte buffer), a write(2) for each answer.
        PrintStream out = new PrintStream(new BufferedOutputStream(
                new FileOutputStream(FileDescriptor.out), 1 << 16), false, StandardCharsets.US_ASCII);
        coverage = Coverage.start();
        library = new Library(coverage != null ? coverage.loader : HttpUrl.class.getClassLoader());
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
        if (coverage != null) {
            hello.put("coverage", "probes");
            hello.put("coverage_total", coverage.total);
        }
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
        boolean asked = coverage != null && Boolean.TRUE.equals(request.get("coverage"))
                && !"shutdown".equals(op);
        if (asked) {
            coverage.begin();
        } else if (coverage != null) {
            coverage.stale = true;
        }
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
        if (asked) {
            response.put("coverage", coverage.take());
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

    static Map<String, Object> parse(String input) throws Exception {
        Library l = library;
        Object url = l.call(l.get, null, input);
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("scheme", l.call(l.scheme, url));
        String user = (String) l.call(l.encodedUsername, url);
        String password = (String) l.call(l.encodedPassword, url);
        components.put("userinfo", user.isEmpty() && password.isEmpty() ? null
                : password.isEmpty() ? user : user + ":" + password);
        components.put("host", l.call(l.host, url));
        components.put("port", Integer.toString((Integer) l.call(l.port, url)));
        components.put("path", l.call(l.encodedPath, url));
        components.put("query", l.call(l.encodedQuery, url));
        components.put("fragment", l.call(l.encodedFragment, url));
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("outcome", "accepted");
        response.put("components", components);
        response.put("serialization", url.toString());
        return response;
    }

    static Map<String, Object> resolve(String base, String input) throws Exception {
        Library l = library;
        Object target = l.call(l.resolve, l.call(l.get, null, base), input);
        if (target == null) {
            throw new IllegalArgumentException("HttpUrl.resolve: not a well-formed http or https URL");
        }
        return accepted(target.toString());
    }

    /**
     * HttpUrl's methods as loaded by one class loader: the class path's, or the instrumenting
     * one of {@link Coverage}, whose okhttp3.HttpUrl is another class of the same bytes.
     */
    static final class Library {
        final Method get;
        final Method resolve;
        final Method scheme;
        final Method encodedUsername;
        final Method encodedPassword;
        final Method host;
        final Method port;
        final Method encodedPath;
        final Method encodedQuery;
        final Method encodedFragment;

        Library(ClassLoader loader) throws ReflectiveOperationException {
            Class<?> c = Class.forName("okhttp3.HttpUrl", true, loader);
            get = c.getMethod("get", String.class);
            resolve = c.getMethod("resolve", String.class);
            scheme = c.getMethod("scheme");
            encodedUsername = c.getMethod("encodedUsername");
            encodedPassword = c.getMethod("encodedPassword");
            host = c.getMethod("host");
            port = c.getMethod("port");
            encodedPath = c.getMethod("encodedPath");
            encodedQuery = c.getMethod("encodedQuery");
            encodedFragment = c.getMethod("encodedFragment");
        }

        /**
         * m on target (null: static); what the method throws is thrown as it is, not wrapped
         * in the InvocationTargetException of Method.invoke, so a rejection's message and code
         * are those of a direct call.
         */
        Object call(Method m, Object target, Object... args) throws Exception {
            try {
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Exception) {
                    throw (Exception) cause;
                }
                if (cause instanceof Error) {
                    throw (Error) cause;
                }
                throw e;
            }
        }
    }

    /**
     * JaCoCo's probes in OkHttp's classes, through JaCoCo's public API (org.jacoco.core.instr,
     * org.jacoco.core.runtime, org.jacoco.core.data) called by reflection, so that the worker
     * compiles and runs without it.
     */
    static final class Coverage {
        /** Loads okhttp3.* instrumented, child-first; all else from the class path. */
        final ClassLoader loader;
        /** The probes of the okhttp3 classes loaded at start-up: coverage_total. */
        final long total;
        private final Object data; // org.jacoco.core.runtime.RuntimeData
        private final Method collect;
        private final Object visitor; // an IExecutionDataVisitor taking the probes hit
        private final Object sessions; // an ISessionInfoVisitor ignoring the session
        private final Method name;
        private final Method probes;
        private final Map<String, Long> hashes = new HashMap<>();
        private final List<Long> hit = new ArrayList<>();
        /** Whether probes may have been hit since the last take(): by requests that did not ask. */
        boolean stale = true;

        /** The coverage, or null (and nothing loaded) when JaCoCo or ASM is missing. */
        static Coverage start() {
            try {
                Class.forName("org.objectweb.asm.ClassVisitor");
                Class.forName("org.objectweb.asm.commons.AnalyzerAdapter");
                Class.forName("org.objectweb.asm.tree.ClassNode");
                return new Coverage();
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                return null;
            }
        }

        private Coverage() throws ReflectiveOperationException {
            // As CoreTutorial: a runtime, started with a RuntimeData; an Instrumenter for it.
            Object runtime = Class.forName("org.jacoco.core.runtime.SystemPropertiesRuntime")
                    .getConstructor().newInstance();
            Class<?> runtimeData = Class.forName("org.jacoco.core.runtime.RuntimeData");
            data = runtimeData.getConstructor().newInstance();
            runtime.getClass().getMethod("startup", runtimeData).invoke(runtime, data);
            Class<?> generator = Class.forName(
                    "org.jacoco.core.runtime.IExecutionDataAccessorGenerator");
            Class<?> instrumenterClass = Class.forName("org.jacoco.core.instr.Instrumenter");
            Object instrumenter = instrumenterClass.getConstructor(generator).newInstance(runtime);
            Method instrument = instrumenterClass.getMethod("instrument", byte[].class,
                    String.class);
            ClassLoader parent = HttpUrl.class.getClassLoader();
            List<Class<?>> defined = new ArrayList<>();
            loader = new ClassLoader(parent) {
                @Override
                protected Class<?> loadClass(String name, boolean resolve)
                        throws ClassNotFoundException {
                    if (!name.startsWith("okhttp3.")) {
                        return super.loadClass(name, resolve);
                    }
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> c = findLoadedClass(name);
                        if (c == null) {
                            byte[] bytes;
                            String file = name.replace('.', '/') + ".class";
                            try (InputStream in = parent.getResourceAsStream(file)) {
                                if (in == null) {
                                    throw new ClassNotFoundException(name);
                                }
                                bytes = (byte[]) instrument.invoke(instrumenter,
                                        in.readAllBytes(), name);
                            } catch (IOException | ReflectiveOperationException e) {
                                throw new ClassNotFoundException(name, e);
                            }
                            c = defineClass(name, bytes, 0, bytes.length);
                            defined.add(c);
                        }
                        if (resolve) {
                            resolveClass(c);
                        }
                        return c;
                    }
                }
            };
            Class<?> executionData = Class.forName("org.jacoco.core.data.ExecutionData");
            name = executionData.getMethod("getName");
            probes = executionData.getMethod("getProbes");
            Class<?> dataVisitor = Class.forName("org.jacoco.core.data.IExecutionDataVisitor");
            Class<?> sessionVisitor = Class.forName("org.jacoco.core.data.ISessionInfoVisitor");
            collect = runtimeData.getMethod("collect", dataVisitor, sessionVisitor,
                    boolean.class);
            visitor = Proxy.newProxyInstance(Coverage.class.getClassLoader(),
                    new Class<?>[] {dataVisitor}, (proxy, method, args) -> {
                        if (method.getName().equals("visitClassExecution")) {
                            visit(args[0]);
                            return null;
                        }
                        return objectMethod(proxy, method, args);
                    });
            sessions = Proxy.newProxyInstance(Coverage.class.getClassLoader(),
                    new Class<?>[] {sessionVisitor}, (proxy, method, args) ->
                            method.getName().equals("visitSessionInfo") ? null
                                    : objectMethod(proxy, method, args));
            // The classes of HttpUrl's parse and resolve, loaded (and their static
            // initializers run) now; each class's $jacocoInit, the method JaCoCo adds to give
            // a class its probe array (https://www.jacoco.org/jacoco/trunk/doc/implementation.html,
            // "Probe Array Storage"), says how many probes it has.
            for (String c : new String[] {"okhttp3.HttpUrl", "okhttp3.HttpUrl$Builder",
                    "okhttp3.internal.Util"}) {
                Class.forName(c, true, loader);
            }
            long probeCount = 0;
            for (Class<?> c : new ArrayList<>(defined)) {
                try {
                    Method init = c.getDeclaredMethod("$jacocoInit");
                    init.setAccessible(true);
                    probeCount += ((boolean[]) init.invoke(null)).length;
                } catch (NoSuchMethodException e) {
                    // An interface without code: JaCoCo gives it no probes.
                }
            }
            total = probeCount;
        }

        private static Object objectMethod(Object proxy, Method method, Object[] args) {
            switch (method.getName()) {
                case "equals": return proxy == args[0];
                case "hashCode": return System.identityHashCode(proxy);
                default: return "coverage visitor";
            }
        }

        /** One class's probes: those hit, as ids. */
        private void visit(Object executionData) throws ReflectiveOperationException {
            boolean[] p = (boolean[]) probes.invoke(executionData);
            Long hash = null;
            for (int k = 0; k < p.length && k < 1 << 16; k++) {
                if (p[k]) {
                    if (hash == null) {
                        hash = hashes.computeIfAbsent((String) name.invoke(executionData),
                                Coverage::hash);
                    }
                    hit.add(hash | k);
                }
            }
        }

        /**
         * RuntimeData.collect(visitor, sessions, reset = true): every class's probes go to
         * visit(), then are cleared. The visitor reads them during the call: the ExecutionData
         * it is given are the runtime's own, whose arrays the reset clears.
         */
        private void collect() {
            try {
                collect.invoke(data, visitor, sessions, true);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("JaCoCo's RuntimeData.collect failed", e);
            }
        }

        /** 16 bits of FNV-1a (32 bits) of a class's VM name, times 2^16. */
        static long hash(String vmName) {
            int h = 0x811c9dc5;
            for (byte b : vmName.getBytes(StandardCharsets.UTF_8)) {
                h ^= b & 0xff;
                h *= 0x01000193;
            }
            return (long) ((h >>> 16) ^ (h & 0xffff)) << 16;
        }

        /** Before an answer that asks: the probes hit since the last take() are not its. */
        void begin() {
            if (stale) {
                collect();
                hit.clear();
            }
        }

        /** The ids of the probes hit since begin(), sorted; the probes are then cleared. */
        List<Long> take() {
            collect();
            List<Long> ids = new ArrayList<>(hit);
            hit.clear();
            ids.sort(null);
            stale = false;
            return ids;
        }
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
