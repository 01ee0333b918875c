//! Reads the version of every package in `Cargo.lock` at build time, so that each subject reports
//! the version of the library it links (`UDV_<name>`), never one typed by hand.

use std::fs;

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut name: Option<&str> = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"'));
        } else if let (Some(n), Some(v)) = (name, line.strip_prefix("version = ")) {
            println!("cargo:rustc-env=UDV_{n}={}", v.trim_matches('"'));
            name = None;
        }
    }
}
