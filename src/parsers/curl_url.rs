//! The card of curl-url: libcurl's URL API.

use super::*;

/// `curl-url`.
pub const CARD: Card = Card {
    name: "curl-url",
    library: "libcurl URL API: curl_url_set, curl_url_get",
    version: DEBIAN_PINNED,
    profile: "curl-url",
    docs: &[
        "https://curl.se/libcurl/c/curl_url_set.html",
        "https://curl.se/docs/url-syntax.html",
    ],
    runs: Runs::Worker(Worker {
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        file: "curl-url.c",
        source: include_str!("../../workers/curl-url.c"),
        run: Run::Compiled { libs: &["-lcurl"] },
        packages: &[
            Package::Debian("gcc"),
            Package::Debian("libcurl4-openssl-dev"),
        ],
        needs: "cc and libcurl's headers (Debian: gcc, libcurl4-openssl-dev)",
    }),
    reproduce: Reproduce::CurlUrl,
    // curl's URL API defaults a scheme only with CURLU_DEFAULT_SCHEME or CURLU_GUESS_SCHEME
    // (https://curl.se/libcurl/c/curl_url_set.html); the worker sets neither and sets
    // CURLU_NON_SUPPORT_SCHEME, so it takes every scheme and no scheme-less input.
    schemes: Schemes::Any,
};
