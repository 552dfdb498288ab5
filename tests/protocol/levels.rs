//! Strength levels over the protocol (protocol-spec.md §8.1, §8.3): `Skill Level`,
//! `USI_LimitStrength` and `USI_Elo` are parsed (a name with a blank included) and refused like
//! any option; a weakened level searches no deeper than its cap and plays one of the moves it
//! searched, saying so in its last `info` line, in every variant; level 20 is the unweakened
//! search.

use crate::engine_process::{Engine, Info, Search};
use tetsugaku::search::CANDIDATES;
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, RuleValues, Turn, VARIANTS};

/// A budget a full-strength search would spend to the last millisecond: a weakened level ends
/// long before it (by its depth cap), and the harness's read deadline fails a search that
/// does not.
const LONG: &str = "movetime 600000";

/// The deepest iteration a search reported.
fn deepest(search: &Search) -> u32 {
    search.infos.iter().filter_map(|info| info.depth).max().unwrap_or(0)
}

/// The search's lines without the fields that depend on the clock (`nps`, `time`).
fn timeless(search: &Search) -> Vec<String> {
    search
        .lines
        .iter()
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if matches!(words[i], "nps" | "time") && i + 1 < words.len() {
                    i += 2;
                } else {
                    kept.push(words[i]);
                    i += 1;
                }
            }
            kept.join(" ")
        })
        .collect()
}

/// A seeded random game of `variant` of up to `plies` items, ended at a decision (a roll is
/// added at a chance node): its `position` command, or `None` when the game ended.
fn random_position(variant: &str, plies: usize, rng: &mut SplitMix64) -> Option<String> {
    let v = tetsugaku::Variant::named(variant).expect("a variant");
    let mut game = AnyGame::new(v, &RuleValues::default(), None).expect("a start position");
    let mut items = Vec::new();
    while items.len() < plies || matches!(game.turn(), Turn::Chance(_)) {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let item = moves[rng.below(moves.len())].clone();
        game.play_token(&item).expect("a generated move is legal");
        items.push(item);
    }
    matches!(game.turn(), Turn::Decide(_)).then(|| format!("position startpos moves {}", items.join(" ")))
}

#[test]
fn level_options_are_listed_and_a_name_with_a_blank_is_read_whole() {
    let mut engine = Engine::start();
    let usi = engine.reply("usi");
    for line in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name USI_LimitStrength type check default false",
        "option name USI_Elo type spin default 1500 min 800 max 2800",
    ] {
        assert!(usi.iter().any(|l| l == line), "`usi` does not list {line:?}: {usi:?}");
    }
    engine.silent("position startpos");
    engine.silent("setoption name Skill Level value 0");
    assert_eq!(deepest(&engine.search("depth 5")), 1, "level 0 searches one ply");
    // Blanks between the words of the name are blanks like any other (§2).
    engine.silent("setoption name Skill \t Level value 20");
    assert_eq!(deepest(&engine.search("depth 3")), 3, "level 20 searches to the depth asked");
}

#[test]
fn level_values_out_of_range_are_one_error_line_and_change_nothing() {
    let mut engine = Engine::start();
    engine.silent("position startpos");
    engine.silent("setoption name Skill Level value 0");
    for bad in [
        "setoption name Skill Level value 21",
        "setoption name Skill Level value -1",
        "setoption name Skill Level value 2.5",
        "setoption name Skill Level value five",
        "setoption name Skill Level value",
        "setoption name Skill Level",
        "setoption name Skill value 20",
        "setoption name USI_Elo value 799",
        "setoption name USI_Elo value 2801",
        "setoption name USI_Elo value 1500 1600",
        "setoption name USI_LimitStrength value yes",
    ] {
        engine.error(bad);
    }
    assert_eq!(deepest(&engine.search("depth 4")), 1, "the level is still 0");
    // USI_LimitStrength is still off: an Elo does not choose the level.
    engine.silent("setoption name USI_Elo value 2800");
    assert_eq!(deepest(&engine.search("depth 4")), 1, "the level is still 0");
}

#[test]
fn usi_limit_strength_lets_usi_elo_choose_the_level() {
    let mut engine = Engine::start();
    engine.silent("position startpos moves 7g7f 3c3d");
    engine.silent("setoption name USI_Elo value 800");
    engine.silent("setoption name USI_LimitStrength value true");
    assert_eq!(deepest(&engine.search("depth 4")), 1, "Elo 800 is level 0, whatever Skill Level says");
    engine.silent("setoption name Skill Level value 0");
    engine.silent("setoption name USI_Elo value 2800");
    assert_eq!(deepest(&engine.search("depth 4")), 4, "Elo 2800 outranks Skill Level 0");
    engine.silent("setoption name USI_LimitStrength value false");
    assert_eq!(deepest(&engine.search("depth 4")), 1, "Skill Level 0 again");
}

#[test]
fn level_20_is_the_unweakened_search() {
    let position = "position startpos moves 7g7f 3c3d 2g2f";
    let mut plain = Engine::start();
    plain.silent(position);
    let expected = timeless(&plain.search("depth 7"));
    let mut set = Engine::start();
    set.silent("setoption name Skill Level value 19");
    set.silent("setoption name Skill Level value 20");
    set.silent("setoption name USI_Elo value 800");
    set.silent(position);
    assert_eq!(timeless(&set.search("depth 7")), expected);
}

/// Level 0 in every variant, from seeded random positions (Shogammon's after a roll): the
/// engine answers a long budget by itself after one ply, with one of the moves a full-strength
/// engine scores best at one ply with `MultiPV` [`CANDIDATES`] (or, where each of those loses
/// at once, another legal move), and its last `info` line gives that move with the score that
/// search gave it. Some answers are not the best move.
#[test]
fn level_0_plays_one_of_the_moves_it_searched_in_every_variant() {
    let mut rng = SplitMix64::new(0x5_C111);
    let mut mistakes = 0;
    for variant in VARIANTS.iter().map(|v| v.name) {
        let (mut weak, mut full) = (Engine::start(), Engine::start());
        weak.silent(&format!("variant {variant}"));
        weak.silent("setoption name Skill Level value 0");
        full.silent(&format!("variant {variant}"));
        full.silent(&format!("setoption name MultiPV value {CANDIDATES}"));
        let mut played = 0;
        for plies in [0, 6, 12, 20, 30] {
            let Some(position) = random_position(variant, plies, &mut rng) else { continue };
            for engine in [&mut weak, &mut full] {
                engine.silent("usinewgame");
                engine.silent(&position);
            }
            let answer = weak.search(LONG);
            let lines: Vec<Info> = full.search("depth 1").infos;
            assert!(answer.infos.iter().all(|i| i.depth == Some(1)), "{variant}: deeper than 1: {:?}", answer.lines);
            let last = answer.infos.last().expect("an info line");
            assert_eq!(last.pv.first(), Some(&answer.best), "{variant}: the last line is not the move played");
            played += 1;
            let Some(searched) = lines.iter().find(|i| i.pv.first() == Some(&answer.best)) else {
                assert!(weak.move_set().contains(&answer.best), "{variant} {position}: {} is illegal", answer.best);
                continue;
            };
            assert_eq!(searched.score, last.score, "{variant}: the score of {} differs", answer.best);
            mistakes += usize::from(lines[0].pv.first() != Some(&answer.best));
        }
        assert!(played >= 3, "{variant}: too few positions");
    }
    assert!(mistakes > 0, "level 0 always played the best move");
}
