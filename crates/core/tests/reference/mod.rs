//! A deliberately simple and slow second implementation of the `olowuka` and `ba-awa` presets
//! (default options only), written from rules.md alone and kept apart from the fast code: plain
//! vectors, one seed at a time, every lap-boundary state of a move kept in a list to notice a
//! repeat, the whole game history kept in a list. It exists to check the fast code's perft
//! counts and playouts.

#![allow(dead_code, clippy::type_complexity, clippy::needless_range_loop)]

/// How a finished game ended: `Some(player)` won, `None` draw.
pub type Result2 = Option<usize>;

fn opponent(p: usize) -> usize {
    1 - p
}

fn row_of(pit: usize) -> usize {
    pit / 6
}

// ------------------------------------------------------------------------------------------------
// Ọlọwuka (rules.md §4, default options)
// ------------------------------------------------------------------------------------------------

/// An Ọlọwuka game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct RefOlowuka {
    pub pits: Vec<u32>,
    pub store: [u32; 2],
    pub turn: usize,
    pub finished: Option<Result2>,
    /// Every (pits, store, turn) seen so far, the start included.
    pub seen: Vec<(Vec<u32>, [u32; 2], usize)>,
}

impl RefOlowuka {
    pub fn start() -> Self {
        Self::from(vec![4; 12], [0, 0], 0)
    }

    pub fn from(pits: Vec<u32>, store: [u32; 2], turn: usize) -> Self {
        let mut g = RefOlowuka {
            seen: vec![(pits.clone(), store, turn)],
            pits,
            store,
            turn,
            finished: None,
        };
        g.check_scores();
        if g.finished.is_none() && g.legal().is_empty() {
            g.each_takes_own_row();
        }
        g
    }

    /// Sows from `pit` for player `p`; `None` if the move never ends, else the board after
    /// captures and the seeds captured.
    pub fn sow(pits: &[u32], p: usize, pit: usize) -> Option<(Vec<u32>, u32)> {
        let mut board = pits.to_vec();
        let mut from = pit;
        let mut states: Vec<(Vec<u32>, usize)> = Vec::new();
        loop {
            if states.iter().any(|(b, f)| *b == board && *f == from) {
                return None;
            }
            states.push((board.clone(), from));
            let mut hand = board[from];
            board[from] = 0;
            let mut at = from;
            while hand > 0 {
                at = (at + 1) % 12;
                board[at] += 1;
                hand -= 1;
            }
            let n = board[at];
            let theirs = row_of(at) != p;
            if theirs && (n == 2 || n == 3) {
                // The chain backwards, within the opponent's row.
                let mut chain = Vec::new();
                let mut j = at;
                loop {
                    if row_of(j) == p || !(board[j] == 2 || board[j] == 3) {
                        break;
                    }
                    chain.push(j);
                    if j % 6 == 0 {
                        break;
                    }
                    j -= 1;
                }
                let chain_seeds: u32 = chain.iter().map(|&j| board[j]).sum();
                let their_row: u32 = (0..12).filter(|&j| row_of(j) != p).map(|j| board[j]).sum();
                let mut take = chain.clone();
                if chain_seeds == their_row {
                    // Grand slam: the chain's last pit keeps its seeds; one pit alone is kept.
                    take.pop();
                }
                let mut got = 0;
                for j in take {
                    got += board[j];
                    board[j] = 0;
                }
                return Some((board, got));
            }
            if n >= 4 {
                from = at;
                continue;
            }
            return Some((board, 0));
        }
    }

    pub fn legal(&self) -> Vec<usize> {
        if self.finished.is_some() {
            return Vec::new();
        }
        let p = self.turn;
        let mut ok = Vec::new();
        let mut feeds = Vec::new();
        for pit in 6 * p..6 * p + 6 {
            if self.pits[pit] == 0 {
                continue;
            }
            if let Some((b, _)) = Self::sow(&self.pits, p, pit) {
                ok.push(pit);
                let left: u32 = (0..12).filter(|&j| row_of(j) != p).map(|j| b[j]).sum();
                if left > 0 {
                    feeds.push(pit);
                }
            }
        }
        if feeds.is_empty() {
            ok
        } else {
            feeds
        }
    }

    fn check_scores(&mut self) {
        for p in 0..2 {
            if self.store[p] > 24 {
                self.finished = Some(Some(p));
            }
        }
        if self.store == [24, 24] {
            self.finished = Some(None);
        }
    }

    fn each_takes_own_row(&mut self) {
        for j in 0..12 {
            self.store[row_of(j)] += self.pits[j];
            self.pits[j] = 0;
        }
        self.finished = Some(match self.store[0].cmp(&self.store[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        });
    }

    pub fn play(&mut self, pit: usize) {
        assert!(self.legal().contains(&pit), "illegal {pit}");
        let (b, got) = Self::sow(&self.pits, self.turn, pit).expect("legal moves end");
        self.pits = b;
        self.store[self.turn] += got;
        self.turn = opponent(self.turn);
        self.check_scores();
        if self.finished.is_some() {
            return;
        }
        let key = (self.pits.clone(), self.store, self.turn);
        if self.seen.contains(&key) {
            self.each_takes_own_row();
            return;
        }
        self.seen.push(key);
        if self.legal().is_empty() {
            self.each_takes_own_row();
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::slow_perft::perft(self, depth, &Self::legal, &Self::play)
    }
}

// ------------------------------------------------------------------------------------------------
// Ba-awa (rules.md §5, default options): whole matches
// ------------------------------------------------------------------------------------------------

/// A Ba-awa match in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct RefBaAwa {
    pub pits: Vec<u32>,
    /// The owner (0 South, 1 North) of each pit.
    pub owner: Vec<usize>,
    pub caught: [u32; 2],
    pub turn: usize,
    pub starter: usize,
    pub round: u32,
    pub finished: Option<Result2>,
    /// The captures of the last finished round.
    pub last_round: Option<[u32; 2]>,
    /// This round's (pits, owner, caught, turn, starter) so far.
    pub seen: Vec<(Vec<u32>, Vec<usize>, [u32; 2], usize, usize)>,
}

impl RefBaAwa {
    pub fn start() -> Self {
        let mut g = RefBaAwa {
            pits: vec![4; 12],
            owner: (0..12).map(row_of).collect(),
            caught: [0, 0],
            turn: 0,
            starter: 0,
            round: 1,
            finished: None,
            last_round: None,
            seen: Vec::new(),
        };
        g.seen.push(g.key());
        g
    }

    /// A round-1 position with the standard owners, South starting the round.
    pub fn from_board(pits: Vec<u32>, caught: [u32; 2], turn: usize) -> Self {
        let mut g = Self::start();
        g.pits = pits;
        g.caught = caught;
        g.turn = turn;
        g.seen = vec![g.key()];
        g.after();
        g
    }

    fn key(&self) -> (Vec<u32>, Vec<usize>, [u32; 2], usize, usize) {
        (
            self.pits.clone(),
            self.owner.clone(),
            self.caught,
            self.turn,
            self.starter,
        )
    }

    /// Sows from `pit` for player `p`: `None` if it never ends, else the board and captures.
    pub fn sow(
        pits: &[u32],
        owner: &[usize],
        caught: [u32; 2],
        p: usize,
        pit: usize,
    ) -> Option<(Vec<u32>, [u32; 2])> {
        let mut board = pits.to_vec();
        let mut caught = caught;
        let mut from = pit;
        let mut states: Vec<(Vec<u32>, usize, [u32; 2])> = Vec::new();
        loop {
            if states
                .iter()
                .any(|(b, f, c)| *b == board && *f == from && *c == caught)
            {
                return None;
            }
            states.push((board.clone(), from, caught));
            let mut hand = board[from];
            board[from] = 0;
            let mut at = from;
            loop {
                at = (at + 1) % 12;
                board[at] += 1;
                hand -= 1;
                if hand == 0 {
                    break;
                }
                if board[at] == 4 {
                    caught[owner[at]] += 4;
                    board[at] = 0;
                }
            }
            match board[at] {
                4 => {
                    caught[p] += 4;
                    board[at] = 0;
                    return Some((board, caught));
                }
                1 => return Some((board, caught)),
                _ => from = at,
            }
        }
    }

    pub fn legal(&self) -> Vec<usize> {
        if self.finished.is_some() {
            return Vec::new();
        }
        self.legal_for(self.turn)
    }

    fn legal_for(&self, p: usize) -> Vec<usize> {
        (0..12)
            .filter(|&j| self.owner[j] == p && self.pits[j] > 0)
            .filter(|&j| Self::sow(&self.pits, &self.owner, self.caught, p, j).is_some())
            .collect()
    }

    fn end_round(&mut self) {
        let c = self.caught;
        self.last_round = Some(c);
        // Pits per 4 captured.
        let south = c[0] / 4;
        let north = c[1] / 4;
        if south >= 10 || north == 0 {
            self.finished = Some(Some(0));
            return;
        }
        if north >= 10 || south == 0 {
            self.finished = Some(Some(1));
            return;
        }
        let mut owner: Vec<usize> = (0..12).map(row_of).collect();
        if south > 6 {
            for k in 0..(south - 6) as usize {
                owner[6 + k] = 0;
            }
        }
        if north > 6 {
            for k in 0..(north - 6) as usize {
                owner[k] = 1;
            }
        }
        self.owner = owner;
        self.pits = vec![4; 12];
        self.caught = [0, 0];
        self.starter = opponent(self.starter);
        self.turn = self.starter;
        self.round += 1;
        self.seen = vec![self.key()];
    }

    /// The starter takes what is left, and the round ends.
    fn starter_takes_rest(&mut self) {
        let rest: u32 = self.pits.iter().sum();
        self.caught[self.starter] += rest;
        self.pits = vec![0; 12];
        self.end_round();
    }

    /// Passes while the player to move cannot move; ends the round if nobody can.
    fn after(&mut self) {
        while self.finished.is_none() {
            if !self.legal_for(self.turn).is_empty() {
                return;
            }
            if !self.legal_for(opponent(self.turn)).is_empty() {
                self.turn = opponent(self.turn);
                return;
            }
            self.starter_takes_rest();
        }
    }

    pub fn play(&mut self, pit: usize) {
        assert!(self.legal().contains(&pit), "illegal {pit}");
        let (b, c) = Self::sow(&self.pits, &self.owner, self.caught, self.turn, pit)
            .expect("legal moves end");
        self.pits = b;
        self.caught = c;
        self.last_round = None;
        self.turn = opponent(self.turn);
        if self.pits.iter().sum::<u32>() <= 8 {
            self.starter_takes_rest();
            self.after();
            return;
        }
        let key = self.key();
        if self.seen.contains(&key) {
            self.starter_takes_rest();
            self.after();
            return;
        }
        self.seen.push(key);
        self.after();
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::slow_perft::perft(self, depth, &Self::legal, &Self::play)
    }
}
