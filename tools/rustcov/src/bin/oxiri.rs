//! The covered worker of `oxiri`: its calls ([`uridiff_rustcov::OXIRI`]) served by `glue.rs`.

#[path = "../glue.rs"]
mod glue;

fn main() -> std::io::Result<()> {
    glue::serve(&uridiff_rustcov::OXIRI)
}
