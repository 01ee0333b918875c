//! The covered worker of `iref`: its calls ([`uridiff_rustcov::IREF`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::IREF)
}
