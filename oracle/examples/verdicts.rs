use uri_oracle::grammar::{Grammar, Reading};
use uri_oracle::EDITIONS;
fn main() {
    let text = std::fs::read_to_string("corpus/uris.txt").unwrap();
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let specials = b"/\\:@[]%?#.;=&+-_~ \t1aZ%2e";
    for l in text.lines() {
        let b = l.as_bytes();
        inputs.push(b.to_vec());
        for i in (0..=b.len()).step_by(3) {
            for s in specials.iter().step_by(2) {
                let mut v = b.to_vec();
                v.insert(i, *s);
                inputs.push(v);
            }
            if i < b.len() {
                let mut v = b.to_vec();
                v.remove(i);
                inputs.push(v);
            }
        }
        let mut long = b.to_vec();
        while !b.is_empty() && long.len() < 250 {
            long.extend_from_slice(b);
        }
        inputs.push(long);
    }
    for piece in [&b"a."[..], b"a-", b"1:", b"/", b"%41", b"::", b"@", b"../"] {
        for prefix in [&b""[..], b"http://", b"http://[", b"//"] {
            let mut s = prefix.to_vec();
            while s.len() < 300 {
                s.extend_from_slice(piece);
            }
            inputs.push(s);
        }
    }
    for e in EDITIONS {
        let g = Grammar::for_edition(e).unwrap();
        for reading in [Reading::Membership, Reading::Document] {
            for i in &inputs {
                let v = g.recognize(None, i, reading).unwrap();
                println!("{e} {reading} {v} {:?}", String::from_utf8_lossy(i));
            }
        }
    }
    // named rules
    let g = Grammar::for_edition("rfc3986").unwrap();
    for r in [
        "IPv6address",
        "authority",
        "host",
        "IPv4address",
        "URI",
        "relative-ref",
    ] {
        for i in &inputs {
            println!(
                "rfc3986 {r} {} {:?}",
                g.recognize(Some(r), i, Reading::Document).unwrap(),
                String::from_utf8_lossy(i)
            );
        }
    }
}
