//! The card of java-okhttp: OkHttp's `HttpUrl` (Debian 12).

use super::*;

/// `java-okhttp`.
pub const CARD: Card = Card {
    name: "java-okhttp",
    library: "OkHttp: HttpUrl.parse, HttpUrl.resolve",
    version: DEBIAN_PINNED,
    profile: "whatwg-url",
    docs: &["https://square.github.io/okhttp/5.x/okhttp/okhttp3/-http-url/index.html"],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "java-okhttp.java",
        source: include_str!("../../workers/java-okhttp.java"),
        run: Run::JavaClassPath {
            jars: &["/usr/share/java/okhttp.jar", "/usr/share/java/okio.jar"],
            // JaCoCo's core library and the ASM jars it instruments with (its manifest names
            // none, so each is listed): the worker's coverage, declared only with them.
            coverage: &[
                "/usr/share/java/org.jacoco.core.jar",
                "/usr/share/java/asm.jar",
                "/usr/share/java/asm-commons.jar",
                "/usr/share/java/asm-tree.jar",
            ],
        },
        packages: &[
            Package::Debian("default-jdk-headless"),
            Package::Debian("libokhttp-java"),
            Package::Debian("libjacoco-java"),
        ],
        needs: "java 11 or later and OkHttp's jars (Debian: default-jdk-headless, libokhttp-java; for its coverage, libjacoco-java)",
    }),
    reproduce: Reproduce::Debian(DebianCall::OkHttp),
    // OkHttp's HttpUrl is "a uniform resource locator (URL) with a scheme of either http or
    // https" and HttpUrl.parse returns null without one
    // (https://square.github.io/okhttp/5.x/okhttp/okhttp3/-http-url/index.html).
    schemes: Schemes::Http { scheme_less: false },
};
