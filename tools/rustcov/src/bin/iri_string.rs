//! The covered worker of `iri-string`: its calls ([`uridiff_rustcov::IRI_STRING`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::IRI_STRING)
}
