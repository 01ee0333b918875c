//! URI.js's query normalization, transcribed from src/URI.js of urijs 1.19.11 (the published
//! package) for the `urijs` profile: normalizeQuery() sets the query to
//! `URI.buildQuery(URI.parseQuery(query))`, and buildQuery's own comment says why: "URI.js
//! treats the query string as being application/x-www-form-urlencoded". The engine's rule
//! checks that this computation, run on RFC 3986's normal form, lands on URI.js's answer.
//!
//! With URI.js's defaults (`URI.escapeQuerySpace = true`, `URI.duplicateQueryParameters =
//! false`): parseQuery drops empty pairs ("throw out the funky business"), decodes each name and
//! value with `+` as a space, groups the values of a name in the order met, and skips the name
//! `__proto__`; buildQuery writes the names in JavaScript's own-property order (ECMA-262
//! OrdinaryOwnPropertyKeys: array-index names first, ascending, then the rest as inserted),
//! each distinct value once (`value + ''`, so a name without "=" and the value `null` are one),
//! encoded by `URI.encode` with a space as `+`, a name without "=" written without it.

use super::{uri_component_decoded, uri_component_encoded};

/// `uri` with its non-empty query rebuilt as normalizeQuery() rebuilds it ([`form_query`]), an
/// empty result written without "?" (URI.build writes a query only when it is non-empty).
/// `None` without a query or when RFC 3986 does not read `uri`.
pub(super) fn query_rebuilt(uri: &str) -> Option<String> {
    let c = uri_spec::parse(uri.as_bytes()).ok()?;
    let query = c.query.filter(|q| !q.is_empty())?;
    let rebuilt = form_query(query);
    let query = (!rebuilt.is_empty()).then_some(rebuilt.as_str());
    let path = c.path.unwrap_or("");
    Some(uri_spec::recompose(
        c.scheme,
        c.authority,
        path,
        query,
        c.fragment,
    ))
}

/// `URI.buildQuery(URI.parseQuery(query))` with URI.js's defaults.
pub(super) fn form_query(query: &str) -> String {
    // parseQuery: `string.replace(/&+/g, '&').replace(/^\?*&*|&+$/g, '')`.
    let mut collapsed = String::with_capacity(query.len());
    for c in query.chars() {
        if !(c == '&' && collapsed.ends_with('&')) {
            collapsed.push(c);
        }
    }
    let trimmed = collapsed.trim_start_matches('?');
    let trimmed = trimmed.strip_prefix('&').unwrap_or(trimmed);
    let trimmed = trimmed.trim_end_matches('&');
    if trimmed.is_empty() {
        return String::new();
    }
    // parseQuery: each pair split at "=", a name without "=" has the value `null`.
    let mut items: Vec<(String, Vec<Option<String>>)> = Vec::new();
    for pair in trimmed.split('&') {
        let (name, value) = match pair.split_once('=') {
            Some((n, v)) => (decode_query(n), Some(decode_query(v))),
            None => (decode_query(pair), None),
        };
        if name == "__proto__" {
            continue;
        }
        match items.iter_mut().find(|(n, _)| *n == name) {
            Some((_, values)) => values.push(value),
            None => items.push((name, vec![value])),
        }
    }
    // JavaScript's `for (key in data)`: array-index names first, in ascending order.
    let mut ordered: Vec<&(String, Vec<Option<String>>)> = items.iter().collect();
    ordered.sort_by_key(|(name, _)| array_index(name).map_or((1, 0), |i| (0, i)));
    let mut pairs = Vec::new();
    for (name, values) in ordered {
        let mut seen: Vec<&str> = Vec::new();
        for value in values {
            // buildQuery's `unique[data[key][i] + '']`: `null + ''` is "null".
            let key = value.as_deref().unwrap_or("null");
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let mut pair = encode_query(name);
            if let Some(v) = value {
                pair.push('=');
                pair.push_str(&encode_query(v));
            }
            pairs.push(pair);
        }
    }
    pairs.join("&")
}

/// `URI.decodeQuery`: `+` read as "%20", then `decodeURIComponent`; where that throws, the
/// text as it was ("we're not going to mess with weird encodings").
fn decode_query(s: &str) -> String {
    uri_component_decoded(&s.replace('+', "%20")).unwrap_or_else(|| s.to_owned())
}

/// `URI.encodeQuery`: `URI.encode`, then "%20" written as `+`.
fn encode_query(s: &str) -> String {
    uri_component_encoded(s).replace("%20", "+")
}

/// The value of `name` when it is an array index (ECMA-262: a canonical numeric string of an
/// integer below 2^32 - 1), which JavaScript lists before the other property names.
fn array_index(name: &str) -> Option<u64> {
    if name.is_empty() || (name.len() > 1 && name.starts_with('0')) {
        return None;
    }
    if !name.bytes().all(|b| b.is_ascii_digit()) || name.len() > 10 {
        return None;
    }
    name.parse::<u64>()
        .ok()
        .filter(|&i| i < u64::from(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_is_rebuilt_as_uri_js_rebuilds_it() {
        // Each expected value printed by urijs 1.19.11's `URI("?" + q).normalize().href()`.
        assert_eq!(form_query("/"), "%2F");
        assert_eq!(form_query("%20"), "+");
        assert_eq!(form_query("a=b=c+d"), "a=b%3Dc+d");
        assert_eq!(form_query("=="), "=%3D");
        assert_eq!(form_query("&&"), "");
        assert_eq!(form_query("a&a"), "a");
        assert_eq!(form_query("a=&a"), "a=&a");
        assert_eq!(form_query("b=1&2=x&a&1=y"), "1=y&2=x&b=1&a");
        assert_eq!(
            form_query("&a=1&&b&a=1&a=2&a&a=null&0=x&10=y&01=z&__proto__=p&c=%FF+"),
            "0=x&10=y&a=1&a=2&a&b&01=z&c=%25FF%2B"
        );
        assert_eq!(form_query("x/../y"), "x%2F..%2Fy");
    }

    #[test]
    fn only_array_indices_come_first() {
        assert_eq!(array_index("0"), Some(0));
        assert_eq!(array_index("4294967294"), Some(4_294_967_294));
        assert_eq!(array_index("4294967295"), None);
        assert_eq!(array_index("01"), None);
        assert_eq!(array_index(""), None);
        assert_eq!(array_index("1a"), None);
    }

    #[test]
    fn an_empty_rebuilt_query_loses_its_mark() {
        assert_eq!(query_rebuilt("//a/?&#f").as_deref(), Some("//a/#f"));
        assert_eq!(
            query_rebuilt("http://a/b?x/../y#z/./w").as_deref(),
            Some("http://a/b?x%2F..%2Fy#z/./w")
        );
        assert_eq!(query_rebuilt("http://a/b"), None);
    }
}
