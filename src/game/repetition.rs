//! Counting the occurrences of a position, for the games whose rules end or forbid repetitions.

/// How often the position with `key` has occurred, this time included, in a game whose earlier
/// positions' keys are `history` (oldest first, with the same side to move every second entry)
/// and whose last `reversible` plies could have repeated a position. The key covers the board
/// and the side to move, so only every second earlier position is compared.
pub fn occurrences(history: &[u64], key: u64, reversible: u32) -> u32 {
    let window = (reversible as usize).min(history.len());
    let mut count = 1;
    let mut back = 2;
    while back <= window {
        if history[history.len() - back] == key {
            count += 1;
        }
        back += 2;
    }
    count
}
