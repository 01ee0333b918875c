//! The covered worker of `http`: its calls ([`uridiff_rustcov::HTTP`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::HTTP)
}
