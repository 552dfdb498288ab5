use super::Side;
use std::fmt;

/// Why a game was won. The protocol prints these words in `result` lines.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// The opponent was reduced below the variant's material threshold.
    Capture,
    /// Five (or more) men in a row.
    Five,
    /// The player to move had no legal move (and, in games with check, was not in check).
    NoMoves,
    /// The player to move was in check and had no legal move.
    Checkmate,
    /// The loser gave check with every move of a fourfold repetition (shogi).
    PerpetualCheck,
    /// The opponent's royal King was captured (enryo, philosophy-checkers).
    KingCapture,
    /// The player to move was not in check and had no legal turn, and the rules make that a
    /// loss (Philosopher's Chess with `PhilosophersStalemate=loss`).
    Stalemate,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// The same position occurred for the third time (the fourth in shogi).
    Repetition,
    /// Both players are too weak to win (dai-hasami: both below five men).
    Material,
    /// The player to move was not in check and had no legal turn (Philosopher's Chess).
    Stalemate,
    /// The turn limit was reached (Shogammon's `ShogammonTurnLimit`).
    TurnLimit,
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw(DrawReason),
}

impl WinReason {
    /// The protocol word for this reason.
    pub const fn word(self) -> &'static str {
        match self {
            WinReason::Capture => "capture",
            WinReason::Five => "five",
            WinReason::NoMoves => "no-moves",
            WinReason::Checkmate => "checkmate",
            WinReason::PerpetualCheck => "perpetual-check",
            WinReason::KingCapture => "king-capture",
            WinReason::Stalemate => "stalemate",
        }
    }
}

impl DrawReason {
    /// The protocol word for this reason.
    pub const fn word(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::Material => "material",
            DrawReason::Stalemate => "stalemate",
            DrawReason::TurnLimit => "turn-limit",
        }
    }
}

impl fmt::Display for Outcome {
    /// Formats as the protocol's `result` payload: `b capture`, `w no-moves`, `draw repetition`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{} {}", winner.letter(), reason.word()),
            Outcome::Draw(reason) => write!(f, "draw {}", reason.word()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_print_as_result_payloads() {
        let win = Outcome::Win { winner: Side::Second, reason: WinReason::NoMoves };
        assert_eq!(win.to_string(), "w no-moves");
        assert_eq!(Outcome::Draw(DrawReason::Repetition).to_string(), "draw repetition");
    }
}
