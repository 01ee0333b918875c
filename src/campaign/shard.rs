//! A campaign's shard `I/N`: which input indices one machine of a split
//! campaign runs, written `I/N` on the command line, in `state.json` and in findings lines.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A shard `I/N`: the inputs whose index k satisfies `k mod N == I`.
///
/// ```
/// use uridiff::campaign::Shard;
/// let s: Shard = "1/3".parse().unwrap();
/// assert_eq!((s.index, s.count), (1, 3));
/// assert!("3/2".parse::<Shard>().is_err());
/// assert!("0/0".parse::<Shard>().is_err());
/// assert_eq!(Shard::default().to_string(), "0/1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// I, from 0 to N-1.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Default for Shard {
    fn default() -> Shard {
        Shard { index: 0, count: 1 }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A shard spec that is not `I/N` with `0 <= I < N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard {0:?}: expected I/N with N at least 1 and I from 0 to N-1 (for example 0/4, 3/4)")]
pub struct BadShard(pub String);

impl FromStr for Shard {
    type Err = BadShard;

    fn from_str(s: &str) -> Result<Shard, BadShard> {
        let bad = || BadShard(s.to_owned());
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Serialize for Shard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shard, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
