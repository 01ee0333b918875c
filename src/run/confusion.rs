//! Parsers against each other: the pairwise agreement grid, and the URL-confusion pairs (two
//! libraries that accept one input and read a different scheme, userinfo, host or port from it,
//! whether or not the spec accepts the input and whether or not they decide validity).

use std::collections::BTreeMap;

use crate::engine::Row;
use crate::model::{Answer, Component, Outcome};
use crate::report::{Agreement, ConfusionPair};
use crate::subjects::SubjectInfo;

/// The pairwise agreement grid over parse rows.
pub fn agreement(infos: &[&SubjectInfo], rows: &[Row]) -> Agreement {
    let mut grid = AgreementGrid::new(infos);
    rows.iter().for_each(|r| grid.add(r));
    grid.finish()
}

/// The agreement grid folded as rows arrive: per pair of subjects, the parse rows both answered
/// and those they agreed on.
pub struct AgreementGrid<'a> {
    infos: &'a [&'a SubjectInfo],
    agree: Vec<Vec<usize>>,
    total: Vec<Vec<usize>>,
    /// Per pair, the components both subjects report: the only ones compared.
    shared: Vec<Vec<Vec<Component>>>,
}

impl<'a> AgreementGrid<'a> {
    /// No row yet.
    pub fn new(infos: &'a [&'a SubjectInfo]) -> AgreementGrid<'a> {
        let n = infos.len();
        let shared = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        (infos[i].components.iter())
                            .filter(|c| infos[j].components.contains(*c))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        AgreementGrid {
            infos,
            agree: vec![vec![0usize; n]; n],
            total: vec![vec![0usize; n]; n],
            shared,
        }
    }

    /// Counts `row`, if it is a parse.
    pub fn add(&mut self, row: &Row) {
        if row.task.op != crate::model::Op::Parse {
            return;
        }
        let (infos, n) = (self.infos, self.infos.len());
        let (agree, total, shared) = (&mut self.agree, &mut self.total, &self.shared);
        for i in 0..n {
            for j in i..n {
                let (a, b) = (&row.outcomes[i], &row.outcomes[j]);
                if matches!(a, Outcome::Unsupported(_)) || matches!(b, Outcome::Unsupported(_)) {
                    continue;
                }
                let both_decide = infos[i].decides_validity && infos[j].decides_validity;
                let same = match (a, b) {
                    (
                        Outcome::Accepted(Answer::Parsed(x)),
                        Outcome::Accepted(Answer::Parsed(y)),
                    ) => shared[i][j]
                        .iter()
                        .all(|c| x.components.get(*c) == y.components.get(*c)),
                    (Outcome::Rejected(_), Outcome::Rejected(_)) => true,
                    (Outcome::Crashed(_), _) | (_, Outcome::Crashed(_)) => false,
                    // One accepts, the other rejects: counts only when both decide validity.
                    _ if !both_decide => continue,
                    _ => false,
                };
                total[i][j] += 1;
                agree[i][j] += usize::from(same);
            }
        }
    }

    /// The grid.
    pub fn finish(self) -> Agreement {
        let (infos, n, agree, total) = (self.infos, self.infos.len(), self.agree, self.total);
        let share = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        let (a, b) = (i.min(j), i.max(j));
                        (total[a][b] > 0).then(|| agree[a][b] as f64 / total[a][b] as f64)
                    })
                    .collect()
            })
            .collect();
        Agreement {
            subjects: infos.iter().map(|i| i.name.clone()).collect(),
            share,
        }
    }
}

/// The URL-confusion pairs: for each pair of libraries that both accepted an input, each routing
/// component (scheme, userinfo, host, port) they read differently, whether or not the spec
/// accepts the input and whether or not either decides validity; the smallest input per pair and
/// component. The project's own subjects (impl and the oracles) are no side: their reading is
/// each class's reference. A pair of a WHATWG parser (what browsers and fetch clients do) and
/// another library (what checks URLs) ranks first. `tag` names the confusion class of an input
/// (from the generator), if any.
pub fn confusion(
    infos: &[&SubjectInfo],
    rows: &[Row],
    tag: &dyn Fn(&Row) -> Option<String>,
) -> Vec<ConfusionPair> {
    let mut pairs = ConfusionPairs::new(infos);
    rows.iter().for_each(|r| pairs.add(r, tag));
    pairs.finish()
}

/// The confusion pairs folded as rows arrive: per pair and component, the count and the
/// smallest input ([`confusion`]).
pub struct ConfusionPairs<'a> {
    infos: &'a [&'a SubjectInfo],
    /// Keyed by the two subjects' positions and the component.
    best: BTreeMap<(usize, usize, Component), ConfusionPair>,
}

impl<'a> ConfusionPairs<'a> {
    /// No row yet.
    pub fn new(infos: &'a [&'a SubjectInfo]) -> ConfusionPairs<'a> {
        ConfusionPairs {
            infos,
            best: BTreeMap::new(),
        }
    }

    /// Counts `row`, if it is a parse; `tag` names its confusion class, if any.
    pub fn add(&mut self, row: &Row, tag: &dyn Fn(&Row) -> Option<String>) {
        let infos = self.infos;
        let best = &mut self.best;
        let routing = [
            Component::Scheme,
            Component::Userinfo,
            Component::Host,
            Component::Port,
        ];
        let real = |i: usize| !infos[i].speaks_editions();
        let whatwg = |i: usize| infos[i].profile == "whatwg-url";
        if row.task.op == crate::model::Op::Parse {
            for i in (0..infos.len()).filter(|&i| real(i)) {
                for j in (i + 1..infos.len()).filter(|&j| real(j)) {
                    let (
                        Outcome::Accepted(Answer::Parsed(x)),
                        Outcome::Accepted(Answer::Parsed(y)),
                    ) = (&row.outcomes[i], &row.outcomes[j])
                    else {
                        continue;
                    };
                    for c in routing {
                        if !(infos[i].components.contains(c) && infos[j].components.contains(c))
                            || x.not_reported.contains(c)
                            || y.not_reported.contains(c)
                        {
                            continue;
                        }
                        let (va, vb) = (x.components.get(c), y.components.get(c));
                        let scheme = x.components.get(Component::Scheme);
                        if routes_alike(c, va, vb, scheme) {
                            continue;
                        }
                        let entry = best.entry((i, j, c)).or_insert_with(|| ConfusionPair {
                            class: tag(row).unwrap_or_else(|| format!("{} confusion", c.name())),
                            component: c,
                            a: infos[i].name.clone(),
                            b: infos[j].name.clone(),
                            input: row.task.input.clone(),
                            a_reads: va.map(str::to_owned),
                            b_reads: vb.map(str::to_owned),
                            count: 0,
                            browser_vs_checker: whatwg(i) != whatwg(j),
                            a_reproduce: None,
                            b_reproduce: None,
                        });
                        entry.count += 1;
                        if (row.task.input.len(), &row.task.input)
                            < (entry.input.len(), &entry.input)
                        {
                            entry.input = row.task.input.clone();
                            entry.a_reads = va.map(str::to_owned);
                            entry.b_reads = vb.map(str::to_owned);
                            if let Some(t) = tag(row) {
                                entry.class = t;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The pairs, a WHATWG parser against another library first.
    pub fn finish(self) -> Vec<ConfusionPair> {
        let mut out: Vec<ConfusionPair> = self.best.into_values().collect();
        for p in &mut out {
            let line = |name: &str| {
                crate::subjects::reproduce::reproduce(name, crate::model::Op::Parse, &p.input, None)
            };
            p.a_reproduce = line(&p.a);
            p.b_reproduce = line(&p.b);
        }
        out.sort_by(|a, b| {
            (
                !a.browser_vs_checker,
                a.component,
                std::cmp::Reverse(a.count),
                &a.a,
                &a.b,
            )
                .cmp(&(
                    !b.browser_vs_checker,
                    b.component,
                    std::cmp::Reverse(b.count),
                    &b.a,
                    &b.b,
                ))
        });
        out
    }
}

/// Whether two readings of a routing component send a request to the same place: schemes and
/// hosts compare without regard to case (RFC 3986 3.1, 3.2.2), an IP literal with or without its
/// brackets (an API that gives the address, as Python's `hostname` does), undefined and empty
/// are alike, and a port equal to the scheme's default is alike to none.
fn routes_alike(c: Component, a: Option<&str>, b: Option<&str>, scheme: Option<&str>) -> bool {
    // Compared in place: this runs for every pair of parsers on every parse row.
    let (a, b) = (a.filter(|s| !s.is_empty()), b.filter(|s| !s.is_empty()));
    match c {
        Component::Scheme => alike(a, b, |x, y| x.eq_ignore_ascii_case(y)),
        Component::Host => {
            // An IP literal's address without its brackets.
            fn bare(v: &str) -> &str {
                v.strip_prefix('[')
                    .and_then(|h| h.strip_suffix(']'))
                    .unwrap_or(v)
            }
            alike(a, b, |x, y| bare(x).eq_ignore_ascii_case(bare(y)))
        }
        Component::Port => {
            let default =
                crate::engine::default_port(scheme.map(str::to_ascii_lowercase).as_deref());
            // A number (a default one is none), or the text as it is.
            fn port(v: Option<&str>, default: Option<u16>) -> Option<Result<u16, &str>> {
                match v.map(|v| (v, v.parse::<u16>())) {
                    Some((_, Ok(n))) if Some(n) == default => None,
                    Some((_, Ok(n))) => Some(Ok(n)),
                    Some((v, Err(_))) => Some(Err(v)),
                    None => None,
                }
            }
            port(a, default) == port(b, default)
        }
        _ => a == b,
    }
}

/// Both undefined, or both defined and `same`.
fn alike(a: Option<&str>, b: Option<&str>, same: impl Fn(&str, &str) -> bool) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => same(x, y),
        (x, y) => x.is_none() && y.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routing_components_compare_as_a_request_would_go() {
        use Component::{Host, Path, Port, Scheme, Userinfo};
        let http = Some("HTTP");
        // Schemes and hosts without regard to case (RFC 3986 3.1, 3.2.2).
        assert!(routes_alike(Scheme, Some("HTTP"), Some("http"), http));
        assert!(!routes_alike(Scheme, Some("http"), Some("https"), http));
        assert!(routes_alike(
            Host,
            Some("A.example"),
            Some("a.EXAMPLE"),
            http
        ));
        // An IP literal with or without its brackets; a lone bracket is text.
        assert!(routes_alike(Host, Some("[::1]"), Some("::1"), http));
        assert!(!routes_alike(Host, Some("["), Some(""), http));
        assert!(!routes_alike(Host, Some("[]"), None, http));
        // Undefined and empty are alike.
        assert!(routes_alike(Userinfo, Some(""), None, http));
        assert!(!routes_alike(Userinfo, Some("u"), Some("U"), http));
        // The scheme's default port is no port; other ports compare as numbers, else as text.
        assert!(routes_alike(Port, Some("80"), None, http));
        assert!(routes_alike(Port, Some("080"), Some("80"), Some("ftp")));
        assert!(!routes_alike(Port, Some("80"), None, Some("ftp")));
        assert!(!routes_alike(Port, Some("99999"), Some("34463"), http));
        assert!(routes_alike(Port, Some("x"), Some("x"), http));
        assert!(!routes_alike(Path, Some("/a"), Some("/A"), http));
    }
}
