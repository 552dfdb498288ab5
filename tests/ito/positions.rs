//! Hand-built Ito Shogi position strings for the tests (tests/ito/rules.rs,
//! tests/ito/cross_check.rs): pieces on named squares, the usual background of the piece tests,
//! another move number.

/// The rank index of a square name: 0 for `1a` .. 20 for `1u`.
pub fn rank(square: &str) -> usize {
    let bytes = square.as_bytes();
    assert!(
        bytes.len() == 2 && bytes[0] == b'1' && (b'a'..=b'u').contains(&bytes[1]),
        "test bug: bad square {square:?}"
    );
    (bytes[1] - b'a') as usize
}

/// The position string of `pieces` (`(square, piece)` pairs such as `("1k", "+N")`), every other
/// square empty, with `side` (`"b"` or `"w"`) to move, `hand` (`"-"`, `"2NP"`) and move number 1.
pub fn build<S: AsRef<str>, P: AsRef<str>>(pieces: &[(S, P)], side: &str, hand: &str) -> String {
    let mut ranks = vec!["1".to_string(); 21];
    for (square, piece) in pieces {
        let r = rank(square.as_ref());
        assert_eq!(ranks[r], "1", "test bug: {} given twice", square.as_ref());
        ranks[r] = piece.as_ref().to_string();
    }
    format!("{} {side} {hand} 1", ranks.join("/"))
}

/// The usual background of the piece tests, with `extra` added: Black King `1u` (21 squares
/// from the far end, its moves are exactly `1u1t 1u1s`); White King `1a`, Pawn `1b`, Iron
/// General `1c`. White's King and Pawn are blocked by their own pieces and the Iron General can
/// always step to `1d` or leap to `1e`, so White always has a reply (no stalemate ban) and
/// nothing of White's reaches Black's King.
pub fn background(extra: &[(&str, &str)], side: &str, hand: &str) -> String {
    let mut pieces = vec![("1u", "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")];
    pieces.extend_from_slice(extra);
    build(&pieces, side, hand)
}

/// A position string built by [`build`] with the move number `number` instead of 1.
pub fn with_move_number(text: &str, number: &str) -> String {
    let without = text.strip_suffix(" 1").unwrap_or_else(|| panic!("test bug: {text} does not end with move number 1"));
    format!("{without} {number}")
}
