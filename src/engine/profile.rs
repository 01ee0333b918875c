//! What each profile differs in by design, written once per profile.
//!
//! A difference between a subject and the spec is `by-design(<profile>: <rule>)` only when one of
//! its profile's rules reproduces the subject's exact answer from the spec's answer: the rule is
//! a function from the spec's value to the subject's, and the engine checks that it lands on the
//! subject's value. A rule that merely sounds plausible explains nothing.

use crate::model::{Component, Components};

use super::Class;

/// What a rule sees: the class of the difference, the component, the spec's and the subject's
/// values, and the spec's components of the whole input.
#[derive(Clone, Copy, Debug)]
pub struct Evidence<'a> {
    /// The class of the difference.
    pub class: Class,
    /// The input.
    pub input: &'a [u8],
    /// The spec's value of the component (for a validity class: `None`).
    pub spec: Option<&'a str>,
    /// The subject's value.
    pub got: Option<&'a str>,
    /// The spec's components of the input, when the spec accepted it.
    pub spec_components: Option<&'a Components>,
}

impl Evidence<'_> {
    fn scheme(&self) -> Option<String> {
        self.spec_components
            .and_then(|c| c.get(Component::Scheme))
            .map(str::to_ascii_lowercase)
    }

    fn component(&self) -> Option<Component> {
        self.class.component()
    }
}

/// One by-design rule of a profile.
#[derive(Debug)]
pub struct Rule {
    /// The profile it belongs to.
    pub profile: &'static str,
    /// A short statement of the rule, as the reports print it.
    pub name: &'static str,
    /// Whether the rule reproduces the subject's value from the spec's.
    pub explains: fn(&Evidence<'_>) -> bool,
}

/// The rules, profile by profile.
pub const RULES: &[Rule] = &[
    // WHATWG URL Standard, "URL parsing" and "URL serializing".
    Rule {
        profile: "whatwg-url",
        name: "scheme is lowercased",
        explains: |e| e.component() == Some(Component::Scheme) && lower(e.spec).as_deref() == e.got,
    },
    Rule {
        profile: "whatwg-url",
        name: "host of a special scheme is lowercased (domain to ASCII)",
        explains: |e| {
            e.component() == Some(Component::Host)
                && is_special(e.scheme().as_deref())
                && lower(e.spec).as_deref() == e.got
        },
    },
    Rule {
        profile: "whatwg-url",
        name: "an IPv4 host in any of its number forms is serialized in dotted decimal",
        explains: |e| {
            e.component() == Some(Component::Host)
                && is_special(e.scheme().as_deref())
                && e.spec.and_then(whatwg_ipv4).as_deref() == e.got
        },
    },
    Rule {
        profile: "whatwg-url",
        name: "a special scheme's empty path becomes \"/\"",
        explains: |e| {
            e.component() == Some(Component::Path)
                && is_special(e.scheme().as_deref())
                && e.spec == Some("")
                && e.got == Some("/")
        },
    },
    Rule {
        profile: "whatwg-url",
        name: "dot segments are removed while parsing (%2e counts as \".\")",
        explains: |e| {
            e.component() == Some(Component::Path)
                && e.spec.is_some_and(|p| p.starts_with('/'))
                && e.spec.map(whatwg_dots).as_deref() == e.got
        },
    },
    Rule {
        profile: "whatwg-url",
        name: "a special scheme's default port, or an empty port, is omitted",
        explains: |e| {
            e.component() == Some(Component::Port)
                && e.got.is_none()
                && (e.spec == Some("")
                    || (e.spec.is_some()
                        && e.spec.and_then(|p| p.parse::<u16>().ok())
                            == default_port(e.scheme().as_deref())))
        },
    },
    Rule {
        profile: "whatwg-url",
        name: "an empty userinfo is dropped",
        explains: |e| {
            e.component() == Some(Component::Userinfo)
                && e.got.is_none()
                && matches!(e.spec, Some("" | ":"))
        },
    },
    Rule {
        profile: "whatwg-url",
        name: "the authority is reserialized from its parts",
        explains: |e| {
            e.component() == Some(Component::Authority)
                && e.spec_components
                    .and_then(|c| whatwg_authority(c, e.scheme().as_deref()))
                    .as_deref()
                    == e.got
        },
    },
];

/// The rule of `profile` that explains the evidence, if any.
///
/// # Examples
///
/// ```
/// use uridiff::engine::{explain, Class, Evidence};
/// use uridiff::model::{Component, Components};
/// let spec = Components::default().with(Component::Scheme, Some("HTTP"));
/// let e = Evidence { class: Class::Component(Component::Scheme), input: b"HTTP://a",
///                    spec: Some("HTTP"), got: Some("http"), spec_components: Some(&spec) };
/// assert_eq!(explain("whatwg-url", &e).unwrap().name, "scheme is lowercased");
/// assert!(explain("rfc3986", &e).is_none());
/// let wrong = Evidence { got: Some("https"), ..e };
/// assert!(explain("whatwg-url", &wrong).is_none());
/// ```
pub fn explain(profile: &str, evidence: &Evidence<'_>) -> Option<&'static Rule> {
    RULES
        .iter()
        .find(|r| r.profile == profile && (r.explains)(evidence))
}

fn lower(s: Option<&str>) -> Option<String> {
    s.map(str::to_ascii_lowercase)
}

/// WHATWG's special schemes.
fn is_special(scheme: Option<&str>) -> bool {
    matches!(
        scheme,
        Some("http" | "https" | "ws" | "wss" | "ftp" | "file")
    )
}

fn default_port(scheme: Option<&str>) -> Option<u16> {
    match scheme? {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The WHATWG IPv4 parser's reading of a host (decimal, octal `0..`, hex `0x..`, one to four
/// parts, the last filling the remaining bytes), serialized in dotted decimal; `None` when the
/// host is not an IPv4 address to WHATWG or is already in dotted-decimal form.
fn whatwg_ipv4(host: &str) -> Option<String> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let parts: Vec<&str> = host.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for p in &parts {
        let (digits, radix) = if let Some(h) = p.strip_prefix("0x").or(p.strip_prefix("0X")) {
            (h, 16)
        } else if p.len() > 1 && p.starts_with('0') {
            (&p[1..], 8)
        } else {
            (*p, 10)
        };
        let n = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, radix).ok()?
        };
        numbers.push(n);
    }
    let (last, rest) = numbers.split_last()?;
    if rest.iter().any(|n| *n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return None;
    }
    let mut v = *last;
    for (i, n) in rest.iter().enumerate() {
        v += n << (8 * (3 - i));
    }
    let s = format!(
        "{}.{}.{}.{}",
        v >> 24,
        (v >> 16) & 255,
        (v >> 8) & 255,
        v & 255
    );
    (s != host).then_some(s)
}

/// A path with WHATWG's dot-segment handling: `.`, `..`, `%2e` and `%2e%2e` (any case) as
/// segments are removed.
fn whatwg_dots(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let n = segments.len();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == n;
        let lower = seg.to_ascii_lowercase();
        let single = matches!(lower.as_str(), "." | "%2e");
        let double = matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e");
        if double {
            out.pop();
            if last {
                out.push("");
            }
        } else if single {
            if last {
                out.push("");
            }
        } else {
            out.push(seg);
        }
    }
    format!("/{}", out.join("/"))
}

/// The authority WHATWG serializes: userinfo unless empty, host lowercased for a special scheme,
/// port unless empty or the scheme's default.
fn whatwg_authority(c: &Components, scheme: Option<&str>) -> Option<String> {
    let host = c.get(Component::Host)?;
    let host = if is_special(scheme) {
        whatwg_ipv4(host).unwrap_or_else(|| host.to_ascii_lowercase())
    } else {
        host.to_owned()
    };
    let mut s = String::new();
    if let Some(u) = c
        .get(Component::Userinfo)
        .filter(|u| !u.is_empty() && *u != ":")
    {
        s.push_str(u.strip_suffix(':').unwrap_or(u));
        s.push('@');
    }
    s.push_str(&host);
    if let Some(p) = c.get(Component::Port).filter(|p| !p.is_empty()) {
        if p.parse::<u16>().ok() != default_port(scheme) {
            s.push(':');
            s.push_str(p.trim_start_matches('0'));
        }
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whatwg_ipv4_forms() {
        assert_eq!(whatwg_ipv4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(whatwg_ipv4("2130706433").as_deref(), Some("127.0.0.1"));
        assert_eq!(whatwg_ipv4("0177.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(whatwg_ipv4("1.2.3.4"), None);
        assert_eq!(whatwg_ipv4("example.com"), None);
        assert_eq!(whatwg_ipv4("1.2.3.256"), None);
    }

    #[test]
    fn whatwg_dot_segments() {
        assert_eq!(whatwg_dots("/a/./b/../c"), "/a/c");
        assert_eq!(whatwg_dots("/a/%2E%2e/b"), "/b");
        assert_eq!(whatwg_dots("/a/.."), "/");
        assert_eq!(whatwg_dots("/a/b/."), "/a/b/");
    }

    #[test]
    fn rules_reproduce_exact_values_only() {
        let c = Components::default()
            .with(Component::Scheme, Some("http"))
            .with(Component::Host, Some("A.Example"))
            .with(Component::Port, Some("80"));
        let ev = |class, spec, got| Evidence {
            class,
            input: b"",
            spec,
            got,
            spec_components: Some(&c),
        };
        let host = Class::Component(Component::Host);
        let port = Class::Component(Component::Port);
        let auth = Class::Component(Component::Authority);
        assert!(explain(
            "whatwg-url",
            &ev(host, Some("A.Example"), Some("a.example"))
        )
        .is_some());
        assert!(explain(
            "whatwg-url",
            &ev(host, Some("A.Example"), Some("b.example"))
        )
        .is_none());
        assert!(explain("whatwg-url", &ev(port, Some("80"), None)).is_some());
        assert!(explain("whatwg-url", &ev(port, Some("81"), None)).is_none());
        assert!(explain(
            "whatwg-url",
            &ev(auth, Some("A.Example:80"), Some("a.example"))
        )
        .is_some());
    }
}
