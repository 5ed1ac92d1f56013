//! A deliberately simple and slow Isolo simulator, written from rules.md §6 and clarifications
//! 1, 2, 13-15 alone (not from `mancala_core::isolo`), used as the second opinion for perft and for
//! random-game differential tests. It sows seed by seed, keeps every lap-boundary state of a move
//! in a hash map, and copies vectors freely: clarity over speed.

#![allow(dead_code)]

use std::collections::HashMap;

/// What a never-ending move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endless {
    Illegal,
    EndAtDetection,
    MoverLoses,
}

/// The rule options, one field per option of rules.md §6.6.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub north_first: bool,
    pub proper_leftmost: bool,
    pub always_leftmost: bool,
    pub same_end: bool,
    pub singleton_after_first: bool,
    pub endless: Endless,
    pub repetition_draw: bool,
    pub max_plies: Option<u32>,
    pub stock_limit: Option<u32>,
    pub max_total: u32,
    pub no_singletons: bool,
}

impl Rules {
    /// The preset's defaults.
    pub fn defaults() -> Rules {
        Rules {
            north_first: false,
            proper_leftmost: false,
            always_leftmost: false,
            same_end: false,
            singleton_after_first: false,
            endless: Endless::Illegal,
            repetition_draw: true,
            max_plies: None,
            stock_limit: None,
            max_total: 64,
            no_singletons: false,
        }
    }

    /// Applies `name=value` settings written exactly as the documentation spells them.
    pub fn with(assignments: &[(&str, &str)]) -> Rules {
        let mut r = Rules::defaults();
        for &(name, value) in assignments {
            let on = value == "On";
            let num = || -> Option<u32> {
                if value == "none" {
                    None
                } else {
                    Some(value.parse().unwrap())
                }
            };
            match name {
                "first_player" => r.north_first = value == "North",
                "proper_first_lap_start" => r.proper_leftmost = value == "Leftmost",
                "regular_resow" => r.always_leftmost = value == "AlwaysLeftmost",
                "singleton_resow_start" => r.same_end = value == "SameEnd",
                "singleton_rule_after_first_lap_only" => r.singleton_after_first = on,
                "infinite_move" => {
                    r.endless = match value {
                        "Illegal" => Endless::Illegal,
                        "EndAtDetection" => Endless::EndAtDetection,
                        "MoverLoses" => Endless::MoverLoses,
                        _ => panic!("reference: unknown value {value}"),
                    }
                }
                "repetition" => r.repetition_draw = value == "Draw",
                "max_plies" => r.max_plies = num(),
                "stock_limit" => r.stock_limit = num(),
                "kucheleka_max_total" => r.max_total = value.parse().unwrap(),
                "no_singletons" => r.no_singletons = on,
                _ => panic!("reference: unknown option {name}"),
            }
        }
        r
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Foregame,
    Kucheleka,
    Proper,
}

/// A move: a pit index 0..16, or the winner's 8 counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mv {
    Pit(usize),
    Setup(Vec<u32>),
}

impl Mv {
    /// Written as the documentation writes moves.
    pub fn text(&self) -> String {
        match self {
            Mv::Pit(i) if *i < 8 => ((b'A' + *i as u8) as char).to_string(),
            Mv::Pit(i) => ((b'a' + (*i - 8) as u8) as char).to_string(),
            Mv::Setup(c) => format!(
                "k:{}",
                c.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        }
    }
}

/// How a simulated move went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sim {
    Ends {
        board: Vec<u32>,
        laps: u64,
    },
    /// The state after lap `laps` equals the state after lap `laps - period`.
    NeverEnds {
        board: Vec<u32>,
        laps: u64,
        period: u64,
    },
}

/// Plays one move of `mover` from `pit` on a copy of `board`, seed by seed.
pub fn simulate(board: &[u32], mover: usize, pit: usize, foregame: bool, rules: &Rules) -> Sim {
    let mut b = board.to_vec();
    let my_row: Vec<usize> = (0..8).map(|k| 8 * mover + k).collect();
    let opp = 1 - mover;
    let k = pit - 8 * mover;
    if foregame {
        b[pit] += 1; // the stock seed
    }
    let mut hand = b[pit];
    b[pit] = 0;
    // Where lap 1 begins: leftmost (8th pit if the 7th was chosen) in the foregame or under
    // the Leftmost option, else the next pit.
    let mut start = if foregame || rules.proper_leftmost {
        if k == 6 {
            7
        } else {
            0
        }
    } else {
        (k + 1) % 8
    };
    let mut first = true;
    let mut seen: HashMap<([u32; 16], usize, usize, bool), u64> = HashMap::new();
    let mut lap: u64 = 0;
    loop {
        lap += 1;
        let mut cursor = start;
        let mut last = start;
        while hand > 0 {
            b[my_row[cursor]] += 1;
            hand -= 1;
            last = cursor;
            cursor = (cursor + 1) % 8;
        }
        let mut pits = [0u32; 16];
        pits.copy_from_slice(&b);
        let state = (pits, last, start, first);
        if let Some(&earlier) = seen.get(&state) {
            return Sim::NeverEnds {
                board: b,
                laps: lap,
                period: lap - earlier,
            };
        }
        seen.insert(state, lap);
        let last_pit = my_row[last];
        if b[last_pit] == 1 {
            return Sim::Ends {
                board: b,
                laps: lap,
            };
        }
        let facing = 15 - last_pit;
        if b[facing] == 0 {
            hand = b[last_pit];
            b[last_pit] = 0;
            start = (last + 1) % 8;
        } else {
            let kf = facing - 8 * opp;
            let end_hole = kf == 0 || kf == 1 || kf == 6 || kf == 7;
            if b[facing] == 1 && end_hole && !(rules.singleton_after_first && first) {
                let their_extreme = if kf <= 1 { 8 * opp } else { 8 * opp + 7 };
                let my_extreme = 15 - their_extreme;
                hand = b[facing];
                b[facing] = 0;
                hand += b[their_extreme];
                b[their_extreme] = 0;
                hand += b[my_extreme];
                b[my_extreme] = 0;
                let mk = my_extreme - 8 * mover;
                start = if rules.same_end { mk } else { 7 - mk };
            } else {
                hand = b[facing];
                b[facing] = 0;
                if first || rules.always_leftmost {
                    start = 0;
                }
                // else: the same pit where this lap began
            }
        }
        first = false;
    }
}

/// A whole game.
#[derive(Clone, Debug)]
pub struct Game {
    pub board: Vec<u32>,
    pub phase: Phase,
    pub turn: usize,
    pub stock: [u32; 2],
    pub plies: u32,
    /// (winner, reason) once over.
    pub result: Option<(Option<usize>, &'static str)>,
    pub foregame_winner: Option<usize>,
    history: Vec<(Vec<u32>, usize)>,
    pub rules: Rules,
}

impl Game {
    /// The start of a game.
    pub fn start(rules: Rules) -> Game {
        let turn = usize::from(rules.north_first);
        let mut g = Game {
            board: vec![2; 16],
            phase: Phase::Foregame,
            turn,
            stock: [0, 0],
            plies: 0,
            result: None,
            foregame_winner: None,
            history: Vec::new(),
            rules,
        };
        g.settle();
        g
    }

    /// Reads `F:…`, `K:…` or `P:…` (16 pits, two stock counts, S/N), assuming it is well formed.
    pub fn read(text: &str, rules: Rules) -> Game {
        let (ph, rest) = text.split_once(':').unwrap();
        let f: Vec<&str> = rest.split('-').collect();
        let board: Vec<u32> = f[..16].iter().map(|x| x.parse().unwrap()).collect();
        let stock = [f[16].parse().unwrap(), f[17].parse().unwrap()];
        let turn = usize::from(f[18] == "N");
        let phase = match ph {
            "F" => Phase::Foregame,
            "K" => Phase::Kucheleka,
            _ => Phase::Proper,
        };
        let mut g = Game {
            board,
            phase,
            turn,
            stock,
            plies: 0,
            result: None,
            foregame_winner: (phase == Phase::Kucheleka).then_some(turn),
            history: Vec::new(),
            rules,
        };
        if phase == Phase::Proper {
            g.history.push((g.board.clone(), g.turn));
        }
        g.settle();
        g
    }

    fn row_total(&self, side: usize) -> u32 {
        self.board[8 * side..8 * side + 8].iter().sum()
    }

    /// The documented representative kucheleka actions, in order.
    pub fn setups(max_total: u32) -> Vec<Mv> {
        let mut out = Vec::new();
        for n in 1..=8 {
            if 8 * n <= max_total {
                out.push(Mv::Setup(vec![n; 8]));
            }
        }
        for p in 0..8 {
            let mut c = vec![0; 8];
            c[p] = 1;
            out.push(Mv::Setup(c));
        }
        let big = max_total.min(16);
        if big > 1 {
            for p in 0..8 {
                let mut c = vec![0; 8];
                c[p] = big;
                out.push(Mv::Setup(c));
            }
        }
        out
    }

    /// The legal moves (the representative set at kucheleka).
    pub fn legal(&self) -> Vec<Mv> {
        if self.result.is_some() {
            return Vec::new();
        }
        if self.phase == Phase::Kucheleka {
            return Game::setups(self.rules.max_total);
        }
        if self.phase == Phase::Foregame {
            if let Some(limit) = self.rules.stock_limit {
                if self.stock[self.turn] >= limit {
                    return Vec::new();
                }
            }
        }
        let mut pits = Vec::new();
        for k in 0..8 {
            let p = 8 * self.turn + k;
            if self.board[p] == 0 {
                continue;
            }
            if self.rules.endless == Endless::Illegal {
                let sim = simulate(
                    &self.board,
                    self.turn,
                    p,
                    self.phase == Phase::Foregame,
                    &self.rules,
                );
                if matches!(sim, Sim::NeverEnds { .. }) {
                    continue;
                }
            }
            pits.push(p);
        }
        if self.phase == Phase::Proper && self.rules.no_singletons {
            let big: Vec<usize> = pits
                .iter()
                .copied()
                .filter(|&p| self.board[p] >= 2)
                .collect();
            if !big.is_empty() {
                pits = big;
            }
        }
        pits.into_iter().map(Mv::Pit).collect()
    }

    fn lose(&mut self, loser: usize, reason: &'static str) {
        let winner = 1 - loser;
        if self.phase == Phase::Foregame {
            self.phase = Phase::Kucheleka;
            self.turn = winner;
            self.foregame_winner = Some(winner);
            self.plies = 0;
        } else {
            self.result = Some((Some(winner), reason));
        }
    }

    /// Plays a move that `legal` listed (or any valid kucheleka).
    pub fn play(&mut self, mv: &Mv) {
        match mv {
            Mv::Setup(counts) => {
                let me = self.turn;
                for (k, &c) in counts.iter().enumerate() {
                    self.board[8 * me + k] = c;
                    self.board[8 * (1 - me) + k] = 2;
                }
                self.phase = Phase::Proper;
                self.plies = 0;
                self.history = vec![(self.board.clone(), self.turn)];
            }
            Mv::Pit(p) => {
                let me = self.turn;
                let foregame = self.phase == Phase::Foregame;
                let sim = simulate(&self.board, me, *p, foregame, &self.rules);
                let endless = matches!(sim, Sim::NeverEnds { .. });
                self.board = match sim {
                    Sim::Ends { board, .. } | Sim::NeverEnds { board, .. } => board,
                };
                if foregame {
                    self.stock[me] += 1;
                }
                self.plies += 1;
                // The notation shows the player who would move next, even once it is over.
                self.turn = 1 - me;
                if endless && self.rules.endless == Endless::MoverLoses {
                    self.lose(me, "endless_move");
                } else if self.row_total(1 - me) == 0 {
                    self.lose(1 - me, "row_emptied");
                } else {
                    if self.phase == Phase::Proper {
                        let key = (self.board.clone(), self.turn);
                        if self.rules.repetition_draw && self.history.contains(&key) {
                            self.result = Some((None, "repetition"));
                            return;
                        }
                        self.history.push(key);
                    }
                }
            }
        }
        self.settle();
    }

    fn settle(&mut self) {
        if self.result.is_some() || self.phase == Phase::Kucheleka {
            return;
        }
        if self.row_total(self.turn) == 0 {
            self.lose(self.turn, "row_emptied");
            return;
        }
        let total: u32 = self.board.iter().sum();
        let too_long = self.rules.max_plies.is_some_and(|m| self.plies >= m);
        if (self.phase == Phase::Foregame && total >= 255) || too_long {
            self.result = Some((None, "max_plies"));
            return;
        }
        if self.legal().is_empty() {
            self.lose(self.turn, "no_legal_move");
        }
    }

    /// Counts the sequences of `depth` legal moves (rules.md perft convention).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::slow_perft::perft(self, depth, &Self::legal, &|g: &mut Self, m: Mv| g.play(&m))
    }
}
