//! What `java.net.URI.resolve(URI)` answers where RFC 2396 5.2 (the `rfc2396` profile's
//! reference) answers otherwise, computed from the base and the reference's target: the port
//! written as the integer `getPort` returns, and an empty reference resolved by the javadoc's
//! steps. Follows the JDK's javadoc of `URI.resolve(URI)`, `URI.normalize()`, `URI.getPort()`
//! and `URI.toString()` ("a string is constructed from this URI's components according to the
//! rules specified in RFC 2396, section 5.2, step 7" for a URI made by resolution), and the
//! comments of `URI.java`'s path normalization ("Skip redundant slashes").

use crate::engine::profile::server_parts;

/// `authority` as `toString` writes a resolved URI's server-based authority: the port as the
/// `int` `getPort` returns ("the port component of this URI, or -1 if the port is undefined",
/// so `080` is `80` and an empty port is not written). `None` where Java might read the
/// authority as registry-based (a host that is no RFC 2396 `hostname` or IP literal, or a port
/// above `Integer.MAX_VALUE`): it is then written as it stands, which this does not guess.
pub(super) fn authority_with_int_port(authority: &str) -> Option<String> {
    let (userinfo, host, port) = server_parts(authority);
    let literal = host.starts_with('[') && host.ends_with(']');
    // RFC 2396 3.2.2 `hostname = *( domainlabel "." ) toplabel [ "." ]`, labels of
    // alphanumerics and "-" (java.net.URI lets a single label start with a digit).
    let labels = host.strip_suffix('.').unwrap_or(host);
    let hostname = !labels.is_empty()
        && labels.split('.').all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    if !literal && !hostname {
        return None;
    }
    let port = match port {
        None | Some("") => None,
        Some(p) => Some(p.parse::<i32>().ok()?),
    };
    let mut out = String::with_capacity(authority.len());
    if let Some(u) = userinfo {
        out.push_str(u);
        out.push('@');
    }
    out.push_str(host);
    if let Some(p) = port {
        out.push_str(&format!(":{p}"));
    }
    Some(out)
}

/// `target` (a resolution's answer) with its authority's port written as an integer and nothing
/// else changed (`http://M:08` is `http://M:8`); `None` when that changes nothing or the
/// authority may be registry-based (see [`authority_with_int_port`]).
pub(super) fn port_as_int(target: &str) -> Option<String> {
    let c = uri_spec::parse(target.as_bytes()).ok()?;
    let authority = c.authority?;
    let port = c.port.filter(|p| !p.is_empty())?;
    let written = authority_with_int_port(authority)?;
    if !authority.ends_with(&format!(":{port}")) {
        return None;
    }
    // The authority follows "scheme:" and "//".
    let at = c.scheme.map_or(0, |s| s.len() + 1) + 2;
    let end = at + authority.len();
    (written != authority).then(|| format!("{}{written}{}", &target[..at], &target[end..]))
}

/// What `base.resolve(URI(""))` answers, by the javadoc's steps: the empty reference is no
/// "standalone fragment reference" (its fragment is undefined), so "A new URI is constructed
/// with this URI's scheme and the given URI's query and fragment components" (none), "the new
/// URI's authority component is copied from this URI", and its path is "all but the last
/// segment of this URI's path, if any" with the empty path appended, normalized "as if by
/// invoking the normalize method". `None` for a base without a scheme, an opaque base (returned
/// as it is, a rule apart), or a possibly registry-based authority; an empty authority is
/// undefined, and not written.
pub(super) fn empty_reference(base: &[u8]) -> Option<String> {
    relative_path(base, b"")
}

/// What `base.resolve(reference)` answers for a reference of a relative path (empty or not, no
/// scheme, no authority, its path not starting with "/"), by the javadoc's steps (see
/// [`empty_reference`]): the base's scheme and authority, "all but the last segment of this
/// URI's path, if any" with the reference's path appended and normalized as `normalize` does
/// (empty segments dropped too), then the reference's query and fragment. `None` for a
/// standalone fragment reference (the base is returned with it), and where
/// [`empty_reference`] says.
pub(super) fn relative_path(base: &[u8], reference: &[u8]) -> Option<String> {
    if crate::engine::profile::opaque_2396(base) {
        return None;
    }
    let r = uri_spec::parse(reference).ok()?;
    let r_path = r.path.unwrap_or("");
    let standalone_fragment = r_path.is_empty() && r.query.is_none() && r.fragment.is_some();
    if r.scheme.is_some() || r.authority.is_some() || r_path.starts_with('/') || standalone_fragment
    {
        return None;
    }
    let c = uri_spec::parse(base).ok()?;
    let scheme = c.scheme?;
    let path = c.path.unwrap_or("");
    let mut out = format!("{scheme}:");
    // An empty authority is undefined (URI(String): "If the authority component is empty then
    // the user-information, host, and port components are undefined"; `getRawAuthority` is
    // null), so the target is written without "//": `file:///x/y` and `g` give `file:/x/g`.
    if let Some(a) = c.authority.filter(|a| !a.is_empty()) {
        out.push_str("//");
        out.push_str(&authority_with_int_port(a)?);
    } else if c.authority.is_none() && !path.starts_with('/') {
        return None;
    }
    // An empty base path beside an authority is "/" once anything is appended (`http://a` and
    // `g` give `http://a/g`; with nothing appended, `http://a` stays).
    let merged = match path.rfind('/') {
        Some(i) => format!("{}{r_path}", &path[..=i]),
        None if r_path.is_empty() => String::new(),
        None => format!("/{r_path}"),
    };
    out.push_str(&normalize(&merged));
    if let Some(q) = r.query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment {
        out.push('#');
        out.push_str(f);
    }
    Some(out)
}

/// What `base.resolve(reference)` answers for a reference with an empty authority followed by
/// a path, query or fragment, which `URI(String)` reads with its authority undefined: an
/// absolute path with the base's scheme and authority, the path as it is (the javadoc
/// normalizes only a merged relative path); a query as [`relative_path`] resolves `?q`; a
/// fragment alone the base with it ("a standalone fragment reference"). `None` for another
/// reference, a base without a scheme or with a possibly registry-based or empty authority.
pub(super) fn empty_authority_reference(base: &[u8], reference: &[u8]) -> Option<String> {
    let rest = reference.strip_prefix(b"//")?;
    match rest.first()? {
        // The path, query and fragment as they are written (`////` has the path `//`).
        b'/' => {
            let rest = std::str::from_utf8(rest).ok()?;
            let c = uri_spec::parse(base).ok()?;
            let authority = c.authority.filter(|a| !a.is_empty())?;
            Some(format!(
                "{}://{}{rest}",
                c.scheme?,
                authority_with_int_port(authority)?
            ))
        }
        b'?' => relative_path(base, rest),
        b'#' => {
            uri_spec::parse(rest).ok()?;
            let base = std::str::from_utf8(base).ok()?;
            uri_spec::parse(base.as_bytes()).ok()?.scheme?;
            let kept = base.split_once('#').map_or(base, |(b, _)| b);
            Some(format!("{kept}{}", std::str::from_utf8(rest).ok()?))
        }
        _ => None,
    }
}

/// `URI.normalize()`'s path steps for an absolute path or an empty one: "All "." segments are
/// removed"; "If a ".." segment is preceded by a non-".." segment then both of these segments
/// are removed. This step is repeated until it is no longer applicable" (so a leading ".."
/// stays: "A normalized path will begin with one or more ".." segments if there were
/// insufficient non-".." segments"); empty segments dropped (`URI.java`'s split: "Skip redundant
/// slashes"). The segments left are joined as the path wrote them: each but the path's last
/// segment was followed by a "/", which stays (`g/..` is `/b/`, `g/.` is `/b/g/`), and the path's
/// last segment, where it stays, ends it (`file:///` and `..` give `file:/..`).
fn normalize(path: &str) -> String {
    if path.is_empty() {
        return String::new();
    }
    let mut kept: Vec<&str> = Vec::new();
    // Whether the last segment looked at stayed.
    let mut last_stayed = false;
    for seg in path.split('/').filter(|s| !s.is_empty() && *s != ".") {
        last_stayed = !(seg == ".." && kept.last().is_some_and(|l| *l != ".."));
        if last_stayed {
            kept.push(seg);
        } else {
            kept.pop();
        }
    }
    let mut out = String::from("/");
    out.push_str(&kept.join("/"));
    // The path's last segment (after its last "/"), when it is one of those kept, has no "/"
    // after it; any other segment left did.
    let last = path.rsplit('/').next().unwrap_or("");
    let ends_on_a_kept_segment = last_stayed && !last.is_empty() && last != ".";
    if !kept.is_empty() && !ends_on_a_kept_segment {
        out.push('/');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Java 17's `new URI(base).resolve(new URI(""))`, as it printed them.
    #[test]
    fn empty_reference_is_what_java_printed() {
        for (base, java) in [
            (
                "coap://auth.openlibrary.org:8080/api?id=profile",
                "coap://auth.openlibrary.org:8080/",
            ),
            ("http://a/b/c?q", "http://a/b/"),
            ("http://a/b/c?q#f", "http://a/b/"),
            ("http://a/b/./c/../d/e?x", "http://a/b/d/"),
            ("http://a", "http://a"),
            ("http://a?q", "http://a"),
            ("http://a/", "http://a/"),
            ("http://a/b/../../c", "http://a/../"),
            ("http://a/./b:c/d", "http://a/b:c/"),
            ("http:/a/b", "http:/a/"),
            ("http://h:080/a", "http://h:80/"),
            ("http://u@H:080/a/b?x", "http://u@H:80/a/"),
            ("http://a/a//b/c", "http://a/a/b/"),
            ("http://a//x/y", "http://a/x/"),
            ("http://a/../..//c/d", "http://a/../../c/"),
            ("http://a/b/%2E/c", "http://a/b/%2E/"),
            ("http://a/..", "http://a/"),
            ("http://h:/a/b", "http://h/a/"),
            ("http://[::1]:080/a", "http://[::1]:80/"),
            ("file:///x/y", "file:/x/"),
            ("file://#comments", "file:"),
            ("http://?q", "http:"),
        ] {
            assert_eq!(
                empty_reference(base.as_bytes()).as_deref(),
                Some(java),
                "{base}"
            );
        }
        // Opaque, relative, a possibly registry-based authority: not computed.
        for base in ["a:b", "/a/b", "http://h_x:080/a"] {
            assert_eq!(empty_reference(base.as_bytes()), None, "{base}");
        }
    }

    /// Java 17's `new URI("http://a/b/c/d;p?q").resolve(new URI(reference))` of references
    /// with an empty authority, as it printed them.
    #[test]
    fn an_empty_authority_reference_is_what_java_printed() {
        let base = b"http://a/b/c/d;p?q";
        for (reference, java) in [
            ("///", "http://a/"),
            ("///a/../b", "http://a/a/../b"),
            ("///a?q#f", "http://a/a?q#f"),
            ("//#f", "http://a/b/c/d;p?q#f"),
            ("//?q", "http://a/b/c/?q"),
            ("////", "http://a//"),
            ("///./g", "http://a/./g"),
        ] {
            assert_eq!(
                empty_authority_reference(base, reference.as_bytes()).as_deref(),
                Some(java),
                "{reference}"
            );
        }
        for reference in ["//h/x", "/x", "//", "x"] {
            assert_eq!(empty_authority_reference(base, reference.as_bytes()), None);
        }
    }

    /// Java 17's `new URI(base).resolve(new URI(reference))` of relative paths, as it printed
    /// them.
    #[test]
    fn a_relative_path_is_what_java_printed() {
        for (base, reference, java) in [
            ("http://a/b/c?q", "9//", "http://a/b/9/"),
            ("http://a/b/c?q", "a//b?q#f", "http://a/b/a/b?q#f"),
            ("http://a/b/c", "x/../y", "http://a/b/y"),
            ("http://a/b/c", "./g", "http://a/b/g"),
            ("http://a/b/c", "..//g", "http://a/g"),
            ("http://a/b/c", "../../../g", "http://a/../../g"),
            ("http://a/b/c", "%2E/g", "http://a/b/%2E/g"),
            ("http://h:080/a/b", "g", "http://h:80/a/g"),
            ("http://a/b/c", "?y", "http://a/b/?y"),
            ("http://a", "g", "http://a/g"),
            ("http://a", "?q", "http://a?q"),
            ("http://a/b//c/d", "e", "http://a/b/c/e"),
            ("http://a/b/c", "g/..", "http://a/b/"),
            ("http://a/b/c", ".", "http://a/b/"),
            ("http://a/b/c", "..", "http://a/"),
            ("http://a/b/c", "g/.", "http://a/b/g/"),
            ("http://a/b/c/", "../..", "http://a/"),
            (
                "http://www.university.edu/api-v2/x",
                "caf%C3%A9//h",
                "http://www.university.edu/api-v2/caf%C3%A9/h",
            ),
            ("file://#comments", "g.#h", "file:/g.#h"),
            ("file:///x/y", "g", "file:/x/g"),
            ("file:///x/y", "?q", "file:/x/?q"),
            ("http://?q", "g", "http:/g"),
            ("file://#c", "../g", "file:/../g"),
            // A ".." that stays, last: nothing after it.
            ("file:///", "..", "file:/.."),
            ("file:///", "../../..", "file:/../../.."),
            ("http://a/", "..", "http://a/.."),
            ("http://a", "..", "http://a/.."),
            ("http://a/b/", "../..", "http://a/.."),
            ("http://a/b/c", "./../..", "http://a/.."),
            ("http://a/b/", "../../.", "http://a/../"),
            ("http://a/", "../g/..", "http://a/../"),
            ("http://a/b/c", "../../../x/..", "http://a/../../"),
            ("http://a/", "..//", "http://a/../"),
        ] {
            assert_eq!(
                relative_path(base.as_bytes(), reference.as_bytes()).as_deref(),
                Some(java),
                "{base} + {reference}"
            );
        }
        // A standalone fragment, an absolute path, a network path, a scheme: not this rule.
        for reference in ["#s", "/a//b", "//h/x", "g:h"] {
            assert_eq!(relative_path(b"http://a/b/c", reference.as_bytes()), None);
        }
    }

    /// Java 17's resolutions whose only change is the port, as it printed them.
    #[test]
    fn the_port_is_written_as_an_integer() {
        for (target, java) in [
            ("http://M:08", "http://M:8"),
            (
                "http://user@AUTH.CONTOSO.COM:080/..",
                "http://user@AUTH.CONTOSO.COM:80/..",
            ),
            ("http://h:080/b", "http://h:80/b"),
            ("http://g:0080?x#y", "http://g:80?x#y"),
            ("http://a:00/c", "http://a:0/c"),
        ] {
            assert_eq!(port_as_int(target).as_deref(), Some(java), "{target}");
        }
        // Nothing to change, a registry-based authority, an int's overflow.
        for target in ["http://g:9/x", "http://h_x:080/", "http://h:2147483648/"] {
            assert_eq!(port_as_int(target), None, "{target}");
        }
    }
}
