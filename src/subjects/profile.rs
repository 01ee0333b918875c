//! The closed list of profiles: the standard each parser claims, and the reference it is judged
//! against.
//!
//! A subject declares a profile by name (an in-process adapter in its [`super::SubjectInfo`], a
//! worker in its handshake); a name outside [`PROFILES`] is an error naming the known ones. The
//! engine compares a subject only with its profile's [`Reference`], answering the job under that
//! standard whatever edition the job came from: a difference between standards (WHATWG against
//! RFC 3986, RFC 2396 against RFC 3986) is the conformance matrix's business, not a discrepancy.
//!
//! Each profile cites where the library or standard says what it follows; the rules that explain
//! a library's documented deviations from its reference are the engine's
//! (`engine::profile`, one file per profile).

use uri_spec::Edition;

/// What a profile's subjects are judged against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reference {
    /// impl under the job's own edition: for the project's own oracles, which speak editions.
    JobEdition,
    /// impl under one edition, whatever edition the job came from.
    Edition(Edition),
    /// The WHATWG URL Standard's basic URL parser and serializer, as the project's WHATWG
    /// reference implements it: Ada (`ada-url`), which passes the WHATWG's own URL test data
    /// (`uridiff suite --whatwg` measures it, and the report shows the score when given a file).
    Whatwg,
    /// Where a browser or a lenient splitter routes an input ([`super::lenient`]): what a
    /// subject that accepts an input its own reference rejects is compared with, never a
    /// profile's reference.
    Lenient,
}

impl Reference {
    /// A short name for reports (`rfc3986`, `draft-fielding-uri-syntax-02`, `whatwg`, `edition`).
    ///
    /// ```
    /// use uridiff::subjects::profile::Reference;
    /// assert_eq!(Reference::Whatwg.name(), "whatwg");
    /// assert_eq!(Reference::Edition(uri_spec::Edition::Rfc3986).name(), "rfc3986");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Reference::JobEdition => "edition",
            Reference::Edition(e) => e.id(),
            Reference::Whatwg => "whatwg",
            Reference::Lenient => "lenient",
        }
    }
}

/// One profile: a standard a parser claims, and where that is documented.
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// The name subjects declare.
    pub name: &'static str,
    /// The standard, in words.
    pub standard: &'static str,
    /// What its subjects are judged against.
    pub reference: Reference,
    /// Where the claim is documented.
    pub source: &'static str,
}

const RFC3986: Reference = Reference::Edition(Edition::Rfc3986);
const RFC2396: Reference = Reference::Edition(Edition::UriSyntax02);

/// Every profile a subject may declare.
pub const PROFILES: &[Profile] = &[
    Profile {
        name: "rfc3986",
        standard: "RFC 3986",
        reference: RFC3986,
        source: "the crate's documentation (fluent-uri, iri-string, uriparse: \"RFC 3986\")",
    },
    Profile {
        name: "rfc3987-iri",
        standard: "RFC 3987 (IRIs over RFC 3986)",
        reference: RFC3986,
        source: "oxiri and iref: \"RFC 3987 IRI\" in their crate documentation",
    },
    Profile {
        name: "rfc2396",
        standard: "RFC 2396 (draft-fielding-uri-syntax-02), with RFC 2732's IPv6",
        reference: RFC2396,
        source: "java.net.URI's class documentation: \"RFC 2396 ... amended by RFC 2732\"",
    },
    Profile {
        name: "whatwg-url",
        standard: "the WHATWG URL Standard",
        reference: Reference::Whatwg,
        source: "url, ada-url and Node's URL class: \"WHATWG URL Standard\" in their documentation",
    },
    Profile {
        name: "http-request-target",
        standard: "RFC 9112 3.2 request-target over RFC 3986",
        reference: RFC3986,
        source: "http::Uri's documentation: the four forms of a request-target",
    },
    Profile {
        name: "python-urllib",
        standard: "RFC 3986 with urllib.parse's documented leniency",
        reference: RFC3986,
        source: "Python's urllib.parse documentation (urlsplit: \"follows RFC 3986\", no validation)",
    },
    Profile {
        name: "node-legacy-url",
        standard: "no standard (Node's legacy url.parse), read against RFC 3986",
        reference: RFC3986,
        source: "Node's url documentation: url.parse \"uses a lenient, non-standard algorithm\"",
    },
    Profile {
        name: "url-parse",
        standard: "no standard (npm url-parse: Node's url and the browser's URL properties), read against RFC 3986",
        reference: RFC3986,
        source: "url-parse's README: \"exposes two different API interfaces\", Node's url and the URL interface; no standard named",
    },
    Profile {
        name: "urijs",
        standard: "no single standard (URI.js lists RFC 3986, RFC 3987 and the URL Standard as resources), read against RFC 3986",
        reference: RFC3986,
        source: "URI.js's README: \"a javascript library for working with URLs\"; RFC 3986 among its \"Resources\"",
    },
    Profile {
        name: "go-net-url",
        standard: "RFC 3986 with net/url's documented deviations",
        reference: RFC3986,
        source: "Go's net/url documentation: \"Parse parses a raw url ... RFC 3986\"",
    },
    Profile {
        name: "php-parse-url",
        standard: "no standard (PHP's parse_url), read against RFC 3986",
        reference: RFC3986,
        source: "PHP's parse_url documentation: \"not meant to validate the given URL\"",
    },
    Profile {
        name: "ruby-uri",
        standard: "RFC 3986 (URI::RFC3986_Parser, Ruby's default parser)",
        reference: RFC3986,
        source: "Ruby's URI documentation: URI::RFC3986_Parser is the default parser",
    },
    Profile {
        name: "perl-uri",
        standard: "RFC 2396 as updated by RFC 2732",
        reference: RFC2396,
        source: "Perl's URI documentation: \"Uniform Resource Identifier references as specified in RFC 2396 (and updated by RFC 2732)\"",
    },
    Profile {
        name: "curl-url",
        standard: "RFC 3986 as curl reads it (\"RFC 3986+\")",
        reference: RFC3986,
        source: "curl's URL syntax documentation: \"RFC 3986+\"",
    },
    Profile {
        name: "python-urllib3",
        standard: "RFC 3986 read best-effort for HTTP (urllib3's parse_url)",
        reference: RFC3986,
        source: "urllib3's parse_url documentation: \"Best-effort is performed to parse incomplete urls ... RFC 3986 and RFC 6874 compliant\"",
    },
    Profile {
        name: "python-yarl",
        standard: "no standard named (yarl's URL, which normalizes), read against RFC 3986",
        reference: RFC3986,
        source: "yarl's documentation: URL \"is constructed from str\", parts kept encoded and decoded",
    },
    Profile {
        name: "python-furl",
        standard: "no standard named (furl's URL objects), read against RFC 3986",
        reference: RFC3986,
        source: "furl's documentation: \"furl is a small Python library that makes parsing and manipulating URLs easy\"",
    },
    Profile {
        name: "libwget",
        standard: "no standard (GNU Wget2's IRI routines), read against RFC 3986",
        reference: RFC3986,
        source: "libwget's wget.h: wget_iri_t's host, path, query and fragment are \"Unescaped\"",
    },
    Profile {
        name: "mojo-url",
        standard: "RFC 3986 Appendix B's split, with Mojo::URL's decoding, read against RFC 3986",
        reference: RFC3986,
        source: "Mojo::URL's parse: \"Official regex from RFC 3986\" (Mojo/URL.pm)",
    },
    Profile {
        name: "rfc3986-appendix-b",
        standard: "RFC 3986 Appendix B's regular expression, under each edition",
        reference: Reference::JobEdition,
        source: "this project's oracle (oracle/)",
    },
    Profile {
        name: "rfc3986-grammar",
        standard: "each edition's collected grammar, recognized",
        reference: Reference::JobEdition,
        source: "this project's oracle (oracle/)",
    },
];

/// A profile name outside [`PROFILES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown profile {name:?}; the known profiles are: {known}")]
pub struct UnknownProfile {
    /// The name given.
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
}

/// The profile named `name`.
///
/// # Errors
///
/// [`UnknownProfile`], naming every known profile.
///
/// ```
/// use uridiff::subjects::profile::{profile, Reference};
/// assert_eq!(profile("whatwg-url").unwrap().reference, Reference::Whatwg);
/// let err = profile("rfc9999").unwrap_err().to_string();
/// assert!(err.contains("rfc9999") && err.contains("rfc3986, "), "{err}");
/// ```
pub fn profile(name: &str) -> Result<&'static Profile, UnknownProfile> {
    PROFILES
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| UnknownProfile {
            name: name.to_owned(),
            known: PROFILES
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subject_declares_a_known_profile() {
        for s in crate::subjects::in_process() {
            assert!(profile(&s.info().profile).is_ok(), "{}", s.info().name);
        }
        for c in crate::parsers::CARDS {
            assert!(profile(c.profile).is_ok(), "{}", c.name);
        }
    }

    #[test]
    fn names_are_distinct() {
        let mut names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), PROFILES.len());
    }
}
