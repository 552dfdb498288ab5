//! The board server against the real engine: requests, refusals, faults and engine processes.

mod common;

use std::time::Duration;

use common::{exists, moves, signal, Server};
use serde_json::json;

const SECOND: Duration = Duration::from_secs(1);

#[tokio::test]
async fn malformed_messages_get_an_error_and_change_nothing() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    let (hello, _) = page.greeting().await;
    assert!(hello["variants"].as_array().is_some_and(|v| v.len() == 15), "{hello}");
    assert_eq!(hello["variant_rules"]["makyek"], json!(["MakyekWin"]), "the engine's rules reply");
    assert_eq!(hello["variant_rules"]["shogi"], json!([]));
    let before = page.play("7g7f").await;
    let bad = [
        "not json",
        "[1,2]",
        r#"{"type":"fly"}"#,
        r#"{"type":"play"}"#,
        r#"{"type":"play","move":7}"#,
        r#"{"type":"play","move":"7g7f 3c3d"}"#,
        r#"{"type":"play","move":""}"#,
        r#"{"type":"undo","now":true}"#,
        r#"{"type":"truncate","ply":-1}"#,
        r#"{"type":"truncate","ply":2}"#,
        r#"{"type":"view","ply":9}"#,
        r#"{"type":"new","variant":"chess"}"#,
        r#"{"type":"new","variant":"shogi","rules":{"Hash":"1"}}"#,
        r#"{"type":"new","variant":"shogi","start":"sfen"}"#,
        r#"{"type":"analyse","multipv":-1}"#,
        r#"{"type":"analyse","multipv":6}"#,
        r#"{"type":"options","values":{"USI_Variant":"hasami"}}"#,
        r#"{"type":"options","values":{"MakyekWin":"all"}}"#,
        r#"{"type":"options","values":{"Nonsense":"1"}}"#,
        r#"{"type":"load","text":""}"#,
        r#"{"type":"new","variant":"shogi","moves":["7g7f\nquit"]}"#,
        r#"{"type":"new","variant":"makyek","rules":{"MakyekWin":"all\nquit"}}"#,
        r#"{"type":"play","move":"7g7f\nquit"}"#,
        r#"{"type":"options","values":{"USI_Hash":"16\nquit"}}"#,
        r#"{"type":"go","movetime_ms":18446744073709551615}"#,
        r#"{"type":"load","text":"[Game \"1\"]\nrubbish"}"#,
    ];
    for text in bad {
        page.send_text(text).await;
        let answer = page.next(10 * SECOND).await.expect("an answer");
        assert_eq!(answer["type"], "error", "{text} gave {answer}");
    }
    page.send_binary(b"\x00\x01").await;
    assert_eq!(page.next(10 * SECOND).await.expect("an answer")["type"], "error");
    let after = page.view(1).await;
    for field in ["moves", "ply", "sfen", "side", "variant", "rules", "start"] {
        assert_eq!(after[field], before[field], "{field} changed");
    }
}

#[tokio::test]
async fn a_refused_move_leaves_the_game_unchanged() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    let before = page.play("7g7f").await;
    for token in ["7g7f", "5i5x", "P*5e", "resign"] {
        page.send(json!({"type": "play", "move": token})).await;
        let refused = page.expect("refused").await;
        let message = refused["message"].as_str().unwrap_or("");
        assert!(message.starts_with("info string error") && message.contains(token), "{token}: {refused}");
    }
    let after = page.view(1).await;
    assert_eq!((moves(&after), &after["sfen"]), (moves(&before), &before["sfen"]));
    assert_eq!(page.play("3c3d").await["moves"], json!(["7g7f", "3c3d"]));
    // A refused new game keeps the old one too.
    page.send(json!({"type": "new", "variant": "hasami", "start": "sfen ppppppppp/9/9 b - 1"})).await;
    assert!(page.expect("refused").await["message"].as_str().is_some_and(|m| m.contains("bad position")));
    let after = page.view(2).await;
    assert_eq!((after["variant"].as_str(), moves(&after).len()), (Some("shogi"), 2));
}

#[tokio::test]
async fn a_go_the_engine_refuses_is_reported_and_nothing_waits_for_it() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    // The engine refuses depth 0; the move sent right after it must not wait for a bestmove.
    page.send(json!({"type": "go", "depth": 0})).await;
    page.send(json!({"type": "play", "move": "7g7f"})).await;
    let refused = page.expect("refused").await;
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("go")), "{refused}");
    assert_eq!(moves(&page.expect("state").await), ["7g7f"]);
    assert!(page.seen.iter().all(|m| m["type"] != "fault"), "{:?}", page.seen);
}

#[tokio::test]
async fn an_engine_killed_from_outside_is_restarted_with_the_game() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    page.send(json!({"type": "new", "variant": "dai-hasami", "moves": ["5h5d", "3b3f"]})).await;
    let before = page.expect("state").await;
    let [engine] = server.await_children(1, 5 * SECOND).await[..] else { unreachable!() };
    signal(engine, "KILL");
    let fault = page.expect("fault").await;
    assert!(fault["message"].as_str().is_some_and(|m| m.contains("exited")), "{fault}");
    let after = page.expect("state").await;
    for field in ["moves", "sfen", "variant", "ply"] {
        assert_eq!(after[field], before[field], "{field} after the restart");
    }
    let [restarted] = server.await_children(1, 5 * SECOND).await[..] else { unreachable!() };
    assert_ne!(restarted, engine);
    assert_eq!(moves(&page.play("4i4g").await), ["5h5d", "3b3f", "4i4g"]);
}

#[tokio::test]
async fn a_silent_engine_is_a_fault_and_is_replaced() {
    let server = Server::start(&["--answer-seconds", "1"]);
    let mut page = server.connect().await;
    page.greeting().await;
    let before = page.play("7g7f").await;
    let [engine] = server.await_children(1, 5 * SECOND).await[..] else { unreachable!() };
    signal(engine, "STOP");
    page.send(json!({"type": "play", "move": "3c3d"})).await;
    let fault = page.expect("fault").await;
    assert!(fault["message"].as_str().is_some_and(|m| m.contains("did not answer")), "{fault}");
    let after = page.expect("state").await;
    assert_eq!((moves(&after), &after["sfen"]), (moves(&before), &before["sfen"]));
    assert!(!exists(engine), "the stopped engine was killed and reaped");
    assert_eq!(moves(&page.play("3c3d").await), ["7g7f", "3c3d"]);
}

#[tokio::test]
async fn a_late_bestmove_is_a_fault() {
    let server = Server::start(&["--grace-seconds", "0.5"]);
    let mut page = server.connect().await;
    page.greeting().await;
    let [engine] = server.await_children(1, 5 * SECOND).await[..] else { unreachable!() };
    page.send(json!({"type": "go", "movetime_ms": 300})).await;
    signal(engine, "STOP");
    let fault = page.expect("fault").await;
    assert!(fault["message"].as_str().is_some_and(|m| m.contains("bestmove")), "{fault}");
    assert!(moves(&page.expect("state").await).is_empty());
    assert!(!exists(engine));
}

#[tokio::test]
async fn twenty_games_opened_and_closed_leave_no_engine_behind() {
    let server = Server::start(&["--max-games", "4"]);
    let started = std::time::Instant::now();
    let memory_before = server.resident_kib();
    let mut pids = Vec::new();
    for round in 0..5 {
        let mut pages = Vec::new();
        for _ in 0..4 {
            let mut page = server.connect().await;
            page.greeting().await;
            pages.push(page);
        }
        let engines = server.await_children(4, 5 * SECOND).await;
        pids.extend(engines.iter().copied());
        // A fifth page is refused while four are open.
        let mut extra = server.connect().await;
        let refused = extra.next(5 * SECOND).await.expect("an answer");
        assert!(refused["message"].as_str().is_some_and(|m| m.contains("too many games")), "{refused}");
        assert!(extra.next(5 * SECOND).await.is_none(), "the refused socket is closed");
        if round % 2 == 0 {
            // Closed with the engine thinking.
            pages[0].send(json!({"type": "analyse", "multipv": 2})).await;
        }
        for page in pages {
            page.close().await;
        }
        server.await_children(0, 5 * SECOND).await;
    }
    assert!(pids.iter().all(|&pid| !exists(pid)), "every engine was reaped");
    pids.sort_unstable();
    pids.dedup();
    assert_eq!(pids.len(), 20);
    eprintln!(
        "20 games opened and closed in {:?}; the server's resident memory {} KiB before, {} KiB after",
        started.elapsed(),
        memory_before,
        server.resident_kib()
    );
}

#[tokio::test]
async fn a_second_connection_gets_its_own_engine_and_game() {
    let server = Server::start(&[]);
    let mut first = server.connect().await;
    first.greeting().await;
    let mut second = server.connect().await;
    second.greeting().await;
    assert_eq!(server.await_children(2, 5 * SECOND).await.len(), 2);
    first.send(json!({"type": "new", "variant": "checkers"})).await;
    first.expect("state").await;
    assert_eq!(moves(&first.play("6f5e").await), ["6f5e"]);
    let other = second.view(0).await;
    assert_eq!((other["variant"].as_str(), moves(&other).len()), (Some("shogi"), 0));
    first.close().await;
    server.await_children(1, 5 * SECOND).await;
    assert_eq!(moves(&second.play("7g7f").await), ["7g7f"]);
}

#[tokio::test]
async fn an_idle_game_is_closed() {
    let server = Server::start(&["--idle-minutes", "0.02"]);
    let mut page = server.connect().await;
    page.greeting().await;
    let [engine] = server.await_children(1, 5 * SECOND).await[..] else { unreachable!() };
    let closing = page.expect_within("error", 10 * SECOND).await;
    assert!(closing["message"].as_str().is_some_and(|m| m.contains("idle")), "{closing}");
    assert!(page.next(5 * SECOND).await.is_none(), "the socket is closed");
    server.await_children(0, 5 * SECOND).await;
    assert!(!exists(engine));
}

#[tokio::test]
async fn the_engine_plays_a_move_and_analyses() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    page.send(json!({"type": "new", "variant": "hasami"})).await;
    page.expect("state").await;
    page.send(json!({"type": "go", "movetime_ms": 200})).await;
    let info = page.expect("info").await;
    assert!(info["depth"].is_u64() && info["pv"].is_array(), "{info}");
    let best = page.expect("bestmove").await;
    let state = page.expect("state").await;
    assert_eq!(moves(&state), [best["move"].as_str().expect("a move").to_string()]);
    assert_eq!(state["side"], "w");

    page.send(json!({"type": "analyse", "multipv": 3})).await;
    let mut lines = std::collections::BTreeSet::new();
    while lines.len() < 3 {
        let info = page.expect("info").await;
        lines.insert(info["multipv"].as_u64().expect("multipv"));
    }
    assert_eq!(lines.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    // A move restarts the analysis on the new position.
    let token =
        page.seen.iter().rev().find(|m| m["type"] == "info").and_then(|m| m["pv"][0].as_str()).map(String::from);
    page.send(json!({"type": "play", "move": token.expect("a pv move")})).await;
    let state = page.expect("state").await;
    assert_eq!((state["analysing"].as_u64(), state["searching"].as_str()), (Some(3), Some("analyse")));
    page.expect("info").await;
    page.send(json!({"type": "stop"})).await;
    page.send(json!({"type": "view", "ply": 2})).await;
    let state = page.expect("state").await;
    assert_eq!(state["analysing"], 0);
    assert!(state["searching"].is_null());
}

/// The level weakens the engine's moves and never the analysis: at level 0 a move is searched
/// one ply deep (protocol-spec §8.3), the analysis of the same position goes deeper.
#[tokio::test]
async fn the_level_weakens_the_engine_moves_and_not_the_analysis() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    page.send(json!({"type": "options", "values": {"Skill Level": "0"}})).await;
    page.send(json!({"type": "go", "movetime_ms": 2000})).await;
    page.expect("bestmove").await;
    let move_depth = page.seen.iter().filter(|m| m["type"] == "info").filter_map(|m| m["depth"].as_u64()).max();
    assert_eq!(move_depth, Some(1), "level 0 searches one ply");
    page.expect("state").await;
    page.send(json!({"type": "analyse", "multipv": 1})).await;
    loop {
        let info = page.expect("info").await;
        if info["depth"].as_u64().is_some_and(|depth| depth >= 4) {
            break;
        }
    }
    page.send(json!({"type": "stop"})).await;
    assert_eq!(page.expect("state").await["analysing"], 0, "the analysis ended");
    let before = page.seen.len();
    page.send(json!({"type": "go", "movetime_ms": 2000})).await;
    page.expect("bestmove").await;
    let depths = page.seen[before..].iter().filter(|m| m["type"] == "info").filter_map(|m| m["depth"].as_u64());
    assert_eq!(depths.max(), Some(1), "after the analysis, the engine's moves are at level 0 again");
}

#[tokio::test]
async fn load_and_save_round_trip() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    let record =
        "[Game \"1\"]\n[Variant \"makyek\"]\n[MakyekWin \"all-but-one\"]\n[Start \"startpos\"]\nmoves 1f1e\n\n\
        [Game \"2\"]\n[Variant \"ito\"]\n[Start \"startpos\"]\nmoves 1n1m 1h1i\n";
    page.send(json!({"type": "load", "text": record})).await;
    let choose = page.expect("choose").await;
    assert_eq!(choose["games"].as_array().map(Vec::len), Some(2));
    page.send(json!({"type": "load", "text": record, "game": 1})).await;
    let state = page.expect("state").await;
    assert_eq!(
        (state["variant"].as_str(), state["rules"]["MakyekWin"].as_str()),
        (Some("makyek"), Some("all-but-one"))
    );
    assert_eq!(moves(&state), ["1f1e"]);
    page.send(json!({"type": "save", "first": "human", "second": "engine"})).await;
    let saved = page.expect("saved").await;
    assert_eq!(saved["position"], "position startpos moves 1f1e");
    let text = saved["record"].as_str().expect("a record");
    assert!(text.contains("[MakyekWin \"all-but-one\"]") && text.contains("moves 1f1e\n"), "{text}");
    // A pasted position line keeps the variant and rules; a bare position string too.
    page.send(json!({"type": "load", "text": "position startpos moves 1f1e 2c2d"})).await;
    let state = page.expect("state").await;
    assert_eq!((state["variant"].as_str(), moves(&state).len()), (Some("makyek"), 2));
    assert_eq!(state["rules"]["MakyekWin"], "all-but-one");
    // The places of a loaded move are learnt from the engine when it is the last on view.
    assert_eq!(state["last"], json!({"move": "2c2d", "places": ["2c", "2d"], "roll": false}));
    assert_eq!(page.view(1).await["last"], json!({"move": "1f1e", "places": ["1f", "1e"], "roll": false}));
    page.send(json!({"type": "load", "text": record, "game": 2})).await;
    let state = page.expect("state").await;
    assert_eq!((state["variant"].as_str(), state["rules"]["MakyekWin"].as_str()), (Some("ito"), Some("all")));
    page.send(json!({"type": "load", "text": state["sfen"]})).await;
    let loaded = page.expect("state").await;
    assert_eq!((loaded["sfen"].clone(), moves(&loaded).len()), (state["sfen"].clone(), 0));
    assert_eq!(loaded["start"], format!("sfen {}", state["sfen"].as_str().unwrap_or("")));
}

/// A record written by `arena match` (tools/board/tests/fixtures/arena-shogammon.games: a match
/// header, then two Shogammon games with a rule option and dice) opens, and its game goes on.
#[tokio::test]
async fn an_arena_record_opens_and_its_game_goes_on() {
    let record = include_str!("fixtures/arena-shogammon.games");
    let wanted: Vec<&str> = record
        .lines()
        .filter_map(|line| line.strip_prefix("moves "))
        .nth(1)
        .map(|moves| moves.split(' ').collect())
        .unwrap_or_default();
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    page.send(json!({"type": "load", "text": record})).await;
    assert_eq!(page.expect("choose").await["games"].as_array().map(Vec::len), Some(2));
    page.send(json!({"type": "load", "text": record, "game": 2})).await;
    let state = page.expect("state").await;
    assert_eq!(
        (state["variant"].as_str(), state["rules"]["ShogammonTurnLimit"].as_str()),
        (Some("shogammon"), Some("12"))
    );
    assert_eq!(moves(&state), wanted);
    assert_eq!(state["result"], json!({"winner": "draw", "reason": "turn-limit"}), "judged again by the engine");
    page.send(json!({"type": "truncate", "ply": 4})).await;
    let state = page.expect("state").await;
    assert_eq!(moves(&state), wanted[..4]);
    let roll = state["chances"][0]["item"].as_str().unwrap_or("11").to_string();
    let state = page.play(&roll).await;
    assert_eq!(moves(&state).len(), 5, "the game goes on from the record");
}

#[tokio::test]
async fn shogammon_rolls_are_items_and_the_engine_moves_after_a_roll() {
    let server = Server::start(&[]);
    let mut page = server.connect().await;
    page.greeting().await;
    page.send(json!({"type": "new", "variant": "shogammon"})).await;
    page.expect("state").await;
    // Refused by the board when it knows the node is a chance node (from places), else by the engine.
    page.send(json!({"type": "go", "movetime_ms": 100})).await;
    let refused = page.expect("error|refused").await;
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("roll")), "{refused}");
    let rolled = page.play("61").await;
    assert_eq!(moves(&rolled), ["61"]);
    assert_eq!(rolled["last"], json!({"move": "61", "places": [], "roll": true}));
    assert!(
        rolled["chances"].as_array().is_some_and(Vec::is_empty)
            && !rolled["places"].as_array().is_some_and(Vec::is_empty)
    );
    page.send(json!({"type": "go", "movetime_ms": 200})).await;
    let best = page.expect("bestmove").await;
    let state = page.expect("state").await;
    assert_eq!(moves(&state), ["61".to_string(), best["move"].as_str().unwrap_or("").to_string()]);
    assert_eq!(state["side"], "w");
    assert!(state["last"]["places"].as_array().is_some_and(|p| p.len() >= 2), "{}", state["last"]);
    let weights: Vec<u64> =
        state["chances"].as_array().expect("chances").iter().filter_map(|c| c["weight"].as_u64()).collect();
    assert_eq!((weights.len(), weights.iter().sum::<u64>()), (21, 36));
}
