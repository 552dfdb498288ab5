//! `info` lines of a search (protocol-spec §5.1), read into the fields the page shows.

use serde::Serialize;

/// A score from the point of view of the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centi-units (`score cp <x>`).
    Cp(i64),
    /// A forced result in that many plies (`score mate <n>`; negative: being beaten).
    Mate(i64),
}

/// The fields of one `info` line. Every field is optional; unknown fields are skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SearchInfo {
    pub depth: Option<u64>,
    pub seldepth: Option<u64>,
    pub multipv: Option<u64>,
    pub score: Option<Score>,
    /// `lowerbound` or `upperbound` when the score is only a bound.
    pub bound: Option<String>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time: Option<u64>,
    pub hashfull: Option<u64>,
    /// The principal variation's move tokens.
    pub pv: Vec<String>,
    /// The free text of `info string <text>`.
    pub string: Option<String>,
}

impl SearchInfo {
    /// Reads an `info ...` line; `None` when the line does not start with `info`.
    pub fn parse(line: &str) -> Option<SearchInfo> {
        let rest = line.strip_prefix("info")?;
        if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
            return None;
        }
        let mut info = SearchInfo::default();
        let mut tokens = rest.split_whitespace();
        while let Some(key) = tokens.next() {
            let mut number = || tokens.next().and_then(|t| t.parse::<u64>().ok());
            match key {
                "depth" => info.depth = number(),
                "seldepth" => info.seldepth = number(),
                "multipv" => info.multipv = number(),
                "nodes" => info.nodes = number(),
                "nps" => info.nps = number(),
                "time" => info.time = number(),
                "hashfull" => info.hashfull = number(),
                "lowerbound" | "upperbound" => info.bound = Some(key.to_string()),
                "score" => {
                    let kind = tokens.next();
                    let value = tokens.next().and_then(|t| t.parse::<i64>().ok());
                    info.score = match (kind, value) {
                        (Some("cp"), Some(v)) => Some(Score::Cp(v)),
                        (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                        _ => None,
                    };
                }
                "pv" => {
                    info.pv = tokens.by_ref().map(String::from).collect();
                }
                "string" => {
                    let text = rest.split_once(" string ").map_or("", |(_, text)| text);
                    info.string = Some(text.trim().to_string());
                    break;
                }
                _ => {}
            }
        }
        Some(info)
    }

    /// The text of an `info string error: ...` line, if this is one.
    pub fn error(&self) -> Option<&str> {
        self.string.as_deref().filter(|s| s.starts_with("error"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pv_line() {
        let info = SearchInfo::parse(
            "info depth 5 seldepth 8 multipv 2 score cp -18 lowerbound nodes 301876 nps 1405000 hashfull 15 time 215 pv 6b6d 5d5e",
        )
        .expect("info");
        assert_eq!(info.depth, Some(5));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(info.score, Some(Score::Cp(-18)));
        assert_eq!(info.bound.as_deref(), Some("lowerbound"));
        assert_eq!(info.pv, ["6b6d", "5d5e"]);
        assert_eq!(SearchInfo::parse("info depth 3 score mate -4 pv a").and_then(|i| i.score), Some(Score::Mate(-4)));
    }

    #[test]
    fn strings_and_errors() {
        let info = SearchInfo::parse("info string error: chance node: the roll is not known").expect("info");
        assert_eq!(info.error(), Some("error: chance node: the roll is not known"));
        assert_eq!(
            SearchInfo::parse("info string hello  world").and_then(|i| i.string).as_deref(),
            Some("hello  world")
        );
        assert!(SearchInfo::parse("infinite").is_none());
        assert!(SearchInfo::parse("bestmove 7g7f").is_none());
    }
}
