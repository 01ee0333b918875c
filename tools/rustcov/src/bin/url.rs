//! The covered worker of `url`: its calls ([`uridiff_rustcov::URL`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::URL)
}
