//! The card of java-uri: `java.net.URI`.

use super::*;

/// `java-uri`.
pub const CARD: Card = Card {
    name: "java-uri",
    library: "java.net.URI: new URI, resolve, normalize, equals",
    version: Version::Handshake {
        pinned: "the java on PATH",
    },
    profile: "rfc2396",
    docs: &["https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URI.html"],
    runs: Runs::Worker(Worker {
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: true,
        file: "java-uri.java",
        source: include_str!("../../workers/java-uri.java"),
        run: Run::Interpreted {
            program: "java",
            args: JAVA_FLAGS,
        },
        packages: &[Package::Debian("default-jdk-headless")],
        needs: "java 11 or later (Debian: default-jdk-headless)",
    }),
    reproduce: Reproduce::JavaUri,
    schemes: Schemes::Any,
};
