//! Puzzles on the play screen (`mancala puzzle` in a terminal): the solver's moves are the
//! person's, the [`PuzzleOpponent`] plays the solution's replies and, after a wrong move, its
//! refutation ([`mancala_puzzles::refute`]). [`Session`] follows one puzzle at a time (solving,
//! solved, refuted, solution shown) and keeps the player's puzzle rating and streaks in the
//! user's data directory ([`Record`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::Side;
use mancala_i18n::{tr, Catalog};
use mancala_puzzles::{Claim, Ending, Puzzle, Refutation};
use serde_json::{json, Value};

use super::opponent::{Hint, Opponent};
use super::text::side_name;

/// A puzzle rating's start.
pub const START_RATING: i32 = 1500;
/// A puzzle rating's starting deviation.
pub const START_RD: i32 = 350;
/// The deviation a puzzle's own rating is taken to have.
const PUZZLE_RD: f64 = 80.0;
/// The smallest deviation a player's rating keeps.
const MIN_RD: f64 = 60.0;
/// The next puzzle is one of this many unseen puzzles nearest the player's rating.
const NEAREST: usize = 8;

/// The player's puzzle record, kept between sessions (`puzzles.json` in the data directory).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The puzzle rating (Glicko-1).
    pub rating: i32,
    /// Its deviation.
    pub rd: i32,
    /// Puzzles tried.
    pub played: u32,
    /// Puzzles solved at the first try.
    pub solved: u32,
    /// Puzzles solved in a row at the first try without a hint.
    pub streak: u32,
    /// The longest such streak.
    pub best: u32,
    /// The score of each puzzle tried (1, 0.5 after a hint, 0), by id.
    pub seen: BTreeMap<String, f64>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            rating: START_RATING,
            rd: START_RD,
            played: 0,
            solved: 0,
            streak: 0,
            best: 0,
            seen: BTreeMap::new(),
        }
    }
}

impl Record {
    /// Reads the record at `path`; a missing or unreadable file gives a fresh record.
    #[must_use]
    pub fn load(path: Option<&Path>) -> Record {
        path.and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .map_or_else(Record::default, |v| Record::from_json(&v))
    }

    /// The record of a JSON object (missing or bad fields take their start values).
    fn from_json(v: &Value) -> Record {
        let start = Record::default();
        let int = |k: &str, d: i64| v.get(k).and_then(Value::as_i64).unwrap_or(d);
        let count = |k: &str| u32::try_from(int(k, 0)).unwrap_or(0);
        Record {
            rating: i32::try_from(int("rating", start.rating.into())).unwrap_or(start.rating),
            rd: i32::try_from(int("rd", start.rd.into())).unwrap_or(start.rd),
            played: count("played"),
            solved: count("solved"),
            streak: count("streak"),
            best: count("best"),
            seen: v
                .get("seen")
                .and_then(Value::as_object)
                .map(|m| {
                    m.iter()
                        .filter_map(|(id, s)| Some((id.clone(), s.as_f64()?)))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "rating": self.rating, "rd": self.rd, "played": self.played, "solved": self.solved,
            "streak": self.streak, "best": self.best, "seen": self.seen,
        })
    }

    /// Writes the record to `path`.
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, serde_json::to_string_pretty(&self.to_json())?)?;
        Ok(())
    }

    /// Scores a puzzle rated `puzzle` (1 solved, 0.5 solved after a hint, 0 not): one Glicko-1
    /// step; returns the rating's change.
    pub fn score(&mut self, id: &str, puzzle: u32, score: f64) -> i32 {
        let (r, rd) = glicko(
            f64::from(self.rating),
            f64::from(self.rd),
            f64::from(puzzle),
            score,
        );
        let delta = r - self.rating;
        self.rating = r;
        self.rd = rd;
        self.played += 1;
        if score >= 1.0 {
            self.solved += 1;
            self.streak += 1;
            self.best = self.best.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.seen.insert(id.to_string(), score);
        delta
    }

    /// "your rating 1532 · streak 3 (best 5) · solved 7 of 9", in `cat`'s language.
    #[must_use]
    pub fn summary(&self, cat: &Catalog) -> String {
        let provisional = if self.rd > 110 { "?" } else { "" };
        tr!(
            cat,
            "cli-puzzle-record",
            rating = format!("{}{provisional}", self.rating),
            streak = self.streak.to_string(),
            best = self.best.to_string(),
            solved = self.solved.to_string(),
            played = self.played.to_string()
        )
    }
}

/// One Glicko-1 rating period with a single game: `(r, rd)` against `opp` scoring `s`.
fn glicko(r: f64, rd: f64, opp: f64, s: f64) -> (i32, i32) {
    let q = std::f64::consts::LN_10 / 400.0;
    let pi2 = std::f64::consts::PI * std::f64::consts::PI;
    let g = 1.0 / (1.0 + 3.0 * q * q * PUZZLE_RD * PUZZLE_RD / pi2).sqrt();
    let e = 1.0 / (1.0 + 10f64.powf(-g * (r - opp) / 400.0));
    let d2 = 1.0 / (q * q * g * g * e * (1.0 - e));
    let inv = 1.0 / (rd * rd) + 1.0 / d2;
    let r2 = r + q / inv * g * (s - e);
    let rd2 = (1.0 / inv).sqrt().max(MIN_RD);
    (r2.round() as i32, rd2.round() as i32)
}

/// The record file: `$XDG_DATA_HOME/mancala/puzzles.json`, else
/// `~/.local/share/mancala/puzzles.json`.
#[must_use]
pub fn record_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|d| d.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("mancala").join("puzzles.json"))
}

/// Where the person stands in the current puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Looking for the next solver's move.
    Solving,
    /// A wrong move was played and refuted: `u` goes back.
    Refuted,
    /// Solved.
    Solved,
    /// The solution was shown.
    Shown,
}

/// The defender: the solution's replies, else the refutation of the wrong move just played.
pub struct PuzzleOpponent {
    puzzle: &'static Puzzle,
    /// The language of its hints.
    cat: &'static Catalog,
    /// The refutation's reply, worked out when the wrong move was played.
    next: Arc<Mutex<Option<String>>>,
}

impl Opponent for PuzzleOpponent {
    fn describe(&self, _level: u8, cat: &mancala_i18n::Catalog) -> String {
        mancala_i18n::tr!(
            cat,
            "cli-puzzle-opponent",
            id = self.puzzle.id.as_str(),
            rating = self.puzzle.rating
        )
    }

    fn choose(&mut self, game: &AnyGame, _level: u8) -> Option<String> {
        let moves = game.moves();
        if let Some(mv) = self.next.lock().ok().and_then(|mut n| n.take()) {
            return Some(mv);
        }
        if self.puzzle.solution.starts_with(&moves) {
            if let Some(mv) = self.puzzle.solution.get(moves.len()) {
                return Some(mv.clone());
            }
        }
        mancala_puzzles::refute(self.puzzle, &moves)
            .ok()
            .and_then(|r| r.reply)
            .or_else(|| game.state().legal.first().cloned())
    }

    fn hint(&mut self, game: &AnyGame) -> Result<Hint, String> {
        let moves = game.moves();
        let p = self.puzzle;
        match p.solution.get(moves.len()) {
            Some(mv) if p.solution.starts_with(&moves) => Ok(Hint {
                mv: mv.clone(),
                value: Some(tr!(
                    self.cat,
                    "cli-puzzle-theme",
                    themes = p.themes.join(", ")
                )),
            }),
            _ => Err(tr!(self.cat, "cli-puzzle-off-line")),
        }
    }
}

/// What a solver's move did.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The solution's move; the line goes on.
    Right,
    /// The solution's last move: solved (the rating's change, if this try counted).
    Solved(Option<i32>),
    /// Not the solution's move: its refutation (and the rating's change, if it counted).
    Wrong(Box<Refutation>, Option<i32>),
    /// No move is taken now (solved, refuted or shown): why, in the session's language.
    Closed(String),
}

/// The puzzles of one preset, the current one, and the player's record.
pub struct Session {
    pool: Vec<&'static Puzzle>,
    puzzle: &'static Puzzle,
    solver: Side,
    status: Status,
    /// Whether this puzzle's first try has been scored.
    rated: bool,
    hinted: bool,
    record: Record,
    path: Option<PathBuf>,
    next: Arc<Mutex<Option<String>>>,
    /// The language of its texts.
    cat: &'static Catalog,
}

impl Session {
    /// A session on `puzzle` (one of `pool`, the preset's puzzles), keeping the record at `path`,
    /// speaking `cat`'s language.
    pub fn new(
        pool: Vec<&'static Puzzle>,
        puzzle: &'static Puzzle,
        path: Option<PathBuf>,
        cat: &'static Catalog,
    ) -> anyhow::Result<(Session, AnyGame, Box<dyn Opponent>)> {
        let record = Record::load(path.as_deref());
        let mut s = Session {
            pool,
            puzzle,
            solver: Side::South,
            status: Status::Solving,
            rated: false,
            hinted: false,
            record,
            path,
            next: Arc::new(Mutex::new(None)),
            cat,
        };
        let (game, opponent) = s.open(puzzle)?;
        Ok((s, game, opponent))
    }

    /// Sets up `puzzle`: its game and its defender.
    pub fn open(
        &mut self,
        puzzle: &'static Puzzle,
    ) -> anyhow::Result<(AnyGame, Box<dyn Opponent>)> {
        let game = Variant::from_name(&puzzle.variant)?.new_game(&[], Some(&puzzle.position))?;
        self.solver = game.state().to_move.ok_or_else(|| {
            anyhow::anyhow!("{} ({})", tr!(self.cat, "cli-puzzle-over"), puzzle.id)
        })?;
        self.puzzle = puzzle;
        self.status = Status::Solving;
        self.rated = self.record.seen.contains_key(&puzzle.id);
        self.hinted = false;
        self.next = Arc::new(Mutex::new(None));
        let opponent = PuzzleOpponent {
            puzzle,
            cat: self.cat,
            next: Arc::clone(&self.next),
        };
        Ok((game, Box::new(opponent)))
    }

    /// The next puzzle: an unseen one near the player's rating (any once all are seen).
    #[must_use]
    pub fn next_puzzle(&self, seed: u64) -> &'static Puzzle {
        let unseen: Vec<&'static Puzzle> = self
            .pool
            .iter()
            .copied()
            .filter(|p| !self.record.seen.contains_key(&p.id) && p.id != self.puzzle.id)
            .collect();
        let mut pool = if unseen.is_empty() {
            self.pool.clone()
        } else {
            unseen
        };
        let r = i64::from(self.record.rating);
        pool.sort_by_key(|p| (i64::from(p.rating) - r).abs());
        pool.truncate(NEAREST);
        let len = pool.len().max(1) as u64;
        pool.get((seed % len) as usize)
            .copied()
            .unwrap_or(self.puzzle)
    }

    /// The current puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &'static Puzzle {
        self.puzzle
    }

    /// The side the person plays.
    #[must_use]
    pub fn solver(&self) -> Side {
        self.solver
    }

    /// Where the person stands.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The player's record.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// What the puzzle asks, e.g. "South to play and win by 4".
    #[must_use]
    pub fn task(&self) -> String {
        task(self.cat, self.puzzle, self.solver)
    }

    /// The language of the session's texts.
    #[must_use]
    pub fn cat(&self) -> &'static Catalog {
        self.cat
    }

    /// The player's record in words ([`Record::summary`]).
    #[must_use]
    pub fn summary(&self) -> String {
        self.record.summary(self.cat)
    }

    fn score(&mut self, score: f64) -> Option<i32> {
        if self.rated {
            return None;
        }
        self.rated = true;
        let delta = self
            .record
            .score(&self.puzzle.id, self.puzzle.rating, score);
        if let Some(path) = &self.path {
            // The record is a convenience: a failure to write it does not stop the puzzle.
            let _ = self.record.save(path);
        }
        Some(delta)
    }

    /// Judges the person's move `mv` after `moves` (the moves played from the puzzle's
    /// position); the caller plays it unless [`Verdict::Closed`].
    pub fn judge(&mut self, moves: &[String], mv: &str) -> Verdict {
        match self.status {
            Status::Solving => {}
            Status::Refuted => return Verdict::Closed(tr!(self.cat, "cli-puzzle-refuted")),
            Status::Solved | Status::Shown => {
                return Verdict::Closed(tr!(self.cat, "cli-puzzle-done"))
            }
        }
        let p = self.puzzle;
        let k = moves.len();
        if p.solution.get(k).map(String::as_str) == Some(mv) && p.solution.starts_with(moves) {
            if k + 1 >= p.solution.len() {
                self.status = Status::Solved;
                let score = if self.hinted { 0.5 } else { 1.0 };
                return Verdict::Solved(self.score(score));
            }
            return Verdict::Right;
        }
        let mut line = moves.to_vec();
        line.push(mv.to_string());
        match mancala_puzzles::refute(p, &line) {
            Ok(r) => {
                self.status = Status::Refuted;
                if let Ok(mut n) = self.next.lock() {
                    n.clone_from(&r.reply);
                }
                let delta = self.score(0.0);
                Verdict::Wrong(Box::new(r), delta)
            }
            Err(e) => Verdict::Closed(
                if matches!(e, mancala_puzzles::RefuteError::Illegal { .. }) {
                    tr!(self.cat, "cli-puzzle-illegal")
                } else {
                    tr!(self.cat, "cli-puzzle-off-line")
                },
            ),
        }
    }

    /// The person went back (undo): after a refutation, the puzzle goes on.
    pub fn back(&mut self) {
        if self.status == Status::Refuted {
            self.status = Status::Solving;
        }
        if let Ok(mut n) = self.next.lock() {
            *n = None;
        }
    }

    /// A hint was asked for: a solve now scores ½.
    pub fn hinted(&mut self) {
        self.hinted = true;
    }

    /// The solution is shown: the try counts as failed.
    pub fn show(&mut self) -> Option<i32> {
        self.status = Status::Shown;
        self.score(0.0)
    }
}

/// What `puzzle` asks of `solver`, e.g. "South to play and win by 4", in `cat`'s language.
#[must_use]
pub fn task(cat: &Catalog, puzzle: &Puzzle, solver: Side) -> String {
    let goal = match (puzzle.horizon, puzzle.goal.as_str(), puzzle.margin) {
        (Some(n), _, _) => tr!(cat, "cli-puzzle-goal-forced", plies = n.to_string()),
        (None, "draw", _) => tr!(cat, "cli-puzzle-goal-draw"),
        (None, _, m) if m > 0 => tr!(cat, "cli-puzzle-goal-margin", margin = m.to_string()),
        _ => tr!(cat, "cli-puzzle-goal-win"),
    };
    tr!(
        cat,
        "cli-puzzle-task",
        side = side_name(cat, solver),
        goal = goal
    )
}

/// Why the wrong move of refutation `r` is wrong (its `why`), in `cat`'s language.
#[must_use]
pub fn why(cat: &Catalog, r: &Refutation) -> String {
    let seeds = |n: u32| tr!(cat, "cli-seeds", count = n);
    let answer = match (r.ending, r.reply.as_deref()) {
        (Some(Ending::Win), _) => tr!(cat, "cli-puzzle-ends-win"),
        (Some(Ending::Loss), _) => tr!(cat, "cli-puzzle-ends-loss"),
        (Some(Ending::Draw), _) => tr!(cat, "cli-puzzle-ends-draw"),
        (None, reply) => {
            let side = side_name(cat, r.defender);
            let reply = reply.unwrap_or_default();
            if r.reply_captured == 0 {
                tr!(cat, "cli-puzzle-answers", side = side, reply = reply)
            } else {
                tr!(
                    cat,
                    "cli-puzzle-answers-capturing",
                    side = side,
                    reply = reply,
                    seeds = seeds(r.reply_captured)
                )
            }
        }
    };
    let best = r.best.as_str();
    let claim = match r.claim {
        Claim::WithinPlies(n) => tr!(
            cat,
            "cli-puzzle-only-forced",
            best = best,
            plies = n.to_string()
        ),
        Claim::WinsBy(m) => tr!(
            cat,
            "cli-puzzle-only-margin",
            best = best,
            margin = m.to_string()
        ),
        Claim::Wins => tr!(cat, "cli-puzzle-only-win", best = best),
        Claim::HoldsDraw => tr!(cat, "cli-puzzle-only-draw", best = best),
        Claim::Best => tr!(cat, "cli-puzzle-only-best", best = best),
    };
    if r.captured == 0 {
        tr!(cat, "cli-puzzle-why", answer = answer, claim = claim)
    } else {
        tr!(
            cat,
            "cli-puzzle-why-took",
            mv = r.mv.as_str(),
            seeds = seeds(r.captured),
            answer = answer,
            claim = claim
        )
    }
}
