//! The search plays the game: it takes immediate wins, sees forced wins as `mate` scores,
//! defends against a threatened five, sees a mate by a quiet check at the horizon, honours
//! limits (a weakened level's caps among them), and is deterministic on one thread.

use tetsugaku::engine::run_bench;
use tetsugaku::game::Turn;
use tetsugaku::search::{
    search, Bound, Config, Control, Event, Limits, ScoreReport, Skill, Summary, TranspositionTable,
};
use tetsugaku::variants::hasami::{Hasami, RuleSet, VARIANTS};
use tetsugaku::variants::shogi::Shogi;
use tetsugaku::Game;

fn rules(name: &str) -> RuleSet {
    *VARIANTS.iter().find(|v| v.name == name).expect("a hasami variant").rules
}

/// Searches `position` of `variant` to `depth`, returning the summary and the last info score.
fn search_to(variant: &str, position: &str, depth: u32, threads: usize) -> (Summary, Option<ScoreReport>) {
    let game = Hasami::from_position_string(rules(variant), position).expect("a valid position");
    search_game(&game, depth, threads)
}

/// Searches `game` (with its history) to `depth`: the summary and the last info score.
fn search_game(game: &Hasami, depth: u32, threads: usize) -> (Summary, Option<ScoreReport>) {
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let config = Config { threads, ..Config::default() };
    let last_score = std::sync::Mutex::new(None);
    let summary = search(game, &limits, &config, &tt, &Control::new(false), &|event| {
        if let Event::Info(info) = event {
            *last_score.lock().unwrap() = Some(info.score);
        }
    })
    .expect("no searchmoves to reject");
    let score = *last_score.lock().unwrap();
    (summary, score)
}

#[test]
fn quiescence_sees_a_mate_by_a_quiet_drop_check() {
    // Shogi, depth 1, only 1g1f searched: after it White mates with G*5h (the knight on 6f
    // guards the gold, the gold covers every flight square). The drop is quiet (no capture),
    // so only quiescence's quiet checks can see it.
    let game = Shogi::from_position_string("4k4/9/9/9/9/3n5/8P/9/4K4 b g 1").expect("a valid position");
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let limits = Limits { depth: Some(1), searchmoves: vec!["1g1f".into()], ..Limits::default() };
    let last_score = std::sync::Mutex::new(None);
    let summary = search(&game, &limits, &Config::default(), &tt, &Control::new(false), &|event| {
        if let Event::Info(info) = event {
            *last_score.lock().unwrap() = Some(info.score);
        }
    })
    .expect("1g1f is legal");
    assert_eq!(summary.ponder.as_deref(), Some("G*5h"), "{summary:?}");
    assert_eq!(*last_score.lock().unwrap(), Some(ScoreReport::Mate(-2)));
}

#[test]
fn takes_the_capture_that_wins_at_once() {
    // hasami: w has two men (4b, 9h). 4e4c sandwiches 4b against b's 4a and leaves w one man:
    // an immediate win.
    let position = "5P3/5p3/9/9/5P3/9/9/p8/9 b - 1";
    let (summary, score) = search_to("hasami", position, 3, 1);
    assert_eq!(summary.best.as_deref(), Some("4e4c"), "{summary:?}");
    assert_eq!(score, Some(ScoreReport::Mate(1)));
}

#[test]
fn completes_five_in_a_row() {
    // dai-hasami: b has four on rank e (8e..5e) and 4g slides to 4e for five outside its home.
    let position = "pp5pp/9/9/9/1PPPP4/9/5P3/9/pp5pp b - 1";
    let game = Hasami::from_position_string(rules("dai-hasami"), position).expect("valid");
    let mut moves = Vec::new();
    game.generate(&mut moves);
    let (summary, score) = search_to("dai-hasami", position, 3, 1);
    assert_eq!(score, Some(ScoreReport::Mate(1)), "{summary:?}");
    let best = summary.best.expect("a move");
    let mv = game.parse_move(&best).expect("legal");
    let mut after = game.clone();
    after.play(mv);
    assert!(matches!(after.turn(), tetsugaku::Turn::Over(_)), "{best} does not end the game");
}

#[test]
fn blocks_a_four_in_a_row() {
    // dai-hasami, w to move: b has 8e..5e and threatens 4h4e (five on rank e). The only defence
    // is 2f4f, closing the 4-file; every other move loses at once.
    let position = "p1p1p1p1p/9/9/9/1PPPP4/7p1/9/5P3/9 w - 1";
    let game = Hasami::from_position_string(rules("dai-hasami"), position).expect("valid");
    let (summary, _) = search_to("dai-hasami", position, 4, 1);
    assert_eq!(summary.best.as_deref(), Some("2f4f"), "{summary:?}");
    let mut after = game.clone();
    after.play(game.parse_move("2f4f").expect("legal"));
    let mut replies = Vec::new();
    after.generate(&mut replies);
    for reply in replies {
        let mut next = after.clone();
        next.play(reply);
        assert_eq!(next.turn(), tetsugaku::Turn::Decide(tetsugaku::Side::Second), "{}", after.format_move(reply));
    }
}

/// Plays `plies` quiet moves that each make a position new to the game: the first such move
/// in generation order.
fn wander(game: &mut Hasami, plies: usize) {
    for _ in 0..plies {
        let mut moves = Vec::new();
        game.generate(&mut moves);
        let fresh = moves.into_iter().filter(|&mv| !game.is_noisy(mv)).find(|&mv| {
            let mut next = game.clone();
            next.play(mv);
            !next.repeats()
        });
        game.play(fresh.expect("a quiet move to a new position"));
    }
}

/// Plays a move of the side to move and one of the other side, then takes both back (each
/// man moves home): the position before them stands for the second time, and playing the
/// first move again repeats one. Returns that first move's token.
fn offer_repetition(game: &mut Hasami) -> String {
    let back = |token: &str| format!("{}{}", &token[2..], &token[..2]);
    let tokens = |game: &Hasami| {
        let mut moves = Vec::new();
        game.generate(&mut moves);
        moves.into_iter().filter(|&mv| !game.is_noisy(mv)).map(|mv| game.format_move(mv)).collect::<Vec<_>>()
    };
    for first in tokens(game) {
        let mut after_first = game.clone();
        after_first.play(after_first.parse_move(&first).expect("generated"));
        for second in tokens(&after_first) {
            let mut trial = game.clone();
            let played = [first.clone(), second.clone(), back(&first), back(&second)].iter().all(|token| {
                let Ok(mv) = trial.parse_move(token) else { return false };
                let quiet = !trial.is_noisy(mv);
                trial.play(mv);
                quiet && trial.turn() == Turn::Decide(trial.side())
            });
            if played {
                *game = trial;
                return first;
            }
        }
    }
    panic!("no pair of moves can be taken back");
}

/// `variants/hasami/quiet_spell.rs`: after 150 plies without a capture a draw is worth four
/// men to the side to move, so in a level hasami position it repeats the position the other
/// side offered; the search scores the repetition as that draw at once (no third occurrence
/// needed). The same offer after a short spell is a draw worth nothing.
#[test]
fn takes_a_repetition_after_a_long_spell_without_a_capture() {
    let level = "p3p3p/9/9/9/9/9/9/9/P3P3P b - 1";
    for (spell, draw_value) in [(150, 400), (10, 0)] {
        let mut game = Hasami::from_position_string(rules("hasami"), level).expect("a valid position");
        wander(&mut game, spell);
        let repeat = offer_repetition(&mut game);
        assert_eq!(game.draw_value(), draw_value, "after {spell} quiet plies and the offer");
        let mut repeated = game.clone();
        repeated.play(repeated.parse_move(&repeat).expect("legal"));
        assert!(repeated.repeats() && repeated.turn() == Turn::Decide(repeated.side()));
        let (summary, score) = search_game(&game, 4, 1);
        if spell == 150 {
            let best = summary.best.expect("a move");
            let mut after = game.clone();
            after.play(after.parse_move(&best).expect("legal"));
            assert!(after.repeats(), "{best} does not repeat a position");
            assert_eq!(score, Some(ScoreReport::Centi(400)));
        } else {
            assert_ne!(score, Some(ScoreReport::Centi(400)));
        }
    }
}

/// The search's early repetition draw is the capture games' alone: a shuffle back to the start
/// repeats in hasami and makyek, never in dai-hasami, and taking a move back undoes it.
#[test]
fn a_position_repeats_for_the_search_in_the_capture_games_only() {
    for (variant, repeats) in [("hasami", true), ("makyek", true), ("dai-hasami", false)] {
        let mut game = Hasami::start(rules(variant));
        let shuffle = match variant {
            "hasami" => ["1i1h", "1a1b", "1h1i", "1b1a"],
            "makyek" => ["1h1g", "1a1b", "1g1h", "1b1a"],
            _ => ["1h1g", "1b1c", "1g1h", "1c1b"],
        };
        for token in shuffle {
            assert!(!game.repeats(), "{variant}");
            game.play(game.parse_move(token).expect("legal"));
        }
        assert_eq!(game.repeats(), repeats, "{variant}");
        assert_eq!(game.turn(), Turn::Decide(game.side()), "a second occurrence is no draw yet");
        game.undo();
        assert!(!game.repeats(), "{variant}: undo");
    }
}

#[test]
fn lazy_smp_returns_a_legal_move_and_counts_every_thread() {
    let start = "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP b - 1";
    let game = Hasami::from_position_string(rules("dai-hasami"), start).expect("valid");
    let (summary, _) = search_to("dai-hasami", start, 6, 2);
    assert!(game.parse_move(summary.best.as_deref().expect("a move")).is_ok());
    assert!(summary.nodes > 0 && summary.depth >= 6, "{summary:?}");
}

#[test]
fn node_limit_and_searchmoves_are_honoured() {
    let game = Hasami::start(rules("hasami"));
    let tt = TranspositionTable::new(4).expect("4 MiB");
    let config = Config::default();
    let limits = Limits { nodes: Some(20_000), searchmoves: vec!["1i1e".into()], ..Limits::default() };
    let summary = search(&game, &limits, &config, &tt, &Control::new(false), &|_| {}).expect("1i1e is legal");
    assert_eq!(summary.best.as_deref(), Some("1i1e"));
    // Checked every 1024 nodes, after the first iteration.
    assert!(summary.nodes < 20_000 + 60_000, "{summary:?}");
    let bad = Limits { searchmoves: vec!["1i1a".into()], ..limits };
    assert!(search(&game, &bad, &config, &tt, &Control::new(false), &|_| {}).is_err());
}

#[test]
fn a_weakened_level_keeps_to_its_depth_and_node_caps() {
    // Shogi middlegames, no limit but the level's: the search ends by itself, within
    // 1 + level plies and the level's node cap (checked every 128 nodes), and the node cap ends
    // it before the depth cap does.
    for (level, position) in [4.0, 9.0, 13.5].into_iter().zip(MIDDLEGAMES) {
        let skill = Skill::new(level);
        let game = Shogi::from_position_string(position).expect("a valid position");
        let tt = TranspositionTable::new(4).expect("4 MiB");
        let config = Config { skill, ..Config::default() };
        let summary = search(&game, &Limits::default(), &config, &tt, &Control::new(false), &|_| {}).expect("searches");
        let (depth_cap, node_cap) = (skill.depth_cap().expect("weakened"), skill.node_cap().expect("weakened"));
        assert!(summary.depth >= 1 && summary.depth < depth_cap, "level {level}: {summary:?}");
        assert!(summary.nodes <= node_cap + 256, "level {level}: {summary:?}");
    }
}

#[test]
fn bench_is_deterministic_on_one_thread() {
    let first = run_bench(4, 1, 16, &|_, _, _| {}).expect("bench runs");
    let second = run_bench(4, 1, 16, &|_, _, _| {}).expect("bench runs");
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.positions, tetsugaku::engine::bench_positions().len());
}

/// docs/rules/hasami.md: from the start, dai-hasami-step is a forced win for
/// the first player in 9 plies (five men to rank g before the second player's men can reach
/// it), with or without jumps (`DaiHasamiJumps`).
#[test]
fn dai_hasami_step_is_a_forced_first_player_win_with_or_without_jumps() {
    use tetsugaku::game::RuleValues;
    use tetsugaku::variants::hasami::DAI_HASAMI_JUMPS;
    let mut no_jumps = RuleValues::default();
    no_jumps.set(&DAI_HASAMI_JUMPS, tetsugaku::game::RuleValue::Flag(false));
    for options in [RuleValues::default(), no_jumps] {
        let game = Hasami::start(rules("dai-hasami-step").with_options(&options));
        let tt = TranspositionTable::new(16).expect("16 MiB");
        let limits = Limits { depth: Some(9), ..Limits::default() };
        let config = Config::default();
        let last = std::sync::Mutex::new(None);
        search(&game, &limits, &config, &tt, &Control::new(false), &|event| {
            if let Event::Info(info) = event {
                *last.lock().unwrap() = Some(info.score);
            }
        })
        .expect("searches");
        assert_eq!(*last.lock().unwrap(), Some(ScoreReport::Mate(9)), "{options:?}");
    }
}

/// Shogi middlegames where the best move changes between iterations.
const MIDDLEGAMES: [&str; 3] = [
    "ln1g3nl/1r1sgkb2/p1pppp1pp/1p4p2/7P1/2P6/PPSPPPP1P/1B3K1R1/LN1G1GSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p5P1/2P6/PPSPPPP1P/7R1/LN1GKGSNL b Bb 1",
];

#[test]
fn the_last_line_carries_the_score_found_for_the_move_played() {
    // Node limits stop the search anywhere, also inside an unfinished iteration whose best move
    // differs from the last completed one's: the line printed for it must carry the score the
    // search found for that move, the same the summary holds, never a placeholder.
    let mut unfinished = 0;
    for position in MIDDLEGAMES {
        let game = Shogi::from_position_string(position).expect("a valid position");
        for step in 0..24u64 {
            let nodes = 2_000 + step * 1_537;
            let tt = TranspositionTable::new(4).expect("4 MiB");
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let infos = std::sync::Mutex::new(Vec::new());
            let summary = search(&game, &limits, &Config::default(), &tt, &Control::new(false), &|event| {
                if let Event::Info(info) = event {
                    infos.lock().unwrap().push(info);
                }
            })
            .expect("no searchmoves to reject");
            let infos = infos.into_inner().unwrap();
            let last = infos.last().unwrap_or_else(|| panic!("{position} nodes {nodes}: no info line"));
            let context = format!("{position} nodes {nodes}: {summary:?} {last:?}");
            assert_eq!(last.pv.first(), summary.best.as_ref(), "{context}");
            let score = summary.score.unwrap_or_else(|| panic!("no score: {context}"));
            assert_eq!(last.score, ScoreReport::from_score(score), "{context}");
            if last.bound != Bound::Exact || infos.iter().rev().nth(1).is_some_and(|before| before.pv[0] != last.pv[0])
            {
                unfinished += 1;
            }
        }
    }
    // The scan reaches the case it is about.
    assert!(unfinished > 0, "no search ended with a bound or a new best move");
    eprintln!("{unfinished} searches ended with a bound or a new best move");
}
