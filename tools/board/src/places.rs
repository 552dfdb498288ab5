//! The reply to the engine's `places` command: for every legal move the places a user clicks to
//! enter it, or at a chance node the roll items with their weights.

use serde::Serialize;

/// One legal move and the places that enter it, in click order (possibly none: `pass`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovePlaces {
    #[serde(rename = "move")]
    pub token: String,
    pub places: Vec<String>,
}

/// One item the controller may roll at a chance node; its probability is `weight` over the sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chance {
    pub item: String,
    pub weight: u64,
}

/// A whole `places` reply: `place` lines or `chance` lines (both empty when the game is over).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Places {
    pub moves: Vec<MovePlaces>,
    pub chances: Vec<Chance>,
}

impl Places {
    /// Reads the lines of a reply up to (not including) `placesok`. Errors name the line at fault.
    pub fn parse(lines: &[String]) -> Result<Places, String> {
        let mut places = Places::default();
        for line in lines {
            let mut tokens = line.split_whitespace();
            match (tokens.next(), tokens.next()) {
                (Some("place"), Some(token)) => places
                    .moves
                    .push(MovePlaces { token: token.to_string(), places: tokens.map(String::from).collect() }),
                (Some("chance"), Some(item)) => {
                    let weight = tokens.next().and_then(|w| w.parse().ok()).filter(|_| tokens.next().is_none());
                    let weight = weight.ok_or_else(|| format!("places: bad chance line {line:?}"))?;
                    places.chances.push(Chance { item: item.to_string(), weight });
                }
                _ => return Err(format!("places: unexpected line {line:?}")),
            }
        }
        Ok(places)
    }

    /// The places of the legal move `token`, if it is one.
    pub fn of(&self, token: &str) -> Option<&[String]> {
        self.moves.iter().find(|m| m.token == token).map(|m| m.places.as_slice())
    }

    /// Whether `item` is one of the roll items of this chance node.
    pub fn is_roll(&self, item: &str) -> bool {
        self.chances.iter().any(|c| c.item == item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn moves_with_places() {
        let places = Places::parse(&lines(&["place 7g7f+ 7g 7f", "place 7g7f 7g 7f", "place pass"])).expect("reply");
        assert_eq!(places.of("7g7f+"), Some(&["7g".to_string(), "7f".to_string()][..]));
        assert_eq!(places.of("pass"), Some(&[][..]));
        assert_eq!(places.of("1a1b"), None);
        assert!(places.chances.is_empty());
    }

    #[test]
    fn chances_and_bad_lines() {
        let places = Places::parse(&lines(&["chance 11 1", "chance 21 2"])).expect("reply");
        assert_eq!(places.chances, [Chance { item: "11".into(), weight: 1 }, Chance { item: "21".into(), weight: 2 }]);
        assert!(places.is_roll("21") && !places.is_roll("22"));
        assert!(Places::parse(&lines(&["chance 11"])).is_err());
        assert!(Places::parse(&lines(&["chance 11 x"])).is_err());
        assert!(Places::parse(&lines(&["moves 7g7f"])).is_err());
        assert_eq!(Places::parse(&[]), Ok(Places::default()));
    }
}
