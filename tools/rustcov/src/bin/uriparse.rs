//! The covered worker of `uriparse`: its calls ([`uridiff_rustcov::URIPARSE`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::URIPARSE)
}
