//! The card of php-parse-url: PHP's `parse_url`.

use super::*;

/// `php-parse-url`.
pub const CARD: Card = Card {
    name: "php-parse-url",
    library: "parse_url (PHP)",
    version: Version::Handshake {
        pinned: "the php on PATH",
    },
    profile: "php-parse-url",
    docs: &["https://www.php.net/manual/en/function.parse-url.php"],
    runs: Runs::Worker(Worker {
        operations: &[Op::Parse],
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        file: "php-parse-url.php",
        source: include_str!("../../workers/php-parse-url.php"),
        run: interpreted("php"),
        packages: &[Package::Debian("php-cli")],
        needs: "php (Debian: php-cli)",
    }),
    reproduce: Reproduce::PhpParseUrl,
    schemes: Schemes::Any,
};
