//! The match header: the first block of a record file, the settings that decide its games and
//! the slice of the match it holds. Shards of one match have the same header but for `Slice`;
//! `arena merge` joins only such shards, and prints their summary from it.
//!
//! ```text
//! [Match "arena"]
//! [Variant "shogi"]
//! [Seed "1"]
//! [Games "40"]
//! ...
//! [Slice "1-5/20"]
//! match
//! ```

use crate::stats::Sprt;
use crate::tournament::Format;
use std::fmt;
use tetsugaku::{RuleValues, Variant};

/// One engine of the match: what the summary shows of it, and how it was set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub name: String,
    /// Its limit, as text.
    pub limit: String,
    /// Its program, arguments, directory and options, as `cmd=... arg=... option.X=Y`.
    pub setup: String,
}

/// Everything that decides a match's games, and the slice of them a record holds.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchHeader {
    pub variant: String,
    pub rules: RuleValues,
    pub seed: u64,
    /// Games per pairing.
    pub games: usize,
    pub format: Format,
    /// Where the openings came from (`random 4 plies`, `file book.txt`).
    pub openings: String,
    /// A digest of every opening of the match, so that shards with other openings are refused.
    pub openings_digest: String,
    pub engines: Vec<Seat>,
    /// Clock margins and adjudication rules, as text.
    pub adjudication: String,
    pub sprt: Option<Sprt>,
    pub slice: crate::slice::Slice,
}

/// The value of the block's first header.
const MATCH: &str = "arena";

impl MatchHeader {
    /// The header lines, in order, `Slice` last.
    fn headers(&self) -> Vec<(String, String)> {
        let mut headers = vec![("Match".to_string(), MATCH.to_string()), ("Variant".into(), self.variant.clone())];
        for (option, value) in self.rules.changed() {
            headers.push((option.name.to_string(), value.to_string()));
        }
        headers.push(("Seed".into(), self.seed.to_string()));
        headers.push(("Games".into(), self.games.to_string()));
        headers.push(("Format".into(), format_word(self.format).into()));
        headers.push(("Openings".into(), self.openings.clone()));
        headers.push(("OpeningsDigest".into(), self.openings_digest.clone()));
        for seat in &self.engines {
            headers.push(("Engine".into(), seat.name.clone()));
            headers.push(("EngineLimit".into(), seat.limit.clone()));
            headers.push(("EngineSetup".into(), seat.setup.clone()));
        }
        headers.push(("Adjudication".into(), self.adjudication.clone()));
        if let Some(sprt) = self.sprt {
            headers.push(("Sprt".into(), format!("{} {} {} {}", sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta)));
        }
        headers.push(("Slice".into(), self.slice.to_string()));
        headers
    }

    /// `None` if `other` comes from the same match (the slice may differ), else the first
    /// setting that differs, with both values.
    pub fn difference(&self, other: &MatchHeader) -> Option<String> {
        let (mine, theirs) = (self.headers(), other.headers());
        let settings = |headers: &[(String, String)]| headers.len() - 1;
        for index in 0..settings(&mine).max(settings(&theirs)) {
            let (a, b) = (mine.get(index), theirs.get(index));
            if a != b {
                let show = |h: Option<&(String, String)>| h.map_or("nothing".into(), |(k, v)| format!("{k} {v:?}"));
                return Some(format!("{} against {}", show(a), show(b)));
            }
        }
        None
    }

    /// Reads the headers of a record's first block (the block that ends in a `match` line).
    pub fn from_headers(headers: &[(String, String)]) -> Result<MatchHeader, String> {
        let get = |key: &str| {
            headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).ok_or(format!("missing header {key}"))
        };
        if get("Match")? != MATCH {
            return Err(format!("the match header is not from this arena (Match {:?})", get("Match")?));
        }
        let number = |key: &str| get(key)?.parse::<u64>().map_err(|_| format!("header {key} is not a number"));
        let variant = get("Variant")?;
        let known = Variant::named(&variant).ok_or(format!("unknown variant {variant:?}"))?;
        let mut rules = RuleValues::default();
        for &option in known.options {
            if let Ok(text) = get(option.name) {
                rules.set(option, option.parse(&text).map_err(|e| format!("header {}: {e}", option.name))?);
            }
        }
        let all = |key: &'static str| headers.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.clone());
        let engines: Vec<Seat> = all("Engine")
            .zip(all("EngineLimit"))
            .zip(all("EngineSetup"))
            .map(|((name, limit), setup)| Seat { name, limit, setup })
            .collect();
        if engines.len() < 2 || [all("EngineLimit").count(), all("EngineSetup").count()] != [engines.len(); 2] {
            return Err("a match header names two or more engines, each with EngineLimit and EngineSetup".into());
        }
        let sprt = match get("Sprt") {
            Ok(text) => {
                let values: Vec<f64> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
                match values[..] {
                    [elo0, elo1, alpha, beta] => Some(Sprt::new(elo0, elo1, alpha, beta)?),
                    _ => return Err(format!("header Sprt {text:?} is not four numbers")),
                }
            }
            Err(_) => None,
        };
        let format = get("Format")?;
        Ok(MatchHeader {
            variant,
            rules,
            seed: number("Seed")?,
            games: number("Games")? as usize,
            format: [Format::RoundRobin, Format::Gauntlet]
                .into_iter()
                .find(|&f| format_word(f) == format)
                .ok_or(format!("unknown format {format:?}"))?,
            openings: get("Openings")?,
            openings_digest: get("OpeningsDigest")?,
            engines,
            adjudication: get("Adjudication")?,
            sprt,
            slice: crate::slice::Slice::parse(&get("Slice")?)?,
        })
    }
}

fn format_word(format: Format) -> &'static str {
    match format {
        Format::RoundRobin => "round-robin",
        Format::Gauntlet => "gauntlet",
    }
}

impl fmt::Display for MatchHeader {
    /// The block as it begins a record file: its headers, a `match` line and a blank line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (key, value) in self.headers() {
            crate::record::write_header(f, &key, &value)?;
        }
        writeln!(f, "match")?;
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parse_file;
    use crate::slice::Slice;

    fn header() -> MatchHeader {
        let makyek = Variant::named("makyek").expect("makyek is a variant");
        let seat = |name: &str| Seat {
            name: name.into(),
            limit: "depth 1".into(),
            setup: "cmd=/a \"quoted\" path option.USI_Hash=16".into(),
        };
        MatchHeader {
            variant: "makyek".into(),
            rules: makyek.rule_values(["MakyekWin=all-but-one"]).expect("makyek reads MakyekWin"),
            seed: 9,
            games: 40,
            format: Format::Gauntlet,
            openings: "random 4 plies".into(),
            openings_digest: "0123456789abcdef".into(),
            engines: vec![seat("x"), seat("y"), seat("z")],
            adjudication: "margin 100ms".into(),
            sprt: Some(Sprt::new(0.0, 25.0, 0.05, 0.1).expect("valid SPRT")),
            slice: Slice::range("3-7", 20).expect("a range of 20"),
        }
    }

    #[test]
    fn the_header_round_trips_through_a_record_file() {
        let text = header().to_string();
        assert!(text.ends_with("[Slice \"3-7/20\"]\nmatch\n\n"), "{text}");
        assert_eq!(parse_file(&text), Ok((Some(header()), vec![])));
        assert!(parse_file(&format!("{text}{text}")).unwrap_err().contains("after the first block"));
    }

    #[test]
    fn shards_differ_only_in_their_slice() {
        let other_slice = MatchHeader { slice: Slice::whole(20), ..header() };
        assert_eq!(header().difference(&other_slice), None);
        let other_seed = MatchHeader { seed: 10, ..header() };
        assert_eq!(header().difference(&other_seed).as_deref(), Some("Seed \"9\" against Seed \"10\""));
        let fewer = MatchHeader { engines: header().engines[..2].to_vec(), ..header() };
        assert!(header().difference(&fewer).is_some());
        let no_sprt = MatchHeader { sprt: None, ..header() };
        assert!(header().difference(&no_sprt).is_some());
    }
}
