//! A Swiss or round-robin tournament as a director (or a server) runs it.

use crate::dutch::{self, DutchOptions, DutchPlayer, Float};
use crate::tiebreak::{self, Tiebreak};
use crate::{berger, Color};

/// The pairing system of a [`Tournament`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Format {
    /// Swiss by the FIDE Dutch system.
    Swiss,
    /// All play all by the Berger tables; `double`: twice, colours reversed.
    RoundRobin {
        /// Two cycles.
        double: bool,
    },
}

/// The result of a game, from South's side first (`"1-0"` is a South win).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameResult {
    /// `1-0`.
    SouthWins,
    /// `0-1`.
    NorthWins,
    /// `1/2-1/2`.
    Draw,
    /// `1-0F`: North did not play.
    SouthWinsByForfeit,
    /// `0-1F`: South did not play.
    NorthWinsByForfeit,
    /// `0-0F`: neither played.
    DoubleForfeit,
}

impl GameResult {
    /// Every result, in the order of [`GameResult::as_str`]'s texts.
    pub const ALL: [GameResult; 6] = [
        GameResult::SouthWins,
        GameResult::NorthWins,
        GameResult::Draw,
        GameResult::SouthWinsByForfeit,
        GameResult::NorthWinsByForfeit,
        GameResult::DoubleForfeit,
    ];

    /// The usual text: `1-0`, `0-1`, `1/2-1/2`, `1-0F`, `0-1F`, `0-0F`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::SouthWinsByForfeit => "1-0F",
            GameResult::NorthWinsByForfeit => "0-1F",
            GameResult::DoubleForfeit => "0-0F",
        }
    }

    /// Parses [`GameResult::as_str`]'s texts.
    pub fn parse(text: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// Whether the game was played over the board (not a forfeit).
    pub fn played(self) -> bool {
        !matches!(
            self,
            GameResult::SouthWinsByForfeit
                | GameResult::NorthWinsByForfeit
                | GameResult::DoubleForfeit
        )
    }

    /// The half-points of South and North.
    pub fn half_points(self) -> (u32, u32) {
        match self {
            GameResult::SouthWins | GameResult::SouthWinsByForfeit => (2, 0),
            GameResult::NorthWins | GameResult::NorthWinsByForfeit => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::DoubleForfeit => (0, 0),
        }
    }
}

/// Why a player has no opponent in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ByeKind {
    /// Given by the pairing to the odd player out (TRF `U`); worth the tournament's bye points.
    PairingAllocated,
    /// A requested half-point bye (TRF `H`).
    Half,
    /// A full point without playing (TRF `F`).
    Full,
    /// Absent, no point (TRF `Z`).
    Zero,
}

impl ByeKind {
    /// The TRF result code.
    pub fn code(self) -> char {
        match self {
            ByeKind::PairingAllocated => 'U',
            ByeKind::Half => 'H',
            ByeKind::Full => 'F',
            ByeKind::Zero => 'Z',
        }
    }
}

/// A game of a round: board numbers are positions in [`Round::pairings`] plus one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pairing {
    /// South's start number (South moves first: chess's White).
    pub south: u32,
    /// North's start number.
    pub north: u32,
    /// The result, `None` while the game is being played (or adjourned).
    pub result: Option<GameResult>,
}

/// A player without an opponent in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bye {
    /// The player's start number.
    pub player: u32,
    /// Which bye.
    pub kind: ByeKind,
}

/// One round: its games and its byes. Players in neither did not take part.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Round {
    /// The games, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The byes.
    pub byes: Vec<Bye>,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// The start (pairing) number, from 1.
    pub start_number: u32,
    /// The name.
    pub name: String,
    /// The rating (0 when unrated).
    pub rating: u32,
    /// Withdrawn: not paired any more.
    pub withdrawn: bool,
    /// What a TRF file said of the player beyond name and rating (kept for writing it back).
    pub info: PlayerInfo,
}

/// The TRF player fields the pairing does not use, kept as text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerInfo {
    /// Sex (`m`, `w` or blank).
    pub sex: String,
    /// Title (`GM`, `IM`, ...).
    pub title: String,
    /// Federation (three letters).
    pub federation: String,
    /// Federation or FIDE identifier.
    pub id: String,
    /// Birth date as written (`YYYY/MM/DD`).
    pub birth: String,
}

/// A tournament: its players, rounds and results.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tournament {
    /// The name.
    pub name: String,
    /// Swiss or round robin.
    pub format: Format,
    /// The number of rounds planned (a round robin: set by its number of players).
    pub planned_rounds: u32,
    /// The colour the top seed gets in round 1 (South by default).
    pub initial_color: Color,
    /// Half-points of a pairing-allocated bye (2: a win, the default; 1: a draw; 0).
    pub bye_half_points: u32,
    /// The tie-breaks of the standings, in order.
    pub tiebreaks: Vec<Tiebreak>,
    /// The players; `players[i].start_number == i + 1`.
    pub players: Vec<Player>,
    /// The rounds paired so far.
    pub rounds: Vec<Round>,
    /// Byes requested for the next round (not yet paired).
    pub requested_byes: Vec<Bye>,
    /// Header lines of a TRF file this tournament was read from, kept as they were.
    pub trf_header: Vec<String>,
}

/// A line of the standings.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standing {
    /// 1 for the first; tied players (same points and tie-breaks) share a rank.
    pub rank: u32,
    /// The player's start number.
    pub start_number: u32,
    /// The player's name.
    pub name: String,
    /// Points.
    pub points: f64,
    /// The tournament's tie-breaks, in its order.
    pub tiebreaks: Vec<(Tiebreak, f64)>,
}

/// What a director's action can get wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No player has this start number.
    #[error("no player has start number {0}")]
    NoSuchPlayer(u32),
    /// No such round.
    #[error("round {0} does not exist")]
    NoSuchRound(u32),
    /// No such board in the round.
    #[error("round {round} has no board {board}")]
    NoSuchBoard {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A game of the last round has no result yet.
    #[error("round {round} board {board} has no result yet")]
    ResultsMissing {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// Every planned round was paired.
    #[error("all {0} rounds are paired")]
    Finished(u32),
    /// Fewer than two players to pair.
    #[error("fewer than two players to pair")]
    TooFewPlayers,
    /// The round robin's players cannot change once it has started.
    #[error("a round robin's players cannot change after its first round")]
    RoundRobinStarted,
    /// The bye points are not 0, 0.5 or 1.
    #[error("bye points must be 0, 0.5 or 1")]
    BadByePoints,
    /// The Dutch system found no pairing.
    #[error(transparent)]
    Pairing(#[from] dutch::PairingError),
}

impl Tournament {
    /// A tournament without players. `rounds`: the number of rounds of a Swiss (a round robin
    /// computes its own).
    pub fn new(name: &str, format: Format, rounds: u32) -> Tournament {
        let tiebreaks = match format {
            Format::Swiss => vec![
                Tiebreak::BuchholzCut1,
                Tiebreak::Buchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::DirectEncounter,
                Tiebreak::Wins,
            ],
            Format::RoundRobin { .. } => vec![
                Tiebreak::DirectEncounter,
                Tiebreak::SonnebornBerger,
                Tiebreak::Wins,
            ],
        };
        Tournament {
            name: name.to_string(),
            format,
            planned_rounds: rounds,
            initial_color: Color::White,
            bye_half_points: 2,
            tiebreaks,
            players: Vec::new(),
            rounds: Vec::new(),
            requested_byes: Vec::new(),
            trf_header: Vec::new(),
        }
    }

    /// Sets the points of a pairing-allocated bye: 0, 0.5 or 1.
    pub fn set_bye_points(&mut self, points: f64) -> Result<(), TournamentError> {
        let half = points * 2.0;
        if !(half == 0.0 || half == 1.0 || half == 2.0) {
            return Err(TournamentError::BadByePoints);
        }
        self.bye_half_points = half as u32;
        Ok(())
    }

    /// Registers a player (also between rounds of a Swiss: a late entry, with no points for the
    /// rounds missed). Returns the start number.
    pub fn add_player(&mut self, name: &str, rating: u32) -> u32 {
        let n = self.players.len() as u32 + 1;
        self.players.push(Player {
            start_number: n,
            name: name.to_string(),
            rating,
            withdrawn: false,
            info: PlayerInfo::default(),
        });
        n
    }

    /// Before the first round: numbers the players by rating, highest first (then by name), as
    /// the initial ranking list. Does nothing once a round is paired.
    pub fn seed_by_rating(&mut self) {
        if !self.rounds.is_empty() {
            return;
        }
        self.players
            .sort_by(|a, b| b.rating.cmp(&a.rating).then(a.name.cmp(&b.name)));
        for (i, p) in self.players.iter_mut().enumerate() {
            p.start_number = i as u32 + 1;
        }
    }

    /// The player of a start number.
    pub fn player(&self, start_number: u32) -> Result<&Player, TournamentError> {
        start_number
            .checked_sub(1)
            .and_then(|i| self.players.get(i as usize))
            .ok_or(TournamentError::NoSuchPlayer(start_number))
    }

    /// Withdraws a player: not paired from the next round on (his results stay).
    pub fn withdraw(&mut self, start_number: u32) -> Result<(), TournamentError> {
        self.player(start_number)?;
        self.players[start_number as usize - 1].withdrawn = true;
        self.requested_byes.retain(|b| b.player != start_number);
        Ok(())
    }

    /// Brings a withdrawn player back for the next rounds.
    pub fn reinstate(&mut self, start_number: u32) -> Result<(), TournamentError> {
        self.player(start_number)?;
        self.players[start_number as usize - 1].withdrawn = false;
        Ok(())
    }

    /// A player asks not to be paired in the next round, with a half-point (`Half`), no point
    /// (`Zero`) or, when the rules of the event allow, a full point (`Full`).
    pub fn request_bye(&mut self, start_number: u32, kind: ByeKind) -> Result<(), TournamentError> {
        self.player(start_number)?;
        self.requested_byes.retain(|b| b.player != start_number);
        self.requested_byes.push(Bye {
            player: start_number,
            kind,
        });
        Ok(())
    }

    /// The number of rounds of the tournament.
    pub fn total_rounds(&self) -> u32 {
        match self.format {
            Format::Swiss => self.planned_rounds,
            Format::RoundRobin { double } => berger::rounds(self.players.len() as u32, double),
        }
    }

    /// The first game of the last round without a result, as an error.
    pub fn check_results(&self) -> Result<(), TournamentError> {
        if let Some(last) = self.rounds.last() {
            if let Some(b) = last.pairings.iter().position(|p| p.result.is_none()) {
                return Err(TournamentError::ResultsMissing {
                    round: self.rounds.len() as u32,
                    board: b as u32 + 1,
                });
            }
        }
        Ok(())
    }

    /// Pairs the next round (after every result of the last one is in) and returns it.
    pub fn pair_next_round(&mut self) -> Result<&Round, TournamentError> {
        self.check_results()?;
        let number = self.rounds.len() as u32 + 1;
        let total = self.total_rounds();
        if number > total && total > 0 {
            return Err(TournamentError::Finished(total));
        }
        let round = match self.format {
            Format::RoundRobin { double } => {
                let n = self.players.len() as u32;
                let rr = berger::round(n, number, double).ok_or(TournamentError::TooFewPlayers)?;
                let mut round = Round {
                    pairings: rr.pairs.iter().map(|&(w, b)| self.oriented(w, b)).collect(),
                    byes: Vec::new(),
                };
                if let Some(b) = rr.bye {
                    round.byes.push(Bye {
                        player: b,
                        kind: ByeKind::Zero,
                    });
                }
                round
            }
            Format::Swiss => {
                let pairing = self.dutch_pairing(number)?;
                let mut byes = self.requested_byes.clone();
                if let Some(b) = pairing.bye {
                    byes.push(Bye {
                        player: b,
                        kind: ByeKind::PairingAllocated,
                    });
                }
                Round {
                    pairings: pairing
                        .pairs
                        .iter()
                        .map(|&(w, b)| Pairing {
                            south: w,
                            north: b,
                            result: None,
                        })
                        .collect(),
                    byes,
                }
            }
        };
        self.requested_byes.clear();
        self.rounds.push(round);
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// A round-robin pair `(white, black)` with the tournament's initial colour applied.
    fn oriented(&self, w: u32, b: u32) -> Pairing {
        let (south, north) = match self.initial_color {
            Color::White => (w, b),
            Color::Black => (b, w),
        };
        Pairing {
            south,
            north,
            result: None,
        }
    }

    /// The Dutch pairing of round `number` for the players present.
    pub fn dutch_pairing(&self, number: u32) -> Result<dutch::RoundPairing, TournamentError> {
        let players = self.dutch_players(number);
        if players.len() < 2 && !(players.len() == 1 && self.rounds.is_empty()) {
            return Err(TournamentError::TooFewPlayers);
        }
        let opts = DutchOptions {
            round: number,
            total_rounds: self.total_rounds().max(number),
            initial_color: self.initial_color,
            ..DutchOptions::default()
        };
        Ok(dutch::pair(&players, &opts)?)
    }

    /// What the Dutch system needs of each player to be paired in round `number` (those not
    /// withdrawn and without a requested bye), from the rounds before it.
    pub fn dutch_players(&self, number: u32) -> Vec<DutchPlayer> {
        let before = (number as usize - 1).min(self.rounds.len());
        let n = self.players.len();
        // Scores before each round.
        let mut scores = vec![vec![0u32; n + 1]; before + 1];
        let entries: Vec<Vec<Entry>> = self
            .entries()
            .into_iter()
            .map(|mut e| {
                e.truncate(before);
                e
            })
            .collect();
        for r in 0..before {
            for id in 1..=n {
                scores[r + 1][id] = scores[r][id] + self.entry_half_points(entries[id][r]);
            }
        }
        let absent: Vec<u32> = self.requested_byes.iter().map(|b| b.player).collect();
        let mut out = Vec::new();
        for p in &self.players {
            if p.withdrawn || absent.contains(&p.start_number) {
                continue;
            }
            let id = p.start_number as usize;
            let mut dp = DutchPlayer {
                id: p.start_number,
                score: scores[before][id],
                colors: Vec::with_capacity(before),
                opponents: Vec::new(),
                floats: Vec::with_capacity(before),
                bye_ineligible: false,
            };
            for (r, e) in entries[id].iter().enumerate() {
                match *e {
                    Entry::Game {
                        opponent,
                        color,
                        played,
                        half_points,
                    } => {
                        if played {
                            dp.colors.push(Some(color));
                            dp.opponents.push(opponent);
                            let (own, opp) = (scores[r][id], scores[r][opponent as usize]);
                            dp.floats.push(match own.cmp(&opp) {
                                std::cmp::Ordering::Greater => Float::Down,
                                std::cmp::Ordering::Less => Float::Up,
                                std::cmp::Ordering::Equal => Float::None,
                            });
                        } else {
                            dp.colors.push(None);
                            dp.floats.push(Float::Down);
                            if half_points == 2 {
                                dp.bye_ineligible = true;
                            }
                        }
                    }
                    Entry::Bye(kind) => {
                        dp.colors.push(None);
                        dp.floats.push(Float::Down);
                        // C.04.1.d: a pairing-allocated bye, or a forfeit win (above), rules out
                        // another; a requested bye, even for a full point, does not.
                        if matches!(kind, ByeKind::PairingAllocated) {
                            dp.bye_ineligible = true;
                        }
                    }
                    Entry::Absent => {
                        dp.colors.push(None);
                        dp.floats.push(Float::Down);
                    }
                }
            }
            out.push(dp);
        }
        out
    }

    fn entry_half_points(&self, e: Entry) -> u32 {
        match e {
            Entry::Game { half_points, .. } => half_points,
            Entry::Bye(ByeKind::PairingAllocated) => self.bye_half_points,
            Entry::Bye(ByeKind::Full) => 2,
            Entry::Bye(ByeKind::Half) => 1,
            Entry::Bye(ByeKind::Zero) | Entry::Absent => 0,
        }
    }

    /// Records (or, with `None`, clears) the result of board `board` of round `round` (both
    /// from 1).
    pub fn set_result(
        &mut self,
        round: u32,
        board: u32,
        result: Option<GameResult>,
    ) -> Result<(), TournamentError> {
        let r = round
            .checked_sub(1)
            .and_then(|i| self.rounds.get_mut(i as usize))
            .ok_or(TournamentError::NoSuchRound(round))?;
        let p = board
            .checked_sub(1)
            .and_then(|i| r.pairings.get_mut(i as usize))
            .ok_or(TournamentError::NoSuchBoard { round, board })?;
        p.result = result;
        Ok(())
    }

    /// What each player did in each round, by start number (index 0 unused).
    pub fn entries(&self) -> Vec<Vec<Entry>> {
        let n = self.players.len();
        let mut entries = vec![vec![Entry::Absent; self.rounds.len()]; n + 1];
        for (r, round) in self.rounds.iter().enumerate() {
            for p in &round.pairings {
                let (hs, hn) = p.result.map(|r| r.half_points()).unwrap_or((0, 0));
                let played = p.result.is_none_or(|r| r.played());
                for (me, opponent, color, half_points) in [
                    (p.south, p.north, Color::White, hs),
                    (p.north, p.south, Color::Black, hn),
                ] {
                    if let Some(e) = entries.get_mut(me as usize) {
                        e[r] = Entry::Game {
                            opponent,
                            color,
                            played,
                            half_points,
                        };
                    }
                }
            }
            for b in &round.byes {
                if let Some(e) = entries.get_mut(b.player as usize) {
                    e[r] = Entry::Bye(b.kind);
                }
            }
        }
        entries
    }

    /// The points of every player after the rounds played (index: start number; 0 unused).
    pub fn points(&self) -> Vec<f64> {
        self.entries()
            .iter()
            .map(|es| es.iter().map(|&e| self.entry_half_points(e)).sum::<u32>() as f64 / 2.0)
            .collect()
    }

    /// The standings: points, then the tie-breaks in order, then the start number.
    pub fn standings(&self) -> Vec<Standing> {
        tiebreak::standings(self)
    }

    /// The half-points an entry is worth in this tournament.
    pub fn half_points_of(&self, e: Entry) -> u32 {
        self.entry_half_points(e)
    }
}

/// What a player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A game (over the board, or a forfeit when `played` is false).
    Game {
        /// The opponent's start number.
        opponent: u32,
        /// The player's colour.
        color: Color,
        /// Played over the board (false: a forfeit).
        played: bool,
        /// The player's half-points (0 while the result is pending).
        half_points: u32,
    },
    /// A bye.
    Bye(ByeKind),
    /// Not in the round (not yet registered, withdrawn, absent).
    Absent,
}
