//! Canonical examples: once an example is 1-minimal, the scaffolding its difference needs but
//! does not depend on is rewritten to one letter, `a`, wherever the subject still shows the same
//! class with the same values, so that one behaviour met with different scaffolding is one
//! example, one skeleton and one class: URI.js's empty password dropped before a host `1`, a
//! host `[v7.x]` or a host `.` is `//:@a` each time. This is the canonicalizing pass of
//! test-case reducers (a deletion cannot turn `1` into `a`); what may be rewritten is a token
//! RFC 3986's generic syntax reads as one piece (section 2.2, 3.2.2): a bracketed IP literal, a
//! run of digits outside a percent-encoded octet (2.1), a run of dots standing alone. Letters
//! are their own canonical form, and percent-encoded octets, delimiters and bytes RFC 3986
//! allows nowhere are what differences are about: they stay.

use std::ops::Range;

/// The spans of `input` that may become `a`, in order: each bracketed group (`[` to the next
/// `]`), each run of digits no byte of which is the hex digit of a `%XX` triplet, and each run of
/// dots between two non-letters (or an end), such as a host `.` but not the dots of `a.b`.
fn spans(input: &[u8]) -> Vec<Range<usize>> {
    // A letter or digit beside a dot makes it part of a name or an address, not a token.
    let data = |b: u8| b.is_ascii_digit() || crate::engine::class::is_data(b);
    let in_triplet = |at: usize| {
        (at >= 1 && input[at - 1] == b'%')
            || (at >= 2 && input[at - 2] == b'%' && input[at - 1].is_ascii_hexdigit())
    };
    let mut out = Vec::new();
    let mut at = 0;
    while at < input.len() {
        let b = input[at];
        let end = match b {
            b'[' => match input[at..].iter().position(|&c| c == b']') {
                Some(n) => at + n + 1,
                None => input.len(),
            },
            b'0'..=b'9' => {
                at + input[at..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count()
            }
            b'.' => at + input[at..].iter().take_while(|&&c| c == b'.').count(),
            _ => {
                at += 1;
                continue;
            }
        };
        let keep = match b {
            b'[' => input[at..end].ends_with(b"]"),
            b'.' => (at == 0 || !data(input[at - 1])) && input.get(end).is_none_or(|&c| !data(c)),
            _ => !(at..end).any(in_triplet),
        };
        if keep {
            out.push(at..end);
        }
        at = end;
    }
    out
}

/// `input` with each span of [`spans`] rewritten to `a` where `keeps` holds of the result
/// (it is given the candidate and the token rewritten), from the last span to the first (a
/// rewrite moves no span before it); each span is tried once, at most `limit` in all.
pub(super) async fn canonical(
    mut input: Vec<u8>,
    limit: usize,
    mut keeps: impl AsyncFnMut(&[u8], &[u8]) -> bool,
) -> Vec<u8> {
    let found = spans(&input);
    for span in found.into_iter().rev().take(limit) {
        let mut candidate = input[..span.start].to_vec();
        candidate.push(b'a');
        candidate.extend_from_slice(&input[span.end..]);
        if keeps(&candidate, &input[span]).await {
            input = candidate;
        }
    }
    input
}

/// A value as it should read once `token` of the input is rewritten to `a`: where the value
/// holds the token as the input had it, that becomes `a` too (a host `1` read as a host `a`);
/// a value that does not hold it is unchanged. `None` for a token that is not UTF-8 (no value
/// can be predicted for it).
///
pub(super) fn rewritten(value: Option<&str>, token: &[u8]) -> Option<Option<String>> {
    let token = std::str::from_utf8(token).ok()?;
    Some(value.map(|v| v.replace(token, "a")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_whole_tokens_outside_percent_encoded_octets() {
        assert_eq!(spans(b"//:@[v7.x]"), vec![4..10]);
        assert_eq!(spans(b"//:@1.1.1.1"), [4..5, 6..7, 8..9, 10..11]);
        assert_eq!(spans(b"//:@."), vec![4..5]);
        // The dots of a name and the digits of a triplet are not scaffolding.
        assert!(spans(b"a.b").is_empty());
        assert!(spans(b"%2f%41%a1").is_empty());
        assert_eq!(spans(b"%2f1"), vec![3..4]);
        // An unclosed bracket is no literal.
        assert!(spans(b"//[::1").iter().all(|s| s.start != 2));
    }

    /// [`canonical`] with a `keeps` that answers at once.
    fn canonical_now(
        input: &[u8],
        limit: usize,
        mut keeps: impl FnMut(&[u8], &[u8]) -> bool,
    ) -> Vec<u8> {
        super::super::drive::at_once(canonical(input.to_vec(), limit, async |c, t| keeps(c, t)))
    }

    #[test]
    fn canonical_rewrites_only_what_keeps() {
        let out = canonical_now(b"//:@1", 8, |c, _| c.starts_with(b"//:@"));
        assert_eq!(out, b"//:@a");
        let out = canonical_now(b"//:@[v7.x]:80", 8, |c, _| c.ends_with(b":80"));
        assert_eq!(out, b"//:@a:80");
        // The token rewritten is handed over.
        let mut tokens = Vec::new();
        canonical_now(b"//[::1]:8", 8, |_, t| {
            tokens.push(t.to_vec());
            false
        });
        assert_eq!(tokens, [b"8".to_vec(), b"[::1]".to_vec()]);
        // Nothing keeps: unchanged.
        assert_eq!(canonical_now(b"//1", 8, |_, _| false), b"//1");
        // The limit bounds the runs.
        let mut runs = 0;
        canonical_now(b"1.1.1.1", 2, |_, _| {
            runs += 1;
            false
        });
        assert_eq!(runs, 2);
    }

    use std::sync::Arc;

    use crate::engine::{Class, Engine, Task};
    use crate::model::{Component, ComponentSet, Op, OpSet, Outcome, Parsed, Rejection};
    use crate::subjects::{self, Ctx, Kind, Subject, SubjectInfo};

    /// A double of a library: the reference's reading (impl under RFC 3986, or the WHATWG
    /// reference), changed by `change`.
    struct Double {
        info: SubjectInfo,
        change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed>,
    }

    impl Subject for Double {
        fn info(&self) -> &SubjectInfo {
            &self.info
        }
        fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
            let reading = match self.info.profile.as_str() {
                "whatwg-url" => crate::subjects::whatwg_reference().parse(input, ctx),
                _ => subjects::Spec::get().parse(input, ctx),
            };
            (self.change)(input, reading)
        }
    }

    fn double(
        profile: &str,
        change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed>,
    ) -> Arc<dyn Subject> {
        Arc::new(Double {
            info: SubjectInfo {
                wraps: None,
                name: "double".into(),
                version: "1".into(),
                profile: profile.into(),
                kind: Kind::InProcess,
                library: "test".into(),
                operations: OpSet::of(&[Op::Parse]),
                components: ComponentSet::of(&Component::ALL),
                decides_validity: true,
                edition_fields: false,
                editions: Vec::new(),
            },
            change,
        })
    }

    fn unexplained(engine: &Engine, inputs: &[&[u8]]) -> Vec<crate::engine::ClassRecord> {
        let tasks: Vec<Task> = inputs
            .iter()
            .map(|i| Task::parse(i.to_vec(), "test"))
            .collect();
        let classes = engine.classify(&engine.run(&tasks, &|| ()), 500);
        classes.into_iter().filter(|c| !c.explained).collect()
    }

    #[test]
    fn one_behaviour_before_different_hosts_is_one_canonical_class() {
        // An empty password dropped (":" read as no userinfo text) before a host, whatever
        // host it is.
        let engine = Engine::new(vec![double("rfc3986", |_, o| {
            o.map(|mut p| {
                if p.components.get(Component::Userinfo) == Some(":")
                    && p.components.get(Component::Host) != Some("")
                {
                    p.components.set(Component::Userinfo, Some(""));
                }
                p
            })
        })]);
        let inputs: [&[u8]; 4] = [b"//:@1", b"//:@[v7.x]", b"//:@.", b"//:@[::1.2.3.4]"];
        let classes = unexplained(&engine, &inputs);
        assert_eq!(classes.len(), 1, "{classes:#?}");
        assert_eq!(
            classes[0].signature.class,
            Class::Component(Component::Userinfo)
        );
        assert_eq!(classes[0].example.input, b"//:@a");
        assert_eq!(classes[0].count, 4);
        // A host the behaviour is about stays as it is: a double that reads an IP literal's
        // host wrong keeps its literal.
        let engine = Engine::new(vec![double("rfc3986", |_, o| {
            o.map(|mut p| {
                let h = p
                    .components
                    .get(Component::Host)
                    .map(|h| h.replace(['[', ']'], ""));
                p.components.set(Component::Host, h.as_deref());
                p
            })
        })]);
        let classes = unexplained(&engine, &[b"//[::1]"]);
        assert_eq!(classes.len(), 1, "{classes:#?}");
        assert_eq!(classes[0].example.input, b"//[::]");
    }

    #[test]
    fn a_stray_byte_refused_at_different_places_is_one_class_per_kind_and_component() {
        // Refuses a tab or newline the URL Standard removes, in an http URL only (as OkHttp
        // reads only http and https): `http:` is scaffolding every example keeps.
        let engine = Engine::new(vec![double("whatwg-url", |input, o| {
            if input.starts_with(b"http") && input.iter().any(|&b| b < 0x20) {
                Outcome::Rejected(Rejection {
                    message: "control".into(),
                    code: Some("Control".into()),
                    offset: None,
                })
            } else {
                o
            }
        })]);
        // 1-minimal each, with the tab at different places: three skeletons, one behaviour.
        let inputs: [&[u8]; 3] = [b"http:\ta", b"http:a\t", b"http:a\nb"];
        assert_ne!(
            crate::engine::skeleton(inputs[0]),
            crate::engine::skeleton(inputs[1])
        );
        let classes = unexplained(&engine, &inputs);
        assert_eq!(classes.len(), 1, "{classes:#?}");
        assert_eq!(
            classes[0].signature.form,
            "\u{ac}tab-or-newline in path (Control)"
        );
        assert_eq!(classes[0].count, 3);
    }

    #[test]
    fn values_are_predicted_with_the_token_rewritten() {
        assert_eq!(rewritten(Some("1"), b"1"), Some(Some("a".to_owned())));
        assert_eq!(rewritten(Some(":"), b"1"), Some(Some(":".to_owned())));
        assert_eq!(rewritten(None, b"1"), Some(None));
        assert_eq!(rewritten(Some("x"), b"[\xff]"), None);
    }
}
