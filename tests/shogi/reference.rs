//! A naive, independent move generator for standard shogi, written from the rules
//! (docs/rules/shogi.md) and not from `src/`: attacks walked square by square, legality by
//! trying every move on a copy, pawn-drop mate by searching the replies. Only the board and the
//! hands are read from the engine's position (`Naive::of`).

use tetsugaku::variants::shogi::Shogi;
use tetsugaku::variants::shogi_core::piece::Kind;
use tetsugaku::{Game, Side};

type Cells = [[Option<(Side, Kind)>; 9]; 9];

/// A shogi position as the naive generator holds it: cells, hands and the side to move.
#[derive(Clone)]
pub struct Naive {
    /// `cells[file - 1][rank index]`.
    cells: Cells,
    hands: [[u8; 7]; 2],
    side: Side,
}

/// Steps `(file step, rank step, slides)` for Black; White mirrors the rank step. A file step of
/// +1 goes towards file 9, a rank step of -1 towards rank a (Black's forward).
fn steps(kind: Kind) -> Vec<(i32, i32, bool)> {
    let gold = vec![(-1, -1, false), (0, -1, false), (1, -1, false), (-1, 0, false), (1, 0, false), (0, 1, false)];
    let king = vec![
        (-1, -1, false),
        (0, -1, false),
        (1, -1, false),
        (-1, 0, false),
        (1, 0, false),
        (-1, 1, false),
        (0, 1, false),
        (1, 1, false),
    ];
    let diagonal = |slide| vec![(-1, -1, slide), (1, -1, slide), (-1, 1, slide), (1, 1, slide)];
    let straight = |slide| vec![(0, -1, slide), (0, 1, slide), (-1, 0, slide), (1, 0, slide)];
    match kind {
        Kind::Pawn => vec![(0, -1, false)],
        Kind::Lance => vec![(0, -1, true)],
        Kind::Knight => vec![(-1, -2, false), (1, -2, false)],
        Kind::Silver => vec![(-1, -1, false), (0, -1, false), (1, -1, false), (-1, 1, false), (1, 1, false)],
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => gold,
        Kind::King => king,
        Kind::Bishop => diagonal(true),
        Kind::Rook => straight(true),
        Kind::Horse => [diagonal(true), straight(false)].concat(),
        Kind::Dragon => [straight(true), diagonal(false)].concat(),
    }
}

fn name(file: usize, rank: usize) -> String {
    format!("{}{}", file + 1, (b'a' + rank as u8) as char)
}

/// Ranks from `side`'s far edge: 0 = the last rank.
fn depth_for(side: Side, rank: usize) -> usize {
    match side {
        Side::First => rank,
        Side::Second => 8 - rank,
    }
}

fn hand_index(kind: Kind) -> usize {
    Kind::IN_HAND.iter().position(|&k| k == kind).expect("a hand kind")
}

impl Naive {
    /// The naive copy of the engine's position `position`.
    pub fn of(position: &Shogi) -> Naive {
        let board = position.board();
        let mut cells: Cells = [[None; 9]; 9];
        for (file, column) in cells.iter_mut().enumerate() {
            for (rank, cell) in column.iter_mut().enumerate() {
                *cell = board.piece_at(file * 9 + rank).map(|p| (p.side, p.kind));
            }
        }
        let mut hands = [[0; 7]; 2];
        for side in Side::ALL {
            for kind in Kind::IN_HAND {
                hands[side.index()][hand_index(kind)] = board.hand(side).count(kind);
            }
        }
        Naive { cells, hands, side: position.side() }
    }

    /// The squares the piece on `(file, rank)` attacks.
    fn targets(&self, file: usize, rank: usize) -> Vec<(usize, usize)> {
        let Some((side, kind)) = self.cells[file][rank] else { return Vec::new() };
        let mut out = Vec::new();
        for (df, dr, slides) in steps(kind) {
            let dr = if side == Side::First { dr } else { -dr };
            let (mut f, mut r) = (file as i32 + df, rank as i32 + dr);
            while (0..9).contains(&f) && (0..9).contains(&r) {
                out.push((f as usize, r as usize));
                if !slides || self.cells[f as usize][r as usize].is_some() {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    fn attacked(&self, square: (usize, usize), by: Side) -> bool {
        (0..9).any(|f| {
            (0..9).any(|r| matches!(self.cells[f][r], Some((s, _)) if s == by) && self.targets(f, r).contains(&square))
        })
    }

    fn king(&self, side: Side) -> (usize, usize) {
        for f in 0..9 {
            for r in 0..9 {
                if self.cells[f][r] == Some((side, Kind::King)) {
                    return (f, r);
                }
            }
        }
        panic!("no King")
    }

    /// Every move by the rules of piece movement, promotion and drops (nifu, dead pieces), with
    /// the position after it; King safety and pawn-drop mate are left to the caller.
    fn candidates(&self) -> Vec<(String, Naive)> {
        let us = self.side;
        let mut out = Vec::new();
        for file in 0..9 {
            for rank in 0..9 {
                let Some((side, kind)) = self.cells[file][rank] else { continue };
                if side != us {
                    continue;
                }
                for (tf, tr) in self.targets(file, rank) {
                    if matches!(self.cells[tf][tr], Some((s, _)) if s == us) {
                        continue;
                    }
                    let promotable = matches!(
                        kind,
                        Kind::Pawn | Kind::Lance | Kind::Knight | Kind::Silver | Kind::Bishop | Kind::Rook
                    );
                    let in_zone = depth_for(us, rank) < 3 || depth_for(us, tr) < 3;
                    let dead = match kind {
                        Kind::Pawn | Kind::Lance => depth_for(us, tr) < 1,
                        Kind::Knight => depth_for(us, tr) < 2,
                        _ => false,
                    };
                    for promote in [false, true] {
                        if (promote && !(promotable && in_zone)) || (!promote && dead) {
                            continue;
                        }
                        let mut next = self.clone();
                        if let Some((_, captured)) = next.cells[tf][tr] {
                            next.hands[us.index()][hand_index(captured.unpromoted())] += 1;
                        }
                        next.cells[file][rank] = None;
                        next.cells[tf][tr] = Some((us, if promote { kind.promoted() } else { kind }));
                        next.side = us.opponent();
                        let token = format!("{}{}{}", name(file, rank), name(tf, tr), if promote { "+" } else { "" });
                        out.push((token, next));
                    }
                }
            }
        }
        for kind in Kind::IN_HAND {
            if self.hands[us.index()][hand_index(kind)] == 0 {
                continue;
            }
            for file in 0..9 {
                let nifu = kind == Kind::Pawn && (0..9).any(|r| self.cells[file][r] == Some((us, Kind::Pawn)));
                for rank in 0..9 {
                    let dead = match kind {
                        Kind::Pawn | Kind::Lance => depth_for(us, rank) < 1,
                        Kind::Knight => depth_for(us, rank) < 2,
                        _ => false,
                    };
                    if nifu || dead || self.cells[file][rank].is_some() {
                        continue;
                    }
                    let mut next = self.clone();
                    next.hands[us.index()][hand_index(kind)] -= 1;
                    next.cells[file][rank] = Some((us, kind));
                    next.side = us.opponent();
                    out.push((format!("{}*{}", kind.letter(), name(file, rank)), next));
                }
            }
        }
        out
    }

    /// The moves that do not leave the mover's King attacked.
    fn safe_moves(&self) -> Vec<(String, Naive)> {
        let us = self.side;
        self.candidates().into_iter().filter(|(_, next)| !next.attacked(next.king(us), us.opponent())).collect()
    }

    /// The legal moves: safe, and no pawn drop that checks and leaves no safe reply.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .safe_moves()
            .into_iter()
            .filter(|(token, next)| {
                let checks = next.attacked(next.king(next.side), self.side);
                !(token.starts_with("P*") && checks && next.safe_moves().is_empty())
            })
            .map(|(token, _)| token)
            .collect();
        moves.sort();
        moves
    }
}
