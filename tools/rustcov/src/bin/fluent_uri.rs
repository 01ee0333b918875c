//! The covered worker of `fluent-uri`: its calls ([`uridiff_rustcov::FLUENT_URI`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::FLUENT_URI)
}
