//! FIDE's Tournament Report File, the 2016 format (TRF16): read and write.
//!
//! The records used: `012` the tournament's name, `XXR` the number of rounds, `XXC` the
//! initial colour (`white1` or `black1`: the colour of the top seed in round 1), and `001` one
//! line per player with fixed columns:
//!
//! | columns | field |
//! | --- | --- |
//! | 1–3 | `001` |
//! | 5–8 | start number |
//! | 10 | sex |
//! | 11–13 | title |
//! | 15–47 | name |
//! | 49–52 | rating |
//! | 54–56 | federation |
//! | 58–68 | identifier |
//! | 70–79 | birth date |
//! | 81–84 | points |
//! | 86–89 | rank |
//!
//! then, for round `r`, columns `92 + 10(r − 1)` onwards: the opponent's start number (4
//! columns, `0000` for none), the colour (`w`, `b` or `-`) and the result (`1`, `=`, `0`; `+`
//! and `-` for forfeits; `W`, `D`, `L` for unrated games, read as `1`, `=`, `0`; and, against
//! `0000`, the byes `U` pairing-allocated, `H` half-point, `F` full-point, `Z` zero-point). A
//! blank block is a round the player was not in; the writer marks such rounds `0000 - Z`, and
//! a withdrawn player's next round too, so that other pairing programs leave him out. Other
//! records are kept as they are and written back.
//!
//! Without an `XXC` line the initial colour is taken from the first round: the colour of the
//! higher-ranked player of its first game, reversed when his start number is even (the
//! allocation rule E.5), which is the top seed's colour when he played. Byes entered for the
//! round after the last one with games are the next round's requested byes.

use std::fmt::Write as _;

use crate::{
    Bye, ByeKind, Color, Entry, Format, GameResult, Pairing, Player, PlayerInfo, Round, Tournament,
};

/// A TRF file that cannot be read: what is wrong, and where (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, column: usize, message: impl Into<String>) -> TrfError {
    TrfError {
        line,
        column,
        message: message.into(),
    }
}

/// One round block of a player line.
#[derive(Debug, Clone, Copy)]
struct Block {
    opponent: u32,
    color: char,
    result: char,
    column: usize,
}

struct PlayerLine {
    line: usize,
    player: Player,
    blocks: Vec<Option<Block>>,
}

/// Reads a TRF file given as bytes (UTF-8, or Latin-1 when it is not valid UTF-8).
pub fn read_bytes(bytes: &[u8]) -> Result<Tournament, TrfError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read(text),
        Err(_) => read(&bytes.iter().map(|&b| b as char).collect::<String>()),
    }
}

/// Reads a TRF file (a Swiss tournament; set [`Tournament::format`] for a round robin).
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::new("", Format::Swiss, 0);
    let mut lines: Vec<PlayerLine> = Vec::new();
    let mut xxc: Option<Color> = None;
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let chars: Vec<char> = raw.trim_end_matches(['\r', '\u{1a}']).chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            continue;
        }
        if chars.len() < 3 {
            return Err(err(ln, 1, "a record starts with a three-character code"));
        }
        let code: String = chars[..3].iter().collect();
        let rest: String = chars[3..].iter().collect::<String>().trim().to_string();
        match code.as_str() {
            "001" => lines.push(player_line(ln, &chars)?),
            "012" => t.name = rest,
            "XXR" => {
                t.planned_rounds = rest.parse().map_err(|_| {
                    err(
                        ln,
                        5,
                        format!("XXR needs the number of rounds, not {rest:?}"),
                    )
                })?;
            }
            "XXC" => {
                xxc = Some(match rest.split_whitespace().next().unwrap_or("") {
                    "white1" | "w1" | "white" => Color::White,
                    "black1" | "b1" | "black" => Color::Black,
                    other => {
                        return Err(err(
                            ln,
                            5,
                            format!("XXC expects white1 or black1, not {other:?}"),
                        ))
                    }
                });
            }
            _ => t.trf_header.push(chars.iter().collect()),
        }
    }
    // Start numbers 1..=n.
    lines.sort_by_key(|l| l.player.start_number);
    for (i, l) in lines.iter().enumerate() {
        if l.player.start_number != i as u32 + 1 {
            let what = if i > 0 && lines[i - 1].player.start_number == l.player.start_number {
                format!("start number {} is given twice", l.player.start_number)
            } else {
                format!(
                    "start numbers must run from 1 to {} without gaps: {} is missing",
                    lines.len(),
                    i + 1
                )
            };
            return Err(err(l.line, 5, what));
        }
    }
    let n = lines.len();
    let nrounds = lines.iter().map(|l| l.blocks.len()).max().unwrap_or(0);
    // The last round with a game.
    let last_game = (0..nrounds)
        .rev()
        .find(|&r| {
            lines.iter().any(|l| {
                l.blocks
                    .get(r)
                    .copied()
                    .flatten()
                    .is_some_and(|b| b.opponent != 0)
            })
        })
        .map(|r| r + 1)
        .unwrap_or(0);
    for r in 0..nrounds {
        let mut round = Round::default();
        for l in &lines {
            let Some(b) = l.blocks.get(r).copied().flatten() else {
                continue;
            };
            let me = l.player.start_number;
            if b.opponent == 0 {
                let kind = match b.result {
                    'U' => ByeKind::PairingAllocated,
                    'H' | '=' | 'D' => ByeKind::Half,
                    'F' | '+' | 'W' | '1' => ByeKind::Full,
                    'Z' | '-' | '0' | 'L' => ByeKind::Zero,
                    ' ' => continue,
                    c => {
                        return Err(err(
                            l.line,
                            b.column + 7,
                            format!("{c:?} is not a bye code (U, H, F, Z, +, -)"),
                        ))
                    }
                };
                round.byes.push(Bye { player: me, kind });
                continue;
            }
            if b.opponent as usize > n {
                return Err(err(
                    l.line,
                    b.column,
                    format!("round {}: no player has start number {}", r + 1, b.opponent),
                ));
            }
            if b.opponent == me {
                return Err(err(
                    l.line,
                    b.column,
                    format!("round {}: paired with himself", r + 1),
                ));
            }
            let other = &lines[b.opponent as usize - 1];
            let back = other.blocks.get(r).copied().flatten();
            let Some(ob) = back.filter(|ob| ob.opponent == me) else {
                return Err(err(
                    l.line,
                    b.column,
                    format!(
                        "round {}: player {} does not name {me} as his opponent",
                        r + 1,
                        b.opponent
                    ),
                ));
            };
            let my_color = match b.color {
                'w' | 'W' => Color::White,
                'b' | 'B' => Color::Black,
                c => {
                    return Err(err(
                        l.line,
                        b.column + 5,
                        format!("round {}: colour {c:?} for a game (w or b)", r + 1),
                    ))
                }
            };
            let their_color = match ob.color {
                'w' | 'W' => Color::White,
                'b' | 'B' => Color::Black,
                _ => my_color.opposite(),
            };
            if their_color == my_color {
                return Err(err(
                    l.line,
                    b.column + 5,
                    format!("round {}: both players have the same colour", r + 1),
                ));
            }
            if my_color == Color::Black {
                continue;
            }
            let result = match (b.result, ob.result) {
                ('1' | 'W', '0' | 'L' | ' ') => Some(GameResult::SouthWins),
                ('0' | 'L', '1' | 'W' | ' ') => Some(GameResult::NorthWins),
                ('=' | 'D', '=' | 'D' | ' ') => Some(GameResult::Draw),
                ('+', '-' | ' ') => Some(GameResult::SouthWinsByForfeit),
                ('-', '+') => Some(GameResult::NorthWinsByForfeit),
                ('-', '-' | ' ') => Some(GameResult::DoubleForfeit),
                (' ', ' ') => None,
                (' ', c) => match c {
                    '1' | 'W' => Some(GameResult::NorthWins),
                    '0' | 'L' => Some(GameResult::SouthWins),
                    '=' | 'D' => Some(GameResult::Draw),
                    '+' => Some(GameResult::NorthWinsByForfeit),
                    '-' => Some(GameResult::SouthWinsByForfeit),
                    _ => {
                        return Err(err(
                            other.line,
                            ob.column + 7,
                            format!("round {}: {c:?} is not a result", r + 1),
                        ))
                    }
                },
                (a, c) => {
                    return Err(err(
                        l.line,
                        b.column + 7,
                        format!(
                            "round {}: result {a:?} against player {}'s {c:?} does not add up",
                            r + 1,
                            b.opponent
                        ),
                    ))
                }
            };
            round.pairings.push(Pairing {
                south: me,
                north: b.opponent,
                result,
            });
        }
        if r < last_game {
            t.rounds.push(round);
        } else if r == last_game {
            t.requested_byes = round.byes;
        }
    }
    t.players = lines.into_iter().map(|l| l.player).collect();
    // Board order: the higher score of the pair before the round, then the higher rank.
    let mut ordered = t.clone();
    for r in 0..ordered.rounds.len() {
        let mut before = ordered.clone();
        before.rounds.truncate(r);
        let pts = before.points();
        let score = |id: u32| pts.get(id as usize).copied().unwrap_or(0.0);
        ordered.rounds[r].pairings.sort_by(|a, b| {
            let ka = score(a.south).max(score(a.north));
            let kb = score(b.south).max(score(b.north));
            kb.total_cmp(&ka)
                .then(a.south.min(a.north).cmp(&b.south.min(b.north)))
        });
    }
    t.rounds = ordered.rounds;
    t.initial_color = xxc.unwrap_or_else(|| infer_initial_color(&t));
    Ok(t)
}

/// The initial colour implied by the first round (see the module docs).
fn infer_initial_color(t: &Tournament) -> Color {
    let Some(first) = t.rounds.first() else {
        return Color::White;
    };
    let Some(p) = first.pairings.iter().min_by_key(|p| p.south.min(p.north)) else {
        return Color::White;
    };
    let (hi, hi_color) = if p.south < p.north {
        (p.south, Color::White)
    } else {
        (p.north, Color::Black)
    };
    if hi % 2 == 1 {
        hi_color
    } else {
        hi_color.opposite()
    }
}

fn field(chars: &[char], from: usize, to: usize) -> String {
    // 1-based inclusive columns.
    let a = (from - 1).min(chars.len());
    let b = to.min(chars.len());
    chars[a..b].iter().collect::<String>().trim().to_string()
}

fn player_line(ln: usize, chars: &[char]) -> Result<PlayerLine, TrfError> {
    let number = field(chars, 5, 8);
    let start_number: u32 = number.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
        err(
            ln,
            5,
            format!("start number {number:?} is not a positive number"),
        )
    })?;
    let rating_text = field(chars, 49, 52);
    let rating = if rating_text.is_empty() {
        0
    } else {
        rating_text
            .parse()
            .map_err(|_| err(ln, 49, format!("rating {rating_text:?} is not a number")))?
    };
    let player = Player {
        start_number,
        name: field(chars, 15, 47),
        rating,
        withdrawn: false,
        info: PlayerInfo {
            sex: field(chars, 10, 10),
            title: field(chars, 11, 13),
            federation: field(chars, 54, 56),
            id: field(chars, 58, 68),
            birth: field(chars, 70, 79),
        },
    };
    let mut blocks = Vec::new();
    let mut col = 92; // 1-based column of the round's opponent.
    while col <= chars.len() {
        let block: String = chars[col - 1..(col + 7).min(chars.len())].iter().collect();
        if block.trim().is_empty() {
            blocks.push(None);
            col += 10;
            continue;
        }
        let at = |k: usize| chars.get(col - 1 + k).copied().unwrap_or(' ');
        let opp: String = (0..4).map(at).collect();
        let opp_trim = opp.trim();
        let opponent: u32 = if opp_trim.is_empty() {
            0
        } else {
            opp_trim.parse().map_err(|_| {
                err(
                    ln,
                    col,
                    format!(
                        "round {}: opponent {opp:?} is not a number",
                        blocks.len() + 1
                    ),
                )
            })?
        };
        blocks.push(Some(Block {
            opponent,
            color: at(5),
            result: at(7),
            column: col,
        }));
        col += 10;
    }
    while blocks.last().is_some_and(|b| b.is_none()) {
        blocks.pop();
    }
    Ok(PlayerLine {
        line: ln,
        player,
        blocks,
    })
}

/// Writes the tournament as a TRF16 file.
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", t.name);
    for h in &t.trf_header {
        let _ = writeln!(out, "{h}");
    }
    if t.planned_rounds > 0 || !matches!(t.format, Format::Swiss) {
        let _ = writeln!(out, "XXR {}", t.total_rounds());
    }
    let _ = writeln!(
        out,
        "XXC {}",
        match t.initial_color {
            Color::White => "white1",
            Color::Black => "black1",
        }
    );
    let entries = t.entries();
    let points = t.points();
    let standings = t.standings();
    let mut rank = vec![0u32; t.players.len() + 1];
    for s in &standings {
        rank[s.start_number as usize] = s.rank;
    }
    for p in &t.players {
        let id = p.start_number as usize;
        let name: String = p.name.chars().take(33).collect();
        // The next round's byes: requested ones, and withdrawn players (not to be paired).
        let next = t.requested_byes.iter().find(|b| b.player == p.start_number);
        let next_code = match next {
            Some(b) => Some(b.kind.code()),
            None if p.withdrawn && (t.rounds.len() as u32) < t.total_rounds() => Some('Z'),
            None => None,
        };
        // The points of every entry on the line, a requested bye's included (pairing programs
        // check the column against the entries).
        let line_points =
            points[id] + next.map_or(0.0, |b| t.half_points_of(Entry::Bye(b.kind)) as f64 / 2.0);
        let mut line = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4.1} {:>4}",
            p.start_number,
            trunc(&p.info.sex, 1),
            trunc(&p.info.title, 3),
            name,
            if p.rating > 0 {
                p.rating.to_string()
            } else {
                String::new()
            },
            trunc(&p.info.federation, 3),
            trunc(&p.info.id, 11),
            trunc(&p.info.birth, 10),
            line_points,
            rank[id],
        );
        for (r, e) in entries[id].iter().enumerate() {
            let block = match *e {
                Entry::Game {
                    opponent, color, ..
                } => {
                    let result = t.rounds[r]
                        .pairings
                        .iter()
                        .find(|g| g.south == p.start_number || g.north == p.start_number)
                        .and_then(|g| g.result);
                    let south = color == Color::White;
                    let code = match result {
                        None => ' ',
                        Some(GameResult::Draw) => '=',
                        Some(GameResult::DoubleForfeit) => '-',
                        Some(res) => {
                            let (hs, _) = res.half_points();
                            let won = (hs == 2) == south;
                            match (won, res.played()) {
                                (true, true) => '1',
                                (false, true) => '0',
                                (true, false) => '+',
                                (false, false) => '-',
                            }
                        }
                    };
                    let c = if south { 'w' } else { 'b' };
                    format!("  {opponent:>4} {c} {code}")
                }
                Entry::Bye(kind) => format!("  0000 - {}", kind.code()),
                // Not in the round (registered later, withdrawn): a zero-point bye, which is
                // how pairing programs know not to count the player as present.
                Entry::Absent => "  0000 - Z".to_string(),
            };
            line.push_str(&block);
        }
        if let Some(code) = next_code {
            let _ = write!(line, "  0000 - {code}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

fn trunc(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
