//! `arena replay <file>`: re-validates every game of a record file against the rules.

use crate::record::{GameRecord, GameResult, Termination};
use crate::referee::Referee;

/// Checks one record: every item legal in turn; a `rules` ending matches the rules' outcome and
/// the recorded result; any other ending left the game unfinished by the rules; an illegal move
/// recorded as such is indeed illegal in the final position.
pub fn check(record: &GameRecord) -> Result<(), String> {
    let mut referee = Referee::new(&record.variant, &record.rules, record.start.as_deref())?;
    if record.opening_items > record.items.len() {
        return Err(format!("{} opening items but only {} items", record.opening_items, record.items.len()));
    }
    for (index, item) in record.items.iter().enumerate() {
        referee.play(item).map_err(|e| format!("item {} ({item}): {e}", index + 1))?;
    }
    match (record.termination, referee.outcome()) {
        (Termination::Rules, Some(outcome)) => {
            if outcome.to_string() != record.reason {
                return Err(format!("the rules say {outcome}, the record says {}", record.reason));
            }
            if GameResult::of(outcome) != record.result {
                return Err(format!("the rules say {outcome}, but the recorded result disagrees"));
            }
        }
        (Termination::Rules, None) => return Err("recorded as ended by the rules, but the game goes on".into()),
        (_, Some(outcome)) => {
            return Err(format!(
                "the rules ended the game ({outcome}), but it is recorded as {}",
                record.termination.word()
            ))
        }
        (_, None) => {}
    }
    if let Some(illegal) = &record.illegal {
        if referee.clone().play(illegal).is_ok() {
            return Err(format!("{illegal} is recorded as illegal but is legal"));
        }
    }
    Ok(())
}

/// Checks every record in `text`; returns a report line per game and whether all passed.
pub fn check_all(text: &str) -> Result<(Vec<String>, bool), String> {
    let records = crate::record::parse_records(text)?;
    let mut lines = Vec::new();
    let mut all_good = true;
    for record in &records {
        let verdict = match check(record) {
            Ok(()) => "ok".to_string(),
            Err(error) => {
                all_good = false;
                format!("INVALID: {error}")
            }
        };
        lines.push(format!("game {}: {} vs {}: {verdict}", record.number, record.first, record.second));
    }
    lines.push(format!("{} games, {}", records.len(), if all_good { "all valid" } else { "some invalid" }));
    Ok((lines, all_good))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tetsugaku::RuleValues;

    /// A hasami game where the first player's 9i9a sandwiches the man on 8a against 7a and
    /// leaves the second player one man: `b capture`.
    fn record(items: &[&str], termination: Termination, reason: &str, result: GameResult) -> GameRecord {
        GameRecord {
            number: 1,
            variant: "hasami".into(),
            rules: RuleValues::default(),
            first: "a".into(),
            second: "b".into(),
            first_limit: "depth 1".into(),
            second_limit: "depth 1".into(),
            opening: 1,
            opening_items: 0,
            start: Some("1pP6/9/9/9/8p/9/9/9/P8 b - 1".into()),
            seed: 1,
            result,
            termination,
            reason: reason.into(),
            illegal: None,
            items: items.iter().map(|s| s.to_string()).collect(),
            trouble: Default::default(),
        }
    }

    #[test]
    fn rule_endings_must_match_the_rules() {
        let won = record(&["9i9a"], Termination::Rules, "b capture", GameResult::FirstWins);
        assert_eq!(check(&won), Ok(()));
        let wrong_result = GameRecord { result: GameResult::Draw, ..won.clone() };
        assert!(check(&wrong_result).is_err());
        let wrong_reason = GameRecord { reason: "w capture".into(), ..won.clone() };
        assert!(check(&wrong_reason).is_err());
        let not_rules = GameRecord { termination: Termination::Time, ..won };
        assert!(check(&not_rules).unwrap_err().contains("the rules ended the game"));
        let ongoing = record(&["9i9b"], Termination::Rules, "b capture", GameResult::FirstWins);
        assert!(check(&ongoing).is_err());
    }

    #[test]
    fn other_endings_need_legal_items_and_a_truly_illegal_move() {
        let time = record(&["9i9b"], Termination::Time, "b took too long", GameResult::SecondWins);
        assert_eq!(check(&time), Ok(()));
        let illegal_item = record(&["9i9b", "8a8a"], Termination::Time, "x", GameResult::SecondWins);
        assert!(check(&illegal_item).unwrap_err().contains("item 2"));
        let legal_called_illegal = GameRecord { illegal: Some("8a8b".into()), ..time.clone() };
        assert!(check(&legal_called_illegal).is_err());
        let truly_illegal = GameRecord { illegal: Some("8a7a".into()), termination: Termination::Illegal, ..time };
        assert_eq!(check(&truly_illegal), Ok(()));
    }
}
