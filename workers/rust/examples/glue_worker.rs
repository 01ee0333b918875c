//! A tiny worker written with `uridiff-worker` that tells its own failures from its parser's
//! answers (uridiff's `workers/README.md`, "Responses"): the input comes back as the path,
//! except `glue` (this worker's own code panics outside `library`: answered `crashed`), `refuse`
//! (the "parser" refuses: `rejected`, code `refused`) and `none` (`Rejected::no_answer`:
//! `unsupported`). With the argument `always` its own code fails on every input. uridiff's
//! tests/worker_sdk.rs runs it through uridiff.

use uridiff_worker::{library, Components, Rejected, Worker};

fn main() -> std::io::Result<()> {
    let always = std::env::args().nth(1).as_deref() == Some("always");
    let name = std::env::var("URIDIFF_WORKER_NAME").unwrap_or_else(|_| "glue-rs".into());
    Worker::new(&name, "rfc3986")
        .version("1")
        .components(&["path"])
        .decides_validity(false)
        .parse(move |input| {
            if always || input == b"glue" {
                // The worker's own mistake: a table with no entry for the input.
                let table: Vec<&[u8]> = Vec::new();
                return Ok(Components::new().set_bytes("path", Some(table[input.len()])));
            }
            let path = library(|| input.to_vec());
            match input {
                b"refuse" => Err(Rejected::new("the parser refuses this input").code("refused")),
                b"none" => Err(Rejected::no_answer("no reading of this input")),
                _ => Ok(Components::new().set_bytes("path", Some(&path))),
            }
        })
        .run()
}
