//! Move items (protocol-spec.md §14.2–§14.3): a roll at a chance node, a turn at a decision
//! node (`7g7f,5i5h`, `pass`), or `RR:turn` when `RR` is the known roll.

use super::dice::Roll;
use super::drawing::drawing;
use super::points::Board;
use super::position::{Shogammon, ShogammonMove};
use crate::drawing::text;
use crate::game::{Game, GameError, MoveError, Turn as Node};
use crate::variants::shogi_core::moves::ShogiMove;

/// What a turn looks like, for `bad move` errors.
const EXPECTED_TURN: &str = "a turn such as 7g7f,5i5h, P*5e or pass";

/// Finds the roll or legal turn written `text`, or says why there is none.
pub fn parse_move(position: &Shogammon, text: &str) -> Result<ShogammonMove, GameError> {
    let known = match position.turn() {
        Node::Over(outcome) => return Err(MoveError::after_end(text, outcome).into()),
        Node::Chance(_) => {
            let roll =
                Roll::parse(text).ok_or_else(|| MoveError::malformed(text, "a roll such as 61 (chance node)"))?;
            return Ok(ShogammonMove::Roll(roll));
        }
        Node::Decide(_) => position.roll().ok_or_else(|| GameError::new("a decision node without a roll"))?,
    };
    let turn_text = match text.split_once(':') {
        Some((roll, turn)) => {
            let roll = Roll::parse(roll).ok_or_else(|| MoveError::malformed(text, "RR:turn with a roll such as 61"))?;
            if roll != known {
                let reason = format!("the roll is {}, not {}", known.token(), roll.token());
                return Err(MoveError::illegal_because(text, reason).into());
            }
            turn
        }
        None => text,
    };
    let well_formed = turn_text == "pass"
        || turn_text.split(',').count() <= 2 && turn_text.split(',').all(|s| ShogiMove::parse_usi(s).is_some());
    if !well_formed {
        return Err(MoveError::malformed(text, EXPECTED_TURN).into());
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    moves.into_iter().find(|&mv| position.format_move(mv) == turn_text).ok_or_else(|| {
        MoveError::illegal_because(text, format!("not a legal turn for the roll {}", known.token())).into()
    })
}

/// A diagram column: the widest cell, a point of two promoted pieces (`[+B+N]`), and a space.
const COLUMN: usize = 7;

/// The board as `drawing::text` writes the drawing's grid, points written `[lower top]` as in
/// position strings; both hands, and the roll (`-` at a chance node).
pub fn diagram(position: &Shogammon, board: &Board) -> String {
    text::diagram(&drawing(position, board), COLUMN)
}

/// `roll: <the roll>`, or `roll: - (not rolled yet)`.
pub fn roll_line(position: &Shogammon) -> String {
    format!("roll: {}", position.roll().map_or("- (not rolled yet)".to_string(), |roll| roll.token()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleValues;
    use crate::variants::shogammon::dice::{DieTable, DEFAULT_TABLE};

    #[test]
    fn the_diagram_shows_points_hands_and_the_roll() {
        let text = "lnsgkgsnl/1r5b1/ppppppp2/9/9/2P6/PP1PPPPPP/1B5R1/LNSG1[GK]SNL w 2p - 2";
        let game =
            Shogammon::from_position_string(text, DieTable::parse(DEFAULT_TABLE).unwrap_or_else(|e| panic!("{e}")), 0)
                .unwrap_or_else(|e| panic!("{e}"));
        let diagram = diagram(&game, game.board());
        let lines: Vec<&str> = diagram.lines().collect();
        assert_eq!(lines[0], "      9      8      7      6      5      4      3      2      1");
        assert_eq!(lines[9], "      L      N      S      G      .   [GK]      S      N      L  i");
        assert_eq!(&lines[10..], ["hand b: -", "hand w: 2p", "roll: - (not rolled yet)"]);
    }

    #[test]
    fn items_are_read_by_the_kind_of_node() {
        let mut game = Shogammon::start((), &RuleValues::default());
        assert!(parse_move(&game, "7g7f").is_err(), "a turn at a chance node");
        let roll = parse_move(&game, "16").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.format_move(roll), "61");
        game.play(roll);
        for good in ["7g7f,5i5h", "5i5h,7g7f", "7g7f,5i4i", "61:7g7f,5i4h", "16:7g7f,5i4h"] {
            assert!(parse_move(&game, good).is_ok(), "{good}");
        }
        let refused = |text: &str| parse_move(&game, text).map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(refused("43:7g7f,5i4h").contains("the roll is 61, not 43"));
        assert!(refused("7g7f,5i4h,1g1f").contains("bad move"));
        assert!(refused("7g7f").contains("not a legal turn for the roll 61"), "the King's 6 can be used");
        assert!(refused("61").contains("bad move"), "a roll at a decision node");
        assert!(refused("pass").contains("not a legal turn"));
    }
}
