//! A rule's examples, as data: jobs on which a library's documented answer must be explained by
//! the rule, and answers one step off that it must not explain.
//!
//! A rule is a function from the reference's answer to the library's ([`super::Rule`]); its
//! examples are the evidence that it is that function and no wider. Each [`Example`] is a job
//! (the text the rules' cases and `uridiff`'s reproduce lines use: `input` for a parse,
//! `op:input` or `op:input|second` for the other operations, the second being a resolution's
//! base or an equivalence's other operand) and the library's [`Reply`] written as data: a
//! refusal, the profile's reference's reading with some components replaced, a target or a
//! normal form, an equivalence. The integration test `rules::examples` plays each answer by a
//! double of the rule's owner and runs the job through the engine the report uses.

use crate::model::Component;

/// One job with the library's answer, and whether the rule must explain the difference.
///
/// ```
/// use uridiff::engine::{Reply, Example};
/// use uridiff::model::Component;
/// // Ruby's URI reports the scheme's default port where none is written.
/// const E: Example = Example::fires("http://a/", Reply::Reads(&[(Component::Port, Some("80"))]));
/// assert!(E.fires);
/// assert_eq!(E.job, "http://a/");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The job: `input` (a parse), or `op:input` / `op:input|second` for `normalize`,
    /// `equivalent` and `resolve` (the second operand a resolution's base, an equivalence's
    /// other side).
    pub job: &'static str,
    /// What the library answers.
    pub reply: Reply,
    /// `true`: the rule must explain the difference; `false`: the answer is one step off the
    /// documented one (or the job one the rule does not reach), and the rule must not.
    pub fires: bool,
}

impl Example {
    /// An example the rule must explain.
    pub const fn fires(job: &'static str, reply: Reply) -> Example {
        Example {
            job,
            reply,
            fires: true,
        }
    }

    /// An example one step off, which the rule must not explain.
    pub const fn off(job: &'static str, reply: Reply) -> Example {
        Example {
            job,
            reply,
            fires: false,
        }
    }
}

/// A library's answer to an [`Example`]'s job, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The job refused (an input rejected, a resolution or normalization failed).
    Rejected,
    /// A parse: the profile's reference's reading of the input with each listed component
    /// replaced (`None`: undefined); a refusal where the reference refuses.
    Reads(&'static [(Component, Option<&'static str>)]),
    /// A parse: RFC 3986 Appendix B's split of the input (the lenient reading an input its
    /// reference rejects is judged against) with each listed component replaced.
    Splits(&'static [(Component, Option<&'static str>)]),
    /// A parse: the reference's reading, written back as this text.
    Serializes(&'static str),
    /// A parse: RFC 3986 Appendix B's split of the input (as [`Reply::Splits`] has it), written
    /// back as this text: a round trip of an input the reference rejects.
    SplitSerializes(&'static str),
    /// A resolution's target or a normalization's text.
    Text(&'static str),
    /// An equivalence's answer.
    Equivalent(bool),
}
