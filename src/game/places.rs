//! Where a move is clicked: the places a user touches to enter it on a board (protocol-spec.md
//! §9.8), read from the move's token in the grammar every game's notation shares.

use crate::vocabulary::Side;

/// The places of the move written `token` by `side`, in the order a user clicks them: the
/// squares of every sub-move (split on `,`) in turn, a drop's piece in hand first (`P*` for the
/// first player's hand, `p*` for the second's, whatever face is dropped), a capture path's
/// landing squares (split on `x`), a mind-move's two Mind squares (`mo1o2`). Suffixes that are
/// not places (`+`, `=R`) are left out, and a place equal to the one before it is written once
/// (`2c2d,2d2e` is `2c 2d 2e`). A token with no squares (`pass`) has no places.
///
/// Squares are the two-character names of the grammar (`7g`, `1k`, `o1`); a game whose tokens
/// are written otherwise gives its own [`crate::game::Game::places`].
pub fn token_places(token: &str, side: Side) -> Vec<String> {
    let mut places: Vec<String> = Vec::new();
    for sub_move in token.split(',') {
        for place in sub_move_places(sub_move, side) {
            if places.last() != Some(&place) {
                places.push(place);
            }
        }
    }
    places
}

fn sub_move_places(sub_move: &str, side: Side) -> Vec<String> {
    if let Some((piece, square)) = sub_move.split_once('*') {
        let letter = piece.trim_start_matches('+');
        let letter = match side {
            Side::First => letter.to_ascii_uppercase(),
            Side::Second => letter.to_ascii_lowercase(),
        };
        return vec![format!("{letter}*"), square.to_string()];
    }
    let written = sub_move.split('=').next().unwrap_or("").trim_end_matches('+');
    let written = written.strip_prefix('m').unwrap_or(written);
    let squares: Vec<String> = if written.contains('x') {
        written.split('x').map(str::to_string).collect()
    } else {
        let chars: Vec<char> = written.chars().collect();
        chars.chunks(2).map(|pair| pair.iter().collect()).collect()
    };
    if squares.len() >= 2 && squares.iter().all(|square| is_square(square)) {
        squares
    } else {
        Vec::new()
    }
}

/// Whether `name` is written like a square: a digit and a letter, in either order (`7g`, `o1`).
fn is_square(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    matches!(chars.as_slice(), [a, b] if (a.is_ascii_digit() && b.is_ascii_lowercase()) || (a.is_ascii_lowercase() && b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(token: &str, side: Side) -> Vec<String> {
        token_places(token, side)
    }

    #[test]
    fn every_kind_of_token_is_read_into_its_places() {
        let first = Side::First;
        assert_eq!(places("7g7f", first), ["7g", "7f"]);
        assert_eq!(places("7g7f+", first), ["7g", "7f"], "a promotion is chosen, not clicked");
        assert_eq!(places("P*5e", first), ["P*", "5e"]);
        assert_eq!(places("P*5e", Side::Second), ["p*", "5e"], "the second player's hand");
        assert_eq!(places("+N*1k", Side::Second), ["n*", "1k"], "either face comes from one hand piece");
        assert_eq!(places("3gx5ex7c", first), ["3g", "5e", "7c"]);
        assert_eq!(places("3gx5ex3g", first), ["3g", "5e", "3g"], "a path back to its origin");
        assert_eq!(places("mo1o2", first), ["o1", "o2"]);
        assert_eq!(places("4b4a=H", first), ["4b", "4a"]);
        assert_eq!(places("2c2d,2d2e", first), ["2c", "2d", "2e"], "the square between is clicked once");
        assert_eq!(places("mo1o2,2c2a", first), ["o1", "o2", "2c", "2a"]);
        assert_eq!(places("2d2c+,2h2c+", first), ["2d", "2c", "2h", "2c"], "a point capture");
        assert!(places("pass", first).is_empty());
    }
}
