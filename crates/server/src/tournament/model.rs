//! A tournament's state ([`Event`]) and what its director and players do to it: pure functions
//! of the state, so that a write that lost a race can simply be done again on the state read
//! anew (see [`crate::tournament::state`]).
//!
//! Swiss and round-robin events keep their players, rounds and results in the library's
//! [`Tournament`] (FIDE Dutch pairings, Berger tables, tie-breaks); arenas in its [`Arena`].
//! Online events also keep the id of the server's game of each pairing.

use mancala_tournament::arena::{Arena, ArenaConfig, ArenaResult};
use mancala_tournament::{Format, GameResult, Tournament, TournamentError};
use serde::{Deserialize, Serialize};

/// The kind of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// An arena: a fixed duration, a free player paired at once with a free player near him in
    /// the standings.
    Arena,
    /// A Swiss (FIDE Dutch system).
    Swiss,
    /// A round robin (Berger tables), single or double.
    RoundRobin,
}

impl Kind {
    /// Reads the API's name (`arena`, `swiss`, `round_robin`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "arena" => Some(Kind::Arena),
            "swiss" => Some(Kind::Swiss),
            "round_robin" => Some(Kind::RoundRobin),
            _ => None,
        }
    }

    /// The API's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Arena => "arena",
            Kind::Swiss => "swiss",
            Kind::RoundRobin => "round_robin",
        }
    }
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Players register; nothing is paired yet.
    Created,
    /// Rounds are paired and played.
    Running,
    /// Every round is played (an arena: its time is up and its last game over).
    Finished,
}

impl Status {
    /// The API's name (`created`, `running`, `finished`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Created => "created",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }
}

/// A Fischer clock: `initial_ms` per side, plus `increment_ms` after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fischer {
    /// Time at the start, per side.
    pub initial_ms: u64,
    /// Time added after each of a side's moves.
    pub increment_ms: u64,
}

/// What a director's or a player's action got wrong: the HTTP answer's kind, a stable code and
/// the reason in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    /// Bad input (400).
    #[error("{1}")]
    Bad(&'static str, String),
    /// Someone else's to do (403).
    #[error("{1}")]
    Forbidden(&'static str, String),
    /// No such thing (404).
    #[error("{1}")]
    Missing(&'static str, String),
    /// Not now (409).
    #[error("{1}")]
    Conflict(&'static str, String),
}

impl EventError {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            EventError::Bad(c, _)
            | EventError::Forbidden(c, _)
            | EventError::Missing(c, _)
            | EventError::Conflict(c, _) => c,
        }
    }
}

/// The result of an action.
pub type EventResult<T> = Result<T, EventError>;

/// The library's refusal as an [`EventError`].
impl From<TournamentError> for EventError {
    fn from(e: TournamentError) -> Self {
        let m = e.to_string();
        match e {
            TournamentError::NoSuchPlayer(_) => EventError::Missing("no_such_player", m),
            TournamentError::NoSuchRound(_) => EventError::Missing("no_such_round", m),
            TournamentError::NoSuchBoard { .. } => EventError::Missing("no_such_board", m),
            TournamentError::ResultsMissing { .. } => EventError::Conflict("results_missing", m),
            TournamentError::Finished(_) => EventError::Conflict("tournament_finished", m),
            TournamentError::TooFewPlayers => EventError::Conflict("too_few_players", m),
            TournamentError::RoundRobinStarted => EventError::Conflict("round_robin_started", m),
            TournamentError::BadByePoints => EventError::Bad("bad_bye_points", m),
            TournamentError::Pairing(_) => EventError::Conflict("pairing_failed", m),
        }
    }
}

/// A new tournament as its director asks for it (the variant and rules already checked).
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// Its name.
    pub name: String,
    /// Its kind.
    pub kind: Kind,
    /// The preset of its games.
    pub variant: String,
    /// The rule options of its games.
    pub rules: Vec<(String, String)>,
    /// The clock of its games (online).
    pub clock: Option<Fischer>,
    /// Whether its games are rated (online).
    pub rated: bool,
    /// Played over the board: the director enters players and results.
    pub over_the_board: bool,
    /// The rounds of a Swiss.
    pub rounds: Option<i64>,
    /// A double round robin.
    pub double: bool,
    /// An arena's duration in seconds.
    pub duration_s: Option<i64>,
    /// The points of a pairing-allocated bye (0, 0.5 or 1).
    pub bye_points: Option<f64>,
}

/// Most rounds of a Swiss.
pub const MAX_ROUNDS: i64 = 99;
/// Longest arena, in seconds (a week).
pub const MAX_DURATION_S: i64 = 7 * 24 * 3600;
/// Most players of a tournament.
pub const MAX_PLAYERS: usize = 1000;
/// Longest tournament or player name, in characters.
pub const MAX_NAME: usize = 80;
/// Highest rating a director may give a player.
pub const MAX_RATING: i64 = 9999;

/// A tournament as the server keeps it (one JSON document in the store).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The account that created it and directs it.
    pub director: String,
    /// Its kind.
    pub kind: Kind,
    /// The preset of its games.
    pub variant: String,
    /// The rule options of its games.
    pub rules: Vec<(String, String)>,
    /// The clock of its games.
    pub clock: Option<Fischer>,
    /// Whether its games are rated.
    pub rated: bool,
    /// Played over the board.
    pub over_the_board: bool,
    /// An arena's duration in seconds.
    pub duration_s: Option<u64>,
    /// Where it is.
    pub status: Status,
    /// When it was created (ms since the Unix epoch).
    pub created_ms: i64,
    /// When it started (ms since the Unix epoch).
    pub started_ms: Option<i64>,
    /// The players, rounds and results of a Swiss or round robin (an arena's players are in
    /// `arena`).
    pub pairing: Tournament,
    /// An arena's players and games.
    pub arena: Option<Arena>,
    /// The server's game of each board of each round (online): `games[round - 1][board - 1]`.
    #[serde(default)]
    pub games: Vec<Vec<Option<String>>>,
    /// The server's game of each arena game: `arena_games[id - 1]`.
    #[serde(default)]
    pub arena_games: Vec<String>,
    /// Online games the director ended by a forfeit whose ending is not recorded on the server
    /// yet: the tournament does not finish, nor pair its next round, until they are over.
    #[serde(default)]
    pub forfeited: Vec<String>,
}

/// Checks a name: 1 to [`MAX_NAME`] printable characters, not only spaces.
pub fn check_name(what: &str, name: &str) -> EventResult<()> {
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME || name.chars().any(char::is_control) || name.trim().is_empty() {
        return Err(EventError::Bad(
            "bad_name",
            format!("{what} must be 1 to {MAX_NAME} printable characters"),
        ));
    }
    Ok(())
}

impl Event {
    /// A new tournament `id` of `spec`, directed by `director`, created at `now_ms`.
    pub fn new(id: &str, director: &str, spec: Spec, now_ms: i64) -> EventResult<Event> {
        check_name("the name", &spec.name)?;
        if spec.kind == Kind::Arena && spec.over_the_board {
            return Err(EventError::Bad(
                "bad_format",
                "an arena is played online, not over the board".into(),
            ));
        }
        let rounds = match (spec.kind, spec.rounds) {
            (_, Some(r)) if !(1..=MAX_ROUNDS).contains(&r) => {
                return Err(EventError::Bad(
                    "bad_rounds",
                    format!("rounds must be 1 to {MAX_ROUNDS}, not {r}"),
                ))
            }
            (Kind::Swiss, None) => {
                return Err(EventError::Bad(
                    "bad_rounds",
                    "a Swiss needs its number of rounds: \"rounds\"".into(),
                ))
            }
            (_, r) => r.unwrap_or(1) as u32,
        };
        let duration_s = match (spec.kind, spec.duration_s) {
            (Kind::Arena, Some(d)) if (1..=MAX_DURATION_S).contains(&d) => Some(d as u64),
            (Kind::Arena, d) => {
                return Err(EventError::Bad(
                    "bad_duration",
                    format!(
                        "an arena needs its duration: \"duration_s\" from 1 to {MAX_DURATION_S} \
                         (not {d:?})"
                    ),
                ))
            }
            (_, _) => None,
        };
        let format = match spec.kind {
            Kind::RoundRobin => Format::RoundRobin {
                double: spec.double,
            },
            _ => Format::Swiss,
        };
        let mut pairing = Tournament::new(&spec.name, format, rounds);
        if let Some(p) = spec.bye_points {
            pairing.set_bye_points(p)?;
        }
        let arena = duration_s.map(|d| {
            Arena::new(ArenaConfig {
                duration_ms: d * 1000,
                initial_ms: spec.clock.map_or(0, |c| c.initial_ms),
                increment_ms: spec.clock.map_or(0, |c| c.increment_ms),
                // Berserk needs a clock per side in the game's record: not offered yet.
                berserk: false,
                ..ArenaConfig::default()
            })
        });
        Ok(Event {
            id: id.to_string(),
            name: spec.name,
            director: director.to_string(),
            kind: spec.kind,
            variant: spec.variant,
            rules: spec.rules,
            clock: spec.clock,
            rated: spec.rated && !spec.over_the_board,
            over_the_board: spec.over_the_board,
            duration_s,
            status: Status::Created,
            created_ms: now_ms,
            started_ms: None,
            pairing,
            arena,
            games: Vec::new(),
            arena_games: Vec::new(),
            forfeited: Vec::new(),
        })
    }

    /// Refuses `who` unless he directs the tournament.
    pub fn check_director(&self, who: &str) -> EventResult<()> {
        if !who.eq_ignore_ascii_case(&self.director) {
            return Err(EventError::Forbidden(
                "not_director",
                format!(
                    "only the tournament's director ({}) may do this",
                    self.director
                ),
            ));
        }
        Ok(())
    }

    /// Refuses anything once the tournament is over.
    fn check_not_finished(&self) -> EventResult<()> {
        if self.status == Status::Finished {
            return Err(EventError::Conflict(
                "tournament_finished",
                "the tournament is over".into(),
            ));
        }
        Ok(())
    }

    /// Whether the server plays its games (online).
    #[must_use]
    pub fn online(&self) -> bool {
        !self.over_the_board
    }

    /// The start number of the player named `name` (ignoring case) in a Swiss or round robin.
    #[must_use]
    pub fn start_number(&self, name: &str) -> Option<u32> {
        self.pairing
            .players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.start_number)
    }

    /// The arena id of the player named `name` (ignoring case).
    #[must_use]
    pub fn arena_id(&self, name: &str) -> Option<u32> {
        self.arena
            .as_ref()?
            .players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.id)
    }

    /// The player count.
    #[must_use]
    pub fn player_count(&self) -> usize {
        match &self.arena {
            Some(a) => a.players.len(),
            None => self.pairing.players.len(),
        }
    }

    /// The director registers a player (over the board); answers his start number.
    pub fn add_player(&mut self, who: &str, name: &str, rating: i64) -> EventResult<u32> {
        self.check_director(who)?;
        if !self.over_the_board {
            return Err(EventError::Conflict(
                "online",
                "players join an online tournament themselves: POST .../join".into(),
            ));
        }
        check_name("a player's name", name)?;
        if !(0..=MAX_RATING).contains(&rating) {
            return Err(EventError::Bad(
                "bad_rating",
                format!("a rating must be 0 to {MAX_RATING}, not {rating}"),
            ));
        }
        self.register(name, rating as u32, 0)
    }

    /// Registers player `name` (a Swiss or round robin: a late entry between rounds of a
    /// Swiss; an arena: until its time is up at `now_ms`).
    fn register(&mut self, name: &str, rating: u32, now_ms: i64) -> EventResult<u32> {
        self.check_not_finished()?;
        if self.player_count() >= MAX_PLAYERS {
            return Err(EventError::Conflict(
                "tournament_full",
                format!("a tournament has at most {MAX_PLAYERS} players"),
            ));
        }
        let joined = || {
            EventError::Conflict(
                "already_joined",
                format!("{name} is already in the tournament"),
            )
        };
        let elapsed = self.elapsed_ms(now_ms);
        if let Some(arena) = &mut self.arena {
            if let Some(p) = arena
                .players
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(name))
            {
                // A paused or withdrawn player comes back; one already in is refused.
                if !p.withdrawn && !p.paused {
                    return Err(joined());
                }
                let id = p.id;
                arena.pause(id, false).map_err(arena_error)?;
                return Ok(id);
            }
            return arena.join(name, rating, elapsed).map_err(arena_error);
        }
        if let Some(n) = self.start_number(name) {
            if !self.pairing.player(n)?.withdrawn {
                return Err(joined());
            }
            self.pairing.reinstate(n)?;
            return Ok(n);
        }
        if matches!(self.kind, Kind::RoundRobin) && !self.pairing.rounds.is_empty() {
            return Err(TournamentError::RoundRobinStarted.into());
        }
        Ok(self.pairing.add_player(name, rating))
    }

    /// Player `who` joins (online; his `rating` in the tournament's preset) at `now_ms`.
    pub fn join(&mut self, who: &str, rating: u32, now_ms: i64) -> EventResult<u32> {
        if self.over_the_board {
            return Err(EventError::Conflict(
                "over_the_board",
                "the director registers the players of a tournament over the board".into(),
            ));
        }
        self.register(who, rating, now_ms)
    }

    /// Player `who` withdraws: he is not paired again (a game he is playing goes on). Before
    /// the start he is simply struck off.
    pub fn withdraw(&mut self, who: &str) -> EventResult<()> {
        self.check_not_finished()?;
        let not_in = || {
            EventError::Conflict(
                "not_joined",
                format!("{who} is not playing in the tournament"),
            )
        };
        if let Some(arena) = &mut self.arena {
            let id = arena
                .players
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(who) && !p.withdrawn)
                .map(|p| p.id)
                .ok_or_else(not_in)?;
            return arena.withdraw(id).map_err(arena_error);
        }
        let n = self.start_number(who).ok_or_else(not_in)?;
        if self.pairing.rounds.is_empty() {
            // Not yet paired: struck off, the others renumbered.
            self.pairing.players.retain(|p| p.start_number != n);
            for (i, p) in self.pairing.players.iter_mut().enumerate() {
                p.start_number = i as u32 + 1;
            }
            return Ok(());
        }
        if self.pairing.player(n)?.withdrawn {
            return Err(not_in());
        }
        Ok(self.pairing.withdraw(n)?)
    }

    /// Player `who` pauses in an arena: he is not paired again until he joins again (his
    /// points stay; a game he is playing goes on).
    pub fn pause(&mut self, who: &str) -> EventResult<()> {
        if self.arena.is_some() {
            self.check_not_finished()?;
        }
        let Some(arena) = &mut self.arena else {
            return Err(EventError::Conflict(
                "not_arena",
                "only an arena's players pause: a round's game is played or forfeited".into(),
            ));
        };
        let p = arena
            .players
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(who) && !p.withdrawn)
            .ok_or_else(|| {
                EventError::Conflict(
                    "not_joined",
                    format!("{who} is not playing in the tournament"),
                )
            })?;
        if p.paused {
            return Err(EventError::Conflict(
                "already_paused",
                format!("{who} is paused already: joining again resumes"),
            ));
        }
        let id = p.id;
        arena.pause(id, true).map_err(arena_error)
    }

    /// The director starts the tournament at `now_ms` (online Swiss and round robins pair their
    /// first round: see [`Event::pair_round`]).
    pub fn start(&mut self, who: &str, now_ms: i64) -> EventResult<()> {
        self.check_director(who)?;
        self.check_not_finished()?;
        if self.status != Status::Created {
            return Err(EventError::Conflict(
                "already_started",
                "the tournament has started".into(),
            ));
        }
        if self.kind == Kind::Arena {
            self.status = Status::Running;
            self.started_ms = Some(now_ms);
            return Ok(());
        }
        if self.online() {
            self.pair(now_ms)?;
        }
        self.status = Status::Running;
        self.started_ms.get_or_insert(now_ms);
        Ok(())
    }

    /// The director pairs the next round (after every result of the last one is in); answers
    /// its number.
    pub fn pair_round(&mut self, who: &str, now_ms: i64) -> EventResult<u32> {
        self.check_director(who)?;
        self.pair(now_ms)
    }

    /// Pairs the next round of a Swiss or round robin; answers its number.
    pub(crate) fn pair(&mut self, now_ms: i64) -> EventResult<u32> {
        self.check_not_finished()?;
        if self.kind == Kind::Arena {
            return Err(EventError::Conflict(
                "arena",
                "an arena pairs its players itself, as they become free".into(),
            ));
        }
        self.pairing.check_results()?;
        if !self.forfeited.is_empty() {
            return Err(EventError::Conflict(
                "game_in_progress",
                "a forfeited game is being ended: try again".into(),
            ));
        }
        if self.pairing.players.iter().filter(|p| !p.withdrawn).count() < 2 {
            return Err(TournamentError::TooFewPlayers.into());
        }
        if self.pairing.rounds.is_empty() {
            self.pairing.seed_by_rating();
        }
        let round = self.pairing.pair_next_round()?;
        let boards = round.pairings.len();
        let number = self.pairing.rounds.len() as u32;
        self.games.resize(number as usize, Vec::new());
        self.games[number as usize - 1] = vec![None; boards];
        self.status = Status::Running;
        self.started_ms.get_or_insert(now_ms);
        self.forfeit_withdrawn(number);
        self.finish_if_done();
        Ok(number)
    }

    /// In round `number`, a game with a withdrawn player is not played: the other wins by
    /// forfeit (both withdrawn: both lose).
    fn forfeit_withdrawn(&mut self, number: u32) {
        let withdrawn = |n: u32| self.pairing.player(n).is_ok_and(|p| p.withdrawn);
        let Some(round) = self.pairing.rounds.get(number as usize - 1) else {
            return;
        };
        let forfeits: Vec<(u32, GameResult)> = round
            .pairings
            .iter()
            .enumerate()
            .filter_map(|(b, p)| {
                let r = match (withdrawn(p.south), withdrawn(p.north)) {
                    (false, false) => return None,
                    (true, true) => GameResult::DoubleForfeit,
                    (true, false) => GameResult::NorthWinsByForfeit,
                    (false, true) => GameResult::SouthWinsByForfeit,
                };
                Some((b as u32 + 1, r))
            })
            .collect();
        for (board, r) in forfeits {
            let _ = self.pairing.set_result(number, board, Some(r));
        }
    }

    /// The server's game of board `board` of round `round` (online).
    #[must_use]
    pub fn game_at(&self, round: u32, board: u32) -> Option<&str> {
        let (r, b) = (
            round.checked_sub(1)? as usize,
            board.checked_sub(1)? as usize,
        );
        self.games.get(r)?.get(b)?.as_deref()
    }

    /// The director records (or corrects) the result of board `board` of round `round`;
    /// `running`: its online game is still being played, and only a forfeit is taken then (the
    /// game is to be ended on the server: it goes in [`Event::forfeited`]).
    pub fn enter_result(
        &mut self,
        who: &str,
        round: u32,
        board: u32,
        result: &str,
        running: bool,
    ) -> EventResult<()> {
        self.check_director(who)?;
        if self.kind == Kind::Arena {
            return Err(EventError::Conflict(
                "arena",
                "an arena's results are its games'".into(),
            ));
        }
        let result = GameResult::parse(result).ok_or_else(|| {
            EventError::Bad(
                "bad_result",
                format!(
                    "unknown result {result:?} (expected 1-0, 0-1, 1/2-1/2, 1-0F, 0-1F or 0-0F)"
                ),
            )
        })?;
        let game = self.game_at(round, board).map(str::to_string);
        if let (true, Some(game)) = (running, game) {
            if result.played() {
                return Err(EventError::Conflict(
                    "game_in_progress",
                    format!(
                        "board {board} of round {round} is being played online: its result \
                         comes from the game (a forfeit, 1-0F, 0-1F or 0-0F, ends it)"
                    ),
                ));
            }
            self.pairing.set_result(round, board, Some(result))?;
            if !self.forfeited.contains(&game) {
                self.forfeited.push(game);
            }
        } else {
            self.pairing.set_result(round, board, Some(result))?;
        }
        self.finish_if_done();
        Ok(())
    }

    /// The result the director's forfeit gives the server's game `game`: the winner, or `None`
    /// for a double forfeit.
    #[must_use]
    pub fn forfeit_of(&self, game: &str) -> Option<Option<mancala_core::Side>> {
        let (r, b) = self.board_of(game)?;
        let p = self
            .pairing
            .rounds
            .get(r as usize - 1)?
            .pairings
            .get(b as usize - 1)?;
        match p.result? {
            GameResult::SouthWinsByForfeit => Some(Some(mancala_core::Side::South)),
            GameResult::NorthWinsByForfeit => Some(Some(mancala_core::Side::North)),
            GameResult::DoubleForfeit => Some(None),
            _ => None,
        }
    }

    /// The forfeited `games` are over on the server: the tournament goes on (or finishes).
    /// Answers whether anything changed.
    pub fn forfeits_ended(&mut self, games: &[String]) -> bool {
        let before = self.forfeited.len();
        self.forfeited.retain(|g| !games.contains(g));
        self.finish_if_done();
        before != self.forfeited.len()
    }

    /// Marks a Swiss or round robin finished once its last round is paired and played.
    fn finish_if_done(&mut self) {
        let t = &self.pairing;
        let last = t.rounds.len() as u32;
        if self.kind != Kind::Arena
            && last > 0
            && last >= t.total_rounds()
            && t.check_results().is_ok()
            && self.forfeited.is_empty()
        {
            self.status = Status::Finished;
        }
    }

    /// Milliseconds since the start at `now_ms` (0 before it).
    #[must_use]
    pub fn elapsed_ms(&self, now_ms: i64) -> u64 {
        self.started_ms
            .map_or(0, |s| u64::try_from(now_ms - s).unwrap_or(0))
    }

    /// The round and board of the server's game `game`.
    #[must_use]
    pub fn board_of(&self, game: &str) -> Option<(u32, u32)> {
        self.games.iter().enumerate().find_map(|(r, boards)| {
            boards
                .iter()
                .position(|g| g.as_deref() == Some(game))
                .map(|b| (r as u32 + 1, b as u32 + 1))
        })
    }

    /// Records the end of the server's game `game` (South's score: 1, 0.5 or 0; `None`: aborted,
    /// a double forfeit), after `plies` moves, at `now_ms`; false when it is no game of this
    /// tournament or its result is already in.
    pub fn game_ended(&mut self, game: &str, south: Option<f64>, plies: u32, now_ms: i64) -> bool {
        if let Some((round, board)) = self.board_of(game) {
            let pairing = &self.pairing.rounds[round as usize - 1].pairings[board as usize - 1];
            if pairing.result.is_some() {
                return false;
            }
            let result = match south {
                Some(s) if s > 0.75 => GameResult::SouthWins,
                Some(s) if s < 0.25 => GameResult::NorthWins,
                Some(_) => GameResult::Draw,
                None => GameResult::DoubleForfeit,
            };
            let _ = self.pairing.set_result(round, board, Some(result));
            self.finish_if_done();
            return true;
        }
        let Some(i) = self.arena_games.iter().position(|g| g == game) else {
            return false;
        };
        let elapsed = self.elapsed_ms(now_ms);
        let Some(arena) = &mut self.arena else {
            return false;
        };
        let result = match south {
            Some(s) if s > 0.75 => ArenaResult::SouthWins,
            Some(s) if s < 0.25 => ArenaResult::NorthWins,
            // An aborted arena game counts as a draw (nobody is left waiting on it).
            _ => ArenaResult::Draw,
        };
        let recorded = arena.finish_game(i as u32 + 1, result, plies).is_ok();
        if arena.finished(elapsed) {
            self.status = Status::Finished;
        }
        recorded
    }
}

/// An arena's refusal as an [`EventError`].
fn arena_error(e: mancala_tournament::arena::ArenaError) -> EventError {
    use mancala_tournament::arena::ArenaError as A;
    let m = e.to_string();
    match e {
        A::Over => EventError::Conflict("tournament_finished", m),
        A::NoSuchPlayer(_) => EventError::Missing("no_such_player", m),
        A::NoSuchGame(_) => EventError::Missing("no_such_game", m),
        A::GameOver(_) => EventError::Conflict("game_over", m),
        A::NotInGame { .. } => EventError::Forbidden("not_your_game", m),
        A::BerserkNotAllowed => EventError::Conflict("berserk_not_allowed", m),
    }
}

#[cfg(test)]
pub(crate) mod tests;
