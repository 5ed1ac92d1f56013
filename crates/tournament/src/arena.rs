//! Arenas, as lichess runs them, as pure logic: the server calls [`Arena::pair_wave`] on a
//! timer and reports games as they end; everything is deterministic given those calls.
//!
//! - A fixed duration from the start; no game starts after it, games still running at the end
//!   count when they finish ([`Arena::finish_game`] is accepted after the end).
//! - A free player is paired at once with a free player near him in the standings, never with
//!   the opponent of his last game when another is free (the two wait otherwise, unless nobody
//!   else can become free).
//! - A win is 2 points, a draw 1, a loss 0; after two wins in a row a player is *on fire*: his
//!   next results count double (4 a win, 2 a draw) until a game he does not win.
//! - *Berserk*: before his first move a player may halve his own clock; a win then earns one
//!   extra point, when the game lasted long enough (he played at least
//!   [`ArenaConfig::berserk_min_moves`] moves, as lichess asks).
//! - A player can pause (he is not paired until he resumes) or withdraw; his points stay.

use crate::Color;

/// The settings of an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaConfig {
    /// How long the arena lasts, in milliseconds from its start.
    pub duration_ms: u64,
    /// Each player's initial clock, in milliseconds.
    pub initial_ms: u64,
    /// The increment per move, in milliseconds.
    pub increment_ms: u64,
    /// Whether berserk is allowed.
    pub berserk: bool,
    /// The moves a berserk player must have played for his extra point (lichess: 7).
    pub berserk_min_moves: u32,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            duration_ms: 45 * 60_000,
            initial_ms: 3 * 60_000,
            increment_ms: 2_000,
            berserk: true,
            berserk_min_moves: 7,
        }
    }
}

/// The end of an arena game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ArenaResult {
    /// South won.
    SouthWins,
    /// North won.
    NorthWins,
    /// A draw.
    Draw,
}

/// One line of a player's score sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SheetEntry {
    /// The game.
    pub game: u32,
    /// 2 a win, 1 a draw, 0 a loss.
    pub outcome: u32,
    /// The points it earned (doubled on fire, plus the berserk point).
    pub points: u32,
    /// Played while on fire.
    pub on_fire: bool,
    /// The berserk point was earned.
    pub berserk_point: bool,
}

/// A player of an arena.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaPlayer {
    /// The player's number, from 1 in order of joining.
    pub id: u32,
    /// The name.
    pub name: String,
    /// The rating.
    pub rating: u32,
    /// Points.
    pub score: u32,
    /// Wins in a row just before now.
    pub wins_in_a_row: u32,
    /// The finished games.
    pub sheet: Vec<SheetEntry>,
    /// Not paired until he resumes.
    pub paused: bool,
    /// Left the arena.
    pub withdrawn: bool,
    /// The opponent of his last game.
    pub last_opponent: Option<u32>,
    /// The game being played.
    pub playing: Option<u32>,
    /// Games played as South.
    pub south_games: u32,
    /// Games played as North.
    pub north_games: u32,
}

/// A game of an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaGame {
    /// The game's number, from 1.
    pub id: u32,
    /// South's player id.
    pub south: u32,
    /// North's player id.
    pub north: u32,
    /// When it started (milliseconds from the arena's start).
    pub started_ms: u64,
    /// South went berserk.
    pub south_berserk: bool,
    /// North went berserk.
    pub north_berserk: bool,
    /// The result, once over.
    pub result: Option<ArenaResult>,
}

/// What an arena call can get wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// No such player.
    #[error("no player {0}")]
    NoSuchPlayer(u32),
    /// No such game.
    #[error("no game {0}")]
    NoSuchGame(u32),
    /// The game is over.
    #[error("game {0} is over")]
    GameOver(u32),
    /// The player is not in that game.
    #[error("player {player} does not play game {game}")]
    NotInGame {
        /// The player.
        player: u32,
        /// The game.
        game: u32,
    },
    /// Berserk is off, or too late (after a move).
    #[error("berserk is not allowed now")]
    BerserkNotAllowed,
    /// The arena is over.
    #[error("the arena is over")]
    Over,
}

/// An arena.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arena {
    /// The settings.
    pub config: ArenaConfig,
    /// The players, `players[i].id == i + 1`.
    pub players: Vec<ArenaPlayer>,
    /// The games, `games[i].id == i + 1`.
    pub games: Vec<ArenaGame>,
}

impl Arena {
    /// An arena without players.
    pub fn new(config: ArenaConfig) -> Arena {
        Arena {
            config,
            players: Vec::new(),
            games: Vec::new(),
        }
    }

    /// Whether the arena's time is up at `now_ms`.
    pub fn time_up(&self, now_ms: u64) -> bool {
        now_ms >= self.config.duration_ms
    }

    /// Whether the arena is over: time up and every game finished.
    pub fn finished(&self, now_ms: u64) -> bool {
        self.time_up(now_ms) && self.games.iter().all(|g| g.result.is_some())
    }

    /// A player joins (before the end); returns his id.
    pub fn join(&mut self, name: &str, rating: u32, now_ms: u64) -> Result<u32, ArenaError> {
        if self.time_up(now_ms) {
            return Err(ArenaError::Over);
        }
        let id = self.players.len() as u32 + 1;
        self.players.push(ArenaPlayer {
            id,
            name: name.to_string(),
            rating,
            score: 0,
            wins_in_a_row: 0,
            sheet: Vec::new(),
            paused: false,
            withdrawn: false,
            last_opponent: None,
            playing: None,
            south_games: 0,
            north_games: 0,
        });
        Ok(id)
    }

    fn player_mut(&mut self, id: u32) -> Result<&mut ArenaPlayer, ArenaError> {
        id.checked_sub(1)
            .and_then(|i| self.players.get_mut(i as usize))
            .ok_or(ArenaError::NoSuchPlayer(id))
    }

    /// Pauses (`true`) or resumes (`false`) a player's pairing.
    pub fn pause(&mut self, id: u32, paused: bool) -> Result<(), ArenaError> {
        let p = self.player_mut(id)?;
        p.paused = paused;
        if !paused {
            p.withdrawn = false;
        }
        Ok(())
    }

    /// A player leaves: never paired again (his running game goes on; his points stay).
    pub fn withdraw(&mut self, id: u32) -> Result<(), ArenaError> {
        self.player_mut(id)?.withdrawn = true;
        Ok(())
    }

    /// Standings order: points, then rating, then id.
    pub fn standings(&self) -> Vec<&ArenaPlayer> {
        let mut v: Vec<&ArenaPlayer> = self.players.iter().collect();
        v.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(b.rating.cmp(&a.rating))
                .then(a.id.cmp(&b.id))
        });
        v
    }

    /// The pairing wave at `now_ms`: every free player (not playing, paused or withdrawn) is
    /// paired with the nearest free player below him in the standings who was not his last
    /// opponent. Returns the new games.
    pub fn pair_wave(&mut self, now_ms: u64) -> Vec<ArenaGame> {
        if self.time_up(now_ms) {
            return Vec::new();
        }
        let free: Vec<u32> = self
            .standings()
            .into_iter()
            .filter(|p| p.playing.is_none() && !p.paused && !p.withdrawn)
            .map(|p| p.id)
            .collect();
        let others_busy = self.players.iter().any(|p| p.playing.is_some());
        let mut taken = vec![false; free.len()];
        let mut pairs = Vec::new();
        for i in 0..free.len() {
            if taken[i] {
                continue;
            }
            let a = &self.players[free[i] as usize - 1];
            let candidates: Vec<usize> = (i + 1..free.len()).filter(|&j| !taken[j]).collect();
            let fresh = candidates.iter().copied().find(|&j| {
                let b = &self.players[free[j] as usize - 1];
                a.last_opponent != Some(b.id) && b.last_opponent != Some(a.id)
            });
            // The last opponent only when nobody else is free or can become free.
            let chosen = fresh.or_else(|| {
                let nobody_else = free.len() == 2 && !others_busy;
                candidates.first().copied().filter(|_| nobody_else)
            });
            if let Some(j) = chosen {
                taken[i] = true;
                taken[j] = true;
                pairs.push((free[i], free[j]));
            }
        }
        let mut out = Vec::new();
        for (a, b) in pairs {
            let (pa, pb) = (&self.players[a as usize - 1], &self.players[b as usize - 1]);
            // South to whoever had it less (then to whoever had North more, then the lower id).
            let a_south = (pa.south_games, pb.north_games, a) < (pb.south_games, pa.north_games, b);
            let (south, north) = if a_south { (a, b) } else { (b, a) };
            let id = self.games.len() as u32 + 1;
            let game = ArenaGame {
                id,
                south,
                north,
                started_ms: now_ms,
                south_berserk: false,
                north_berserk: false,
                result: None,
            };
            self.games.push(game);
            for (p, color) in [(south, Color::White), (north, Color::Black)] {
                let pl = &mut self.players[p as usize - 1];
                pl.playing = Some(id);
                match color {
                    Color::White => pl.south_games += 1,
                    Color::Black => pl.north_games += 1,
                }
            }
            out.push(game);
        }
        out
    }

    fn game_mut(&mut self, id: u32) -> Result<&mut ArenaGame, ArenaError> {
        id.checked_sub(1)
            .and_then(|i| self.games.get_mut(i as usize))
            .ok_or(ArenaError::NoSuchGame(id))
    }

    /// A player goes berserk in his game, before his first move (`moves_played`: his moves so
    /// far). Returns his clock: half the initial time, and no increment.
    pub fn berserk(
        &mut self,
        game: u32,
        player: u32,
        moves_played: u32,
    ) -> Result<u64, ArenaError> {
        if !self.config.berserk || moves_played > 0 {
            return Err(ArenaError::BerserkNotAllowed);
        }
        let half = self.config.initial_ms / 2;
        let g = self.game_mut(game)?;
        if g.result.is_some() {
            return Err(ArenaError::GameOver(game));
        }
        if g.south == player {
            g.south_berserk = true;
        } else if g.north == player {
            g.north_berserk = true;
        } else {
            return Err(ArenaError::NotInGame { player, game });
        }
        Ok(half)
    }

    /// A game ends after `plies` half-moves; scores it (also after the arena's time is up).
    pub fn finish_game(
        &mut self,
        game: u32,
        result: ArenaResult,
        plies: u32,
    ) -> Result<(), ArenaError> {
        let min_moves = self.config.berserk_min_moves;
        let g = self.game_mut(game)?;
        if g.result.is_some() {
            return Err(ArenaError::GameOver(game));
        }
        g.result = Some(result);
        let g = *g;
        let sides = [
            (g.south, g.north, g.south_berserk, plies.div_ceil(2), 0u32),
            (g.north, g.south, g.north_berserk, plies / 2, 1u32),
        ];
        for (me, opp, berserk, my_moves, side) in sides {
            let outcome = match (result, side) {
                (ArenaResult::Draw, _) => 1,
                (ArenaResult::SouthWins, 0) | (ArenaResult::NorthWins, 1) => 2,
                _ => 0,
            };
            let p = &mut self.players[me as usize - 1];
            let on_fire = p.wins_in_a_row >= 2;
            let berserk_point = berserk && outcome == 2 && my_moves >= min_moves;
            let points = outcome * if on_fire { 2 } else { 1 } + berserk_point as u32;
            p.score += points;
            p.wins_in_a_row = if outcome == 2 { p.wins_in_a_row + 1 } else { 0 };
            p.sheet.push(SheetEntry {
                game,
                outcome,
                points,
                on_fire,
                berserk_point,
            });
            p.last_opponent = Some(opp);
            p.playing = None;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena(n: u32) -> Arena {
        let mut a = Arena::new(ArenaConfig {
            duration_ms: 60_000,
            ..ArenaConfig::default()
        });
        for i in 0..n {
            a.join(&format!("p{i}"), 2000 - 10 * i, 0).unwrap();
        }
        a
    }

    #[test]
    fn a_wave_pairs_neighbours_in_the_standings() {
        let mut a = arena(5);
        let games = a.pair_wave(0);
        let pairs: Vec<(u32, u32)> = games
            .iter()
            .map(|g| (g.south.min(g.north), g.south.max(g.north)))
            .collect();
        assert_eq!(pairs, vec![(1, 2), (3, 4)]);
        // The odd player waits; a second wave pairs nobody new.
        assert!(a.pair_wave(10).is_empty());
        // Player 3 wins: he and 4 are free; 5 pairs with 3 (the nearest who is not his last
        // opponent), not 4 with 3 again.
        a.finish_game(2, ArenaResult::SouthWins, 30).unwrap();
        let games = a.pair_wave(20);
        assert_eq!(games.len(), 1);
        let g = games[0];
        let ids = [g.south.min(g.north), g.south.max(g.north)];
        assert!(ids == [3, 5] || ids == [4, 5], "{ids:?}");
        assert!(a.players[2].playing.is_some() != a.players[3].playing.is_some());
    }

    #[test]
    fn no_immediate_rematch_unless_nobody_else() {
        let mut a = arena(2);
        a.pair_wave(0);
        a.finish_game(1, ArenaResult::Draw, 20).unwrap();
        // Only two players, nobody else playing: they meet again, colours swapped.
        let g = a.pair_wave(5);
        assert_eq!(g.len(), 1);
        assert_eq!(a.games[0].south, a.games[1].north);
        // With four players, the two that just met are not paired together again.
        let mut a = arena(4);
        a.pair_wave(0);
        a.finish_game(1, ArenaResult::Draw, 20).unwrap();
        assert!(a.pair_wave(1).is_empty(), "1 and 2 wait for others");
        a.finish_game(2, ArenaResult::Draw, 20).unwrap();
        let g = a.pair_wave(2);
        for x in g {
            assert_ne!((x.south.min(x.north), x.south.max(x.north)), (1, 2));
            assert_ne!((x.south.min(x.north), x.south.max(x.north)), (3, 4));
        }
    }

    #[test]
    fn streaks_double_the_points() {
        let mut a = arena(4);
        let mut expected = vec![];
        for round in 0..5u64 {
            let games = a.pair_wave(round * 100);
            for g in games {
                let p1_south = g.south == 1;
                let result = if g.south == 1 || g.north == 1 {
                    if round == 3 {
                        ArenaResult::Draw
                    } else if p1_south {
                        ArenaResult::SouthWins
                    } else {
                        ArenaResult::NorthWins
                    }
                } else {
                    ArenaResult::Draw
                };
                a.finish_game(g.id, result, 40).unwrap();
            }
        }
        for e in &a.players[0].sheet {
            expected.push(e.points);
        }
        // Win 2, win 2, on fire: win 4, draw on fire 2 (ends the streak), win 2.
        assert_eq!(expected, vec![2, 2, 4, 2, 2]);
        assert_eq!(a.players[0].score, 12);
    }

    #[test]
    fn berserk_earns_a_point_on_a_long_enough_win() {
        let mut a = arena(4);
        let g = a.pair_wave(0);
        let (g1, g2) = (g[0], g[1]);
        assert_eq!(a.berserk(g1.id, g1.south, 0).unwrap(), 90_000);
        assert_eq!(
            a.berserk(g1.id, g1.south, 1),
            Err(ArenaError::BerserkNotAllowed)
        );
        assert!(matches!(
            a.berserk(g1.id, 99, 0),
            Err(ArenaError::NotInGame { .. })
        ));
        a.berserk(g2.id, g2.north, 0).unwrap();
        // Game 1: the berserker wins after 13 plies (7 of his moves): 3 points.
        a.finish_game(g1.id, ArenaResult::SouthWins, 13).unwrap();
        assert_eq!(a.players[g1.south as usize - 1].score, 3);
        // Game 2: the berserker wins too quickly (5 plies: 2 moves): no extra point.
        a.finish_game(g2.id, ArenaResult::NorthWins, 5).unwrap();
        assert_eq!(a.players[g2.north as usize - 1].score, 2);
        assert!(a.finish_game(g2.id, ArenaResult::Draw, 5).is_err());
    }

    #[test]
    fn time_up_stops_pairing_but_running_games_count() {
        let mut a = arena(4);
        a.pair_wave(59_000);
        assert!(!a.finished(60_000));
        assert!(a.pair_wave(60_000).is_empty());
        assert!(a.join("late", 1500, 60_000).is_err());
        a.finish_game(1, ArenaResult::SouthWins, 40).unwrap();
        a.finish_game(2, ArenaResult::Draw, 40).unwrap();
        assert!(a.finished(61_000));
        assert_eq!(a.standings()[0].score, 2);
        // Paused and withdrawn players are not paired.
        let mut b = arena(4);
        b.pause(1, true).unwrap();
        b.withdraw(2).unwrap();
        let g = b.pair_wave(0);
        assert_eq!(g.len(), 1);
        assert_eq!(
            (g[0].south.min(g[0].north), g[0].south.max(g[0].north)),
            (3, 4)
        );
        b.pause(1, false).unwrap();
        assert!(b.pair_wave(1).is_empty(), "one free player waits");
    }
}
