//! The pipeline that fits the evaluation: self-play data, Texel-style logistic fitting, and the
//! generated weights file.
//!
//! 1. [`play_game`] plays one game of the engine against itself (fixed-depth searches, one
//!    thread, hand-set or fitted evaluation) after a few uniformly random opening plies drawn from
//!    a seed, and returns every position the engine moved from, labelled with the game's result
//!    for the side to move (1 win, ½ draw or unfinished, 0 loss) and with the search's score.
//!    Games are independent, so front ends may play them in parallel: the data depend only on the
//!    seed and the game indices.
//! 2. [`Dataset::new`] turns samples into rows of the features of their [`Family`] (see
//!    [`crate::features`]: the 2x6 games, [`crate::features::ba_awa`],
//!    [`crate::features::isolo`]).
//! 3. [`fit`] minimises the mean squared error between `sigmoid(z)` and the label, `z` being the
//!    linear, phase-interpolated function of the features, by full-batch Adam (a few hundred
//!    steps over a few hundred thousand sparse rows: a minute or two, no library needed), with a
//!    small L2 penalty that keeps rare buckets near zero. Everything runs in a fixed order, so
//!    the result is bit-for-bit reproducible.
//! 4. [`to_weights`] rescales the fitted logistic weights so that a seed in the store is worth
//!    exactly 100 centiseeds (so the scale `K` of `sigmoid(eval / K)` is whatever the fit says a
//!    seed is worth; in Isolo, which has no stores, a seed on one's row) and rounds them;
//!    [`render`] writes the weights file.

use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::{Game, Side};

use crate::eval::{hand_board, EvalKind};
use crate::features::{Phase, STORE};
pub use crate::games::Family;
use crate::games::{dispatch, EngineGame, GameTask};
use crate::tt::splitmix;
use crate::{Engine, Limits, Score, SearchOptions};

/// Fitted weights in centiseeds, `[full board, empty board]` per feature of a family (see
/// [`Family::features`]).
pub type FittedWeights = Vec<[i32; 2]>;

/// What can go wrong in the pipeline.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TuneError {
    /// The preset has no fitted evaluation.
    #[error("{0} has no fitted evaluation (families: oware for abapa/oware/wuri/ouril-ludii, ouril, olowuka, ba-awa, isolo)")]
    NoFamily(String),
    /// A sample's position cannot be read.
    #[error("sample {index}: position {position:?}: {reason}")]
    BadPosition {
        /// Index of the sample.
        index: usize,
        /// The position text.
        position: String,
        /// Why.
        reason: String,
    },
    /// A sample's label is not within 0..=1.
    #[error("sample {index}: label {label} is not within 0..1")]
    BadLabel {
        /// Index of the sample.
        index: usize,
        /// The label.
        label: f64,
    },
    /// No rows to fit on.
    #[error("no samples to fit on")]
    Empty,
    /// The fit found no positive value for a seed in the store, so there is no scale.
    #[error("the fitted store weight is {0}, not positive: the data say nothing about material")]
    NoScale(f64),
    /// The engine failed to move in a game that is not over.
    #[error("the engine found no move in {0}")]
    NoMove(String),
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The preset.
    pub variant: Variant,
    /// The game it comes from (held-out sets are chosen by game).
    pub game: u32,
    /// The position's notation.
    pub position: String,
    /// The result for the side to move: 1 win, 0.5 draw (or unfinished), 0 loss.
    pub result: f64,
    /// The search's score in centiseeds for the side to move (a proven result as ±(3000 + 100 ×
    /// margin)).
    pub score: i32,
}

/// How [`play_game`] plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// The preset.
    pub variant: Variant,
    /// The start position (the game's notation), or `None` for the preset's start.
    pub start: Option<String>,
    /// The master seed.
    pub seed: u64,
    /// Search depth of every move.
    pub depth: u32,
    /// Random opening plies: between `random_plies.0` and `random_plies.1`, drawn per game.
    pub random_plies: (u32, u32),
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// The evaluation the players use.
    pub eval: EvalKind,
}

/// Plays game number `index` of a data set and returns its labelled positions (those after the
/// random opening, where the engine chose the move). Deterministic for a given configuration
/// and index.
///
/// A Ba-awa game is a match of rounds. Between two equal deterministic players the rounds repeat
/// and the match rarely ends, so every round (not only the first) begins with random plies, and
/// a position is labelled with the result of its *round* (1 for the player who captured more, who
/// gains territory; ½ for 24-24 or a round cut by `max_plies`).
pub fn play_game(cfg: &GenConfig, index: u32) -> Result<Vec<Sample>, TuneError> {
    let mut state = splitmix(cfg.seed ^ (u64::from(index) << 20));
    let mut game = cfg
        .variant
        .new_game(&[], cfg.start.as_deref())
        .map_err(|e| TuneError::NoMove(e.to_string()))?;
    let (lo, hi) = (
        cfg.random_plies.0.min(cfg.random_plies.1),
        cfg.random_plies.1.max(cfg.random_plies.0),
    );
    let mut random_plies = |game: &mut AnyGame| -> Result<(), TuneError> {
        state = splitmix(state);
        let opening = lo + (state % u64::from(hi - lo + 1)) as u32;
        for _ in 0..opening {
            let legal = game.state().legal;
            if legal.is_empty() {
                break;
            }
            state = splitmix(state);
            let mv = &legal[(state % legal.len() as u64) as usize];
            game.play(mv)
                .map_err(|e| TuneError::NoMove(format!("{}: {e}", game.notation())))?;
        }
        Ok(())
    };
    random_plies(&mut game)?;
    // Only Ba-awa plays rounds.
    let rounds = matches!(game, AnyGame::BaAwa(_));
    let round_of = |game: &AnyGame| -> (u32, [u16; 2]) {
        match game {
            AnyGame::BaAwa(s) => (
                s.game().position().round(),
                s.game().position().rounds_won(),
            ),
            AnyGame::Oware(_) | AnyGame::Olowuka(_) | AnyGame::Isolo(_) => (0, [0, 0]),
        }
    };
    let engine = Engine::new(2);
    let options = SearchOptions {
        limits: Limits {
            depth: Some(cfg.depth.max(1)),
            ..Limits::default()
        },
        eval: cfg.eval,
        ..SearchOptions::default()
    };
    // Position, side to move, score, round and rounds won before it.
    let mut seen: Vec<(String, Side, i32, u32, [u16; 2])> = Vec::new();
    let mut round = round_of(&game).0;
    while let Some(side) = game.state().to_move {
        if game.moves().len() as u32 >= cfg.max_plies {
            break;
        }
        let (r, won) = round_of(&game);
        if r != round {
            round = r;
            random_plies(&mut game)?;
            continue;
        }
        let a = engine
            .search_dyn(&game, &options, None, &mut |_| {})
            .ok_or_else(|| TuneError::NoMove(game.notation()))?;
        let best = a.best.ok_or_else(|| TuneError::NoMove(game.notation()))?;
        let score = match a.score {
            Score::Heuristic(v) => v,
            Score::Proven { margin: m, .. } => m.signum() * 3000 + m * 100,
            // Searches do not read tables at the root (only `Engine::table_score` does).
            Score::Table(h) => h.signum() * 3000 + h * 50,
        };
        seen.push((game.notation(), side, score, r, won));
        game.play(&best)
            .map_err(|e| TuneError::NoMove(format!("{}: {e}", game.notation())))?;
    }
    let winner = game.state().outcome.and_then(|o| o.winner);
    let over = game.state().to_move.is_none();
    let (last_round, last_won) = round_of(&game);
    // The winner of each position's unit: the game, or for Ba-awa its round.
    let unit_winner = |r: u32, won: [u16; 2]| -> Option<Side> {
        if !rounds {
            return winner;
        }
        let next = seen
            .iter()
            .find(|e| e.3 > r)
            .map(|e| e.4)
            .or((last_round > r).then_some(last_won));
        match next {
            Some(n) if n[0] > won[0] => Some(Side::South),
            Some(n) if n[1] > won[1] => Some(Side::North),
            Some(_) => None,
            None if over => winner,
            None => None,
        }
    };
    Ok(seen
        .iter()
        .map(|(position, side, score, r, won)| Sample {
            variant: cfg.variant,
            game: index,
            position: position.clone(),
            result: match unit_winner(*r, *won) {
                None => 0.5,
                Some(w) if w == *side => 1.0,
                Some(_) => 0.0,
            },
            score: *score,
        })
        .collect())
}

/// Feature rows, stored flat (compressed sparse rows).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dataset {
    /// Number of features of the family.
    features: usize,
    starts: Vec<usize>,
    index: Vec<u16>,
    value: Vec<f64>,
    /// Share of the seeds in play still on the board, per row.
    phase: Vec<f64>,
    /// Label per row.
    label: Vec<f64>,
    /// The hand-set evaluation per row (centiseeds), for the comparison.
    hand: Vec<i32>,
}

/// Reads a sample's position and writes its features for the side to move into `dense` (zeroed
/// first); returns the phase and the hand-set evaluation.
fn read_row(
    variant: Variant,
    index: usize,
    position: &str,
    dense: &mut [i32],
) -> Result<(Phase, i32), TuneError> {
    struct Row<'a>(&'a mut [i32]);
    impl GameTask for Row<'_> {
        type Output = Result<(Phase, i32), String>;
        fn run<P: EngineGame>(self, game: &Game<P>) -> Self::Output {
            let p = game.position();
            let side = p.to_move().ok_or_else(|| "the game is over".to_string())?;
            let dense = self.0;
            dense.fill(0);
            let phase = p.visit_features(side, &mut |k, x| dense[k] += x);
            Ok((phase, hand_board(p.pits(), p.stores(), side)))
        }
    }
    let bad = |reason: String| TuneError::BadPosition {
        index,
        position: position.to_string(),
        reason,
    };
    let game = variant
        .new_game(&[], Some(position))
        .map_err(|e| bad(e.to_string()))?;
    dispatch(&game, Row(dense)).map_err(bad)
}

impl Dataset {
    /// The rows of `samples` (positions of presets of one family), labelled with
    /// `lambda × result + (1 - lambda) × sigmoid(score / scale)`.
    pub fn new(samples: &[Sample], lambda: f64, scale: f64) -> Result<Dataset, TuneError> {
        let family = samples.first().map(|s| Family::of(s.variant));
        let mut d = Dataset {
            features: family.flatten().map_or(0, Family::features),
            ..Dataset::default()
        };
        let mut dense = vec![0i32; d.features];
        for (i, s) in samples.iter().enumerate() {
            if !(0.0..=1.0).contains(&s.result) {
                return Err(TuneError::BadLabel {
                    index: i,
                    label: s.result,
                });
            }
            let f = Family::of(s.variant);
            if f.is_none() || Some(f) != family {
                return Err(TuneError::NoFamily(s.variant.name().to_string()));
            }
            let (phase, hand) = read_row(s.variant, i, &s.position, &mut dense)?;
            d.starts.push(d.index.len());
            for (k, &x) in dense.iter().enumerate() {
                if x != 0 {
                    d.index.push(k as u16);
                    d.value.push(f64::from(x));
                }
            }
            d.phase.push(if phase.total > 0 {
                phase.board as f64 / phase.total as f64
            } else {
                0.0
            });
            let soft = sigmoid(f64::from(s.score) / scale.max(1.0));
            d.label.push(lambda * s.result + (1.0 - lambda) * soft);
            d.hand.push(hand);
        }
        d.starts.push(d.index.len());
        Ok(d)
    }

    /// Number of rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.label.len()
    }

    /// True when there are no rows.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.label.is_empty()
    }

    fn row(&self, r: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (a, b) = (self.starts[r], self.starts[r + 1]);
        self.index[a..b]
            .iter()
            .zip(&self.value[a..b])
            .map(|(&k, &x)| (usize::from(k), x))
    }

    fn z(&self, r: usize, params: &[f64]) -> f64 {
        let ph = self.phase[r];
        self.row(r)
            .map(|(k, x)| {
                if k == STORE {
                    x * params[0]
                } else {
                    x * (params[2 * k] * ph + params[2 * k + 1] * (1.0 - ph))
                }
            })
            .sum()
    }

    /// Number of features per row (the family's).
    #[must_use]
    pub fn features(&self) -> usize {
        self.features
    }

    /// Mean squared error of `sigmoid(z)` against the labels, for logistic weights `params`
    /// (`2 ×` [`Dataset::features`]: full board, empty board; the store's single weight is
    /// `params[0]`).
    #[must_use]
    pub fn loss(&self, params: &[f64]) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f64 = (0..self.len())
            .map(|r| (sigmoid(self.z(r, params)) - self.label[r]).powi(2))
            .sum();
        total / self.len() as f64
    }

    /// The same error for an evaluation in centiseeds given per row, read as
    /// `sigmoid(eval / k)`.
    fn loss_of_values(&self, values: impl Fn(usize) -> f64, k: f64) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let total: f64 = (0..self.len())
            .map(|r| (sigmoid(values(r) / k) - self.label[r]).powi(2))
            .sum();
        total / self.len() as f64
    }

    /// The error of the hand-set evaluation with its best scale `K` (a golden-section search
    /// over 10..10000 centiseeds): `(loss, K)`.
    #[must_use]
    pub fn hand_loss(&self) -> (f64, f64) {
        let f = |k: f64| self.loss_of_values(|r| f64::from(self.hand[r]), k);
        let (mut a, mut b) = (10f64.ln(), 10_000f64.ln());
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..60 {
            let c = b - g * (b - a);
            let d = a + g * (b - a);
            if f(c.exp()) < f(d.exp()) {
                b = d;
            } else {
                a = c;
            }
        }
        let k = ((a + b) / 2.0).exp();
        (f(k), k)
    }

    /// The error of integer weights `w` (centiseeds) read with scale `k`.
    #[must_use]
    pub fn weights_loss(&self, w: &[[i32; 2]], k: f64) -> f64 {
        let params = params_of(w, k);
        self.loss(&params)
    }
}

/// The logistic weights equivalent to centiseed weights `w` read as `sigmoid(eval / k)`.
fn params_of(w: &[[i32; 2]], k: f64) -> Vec<f64> {
    let mut p = vec![0.0; 2 * w.len()];
    for (i, pair) in w.iter().enumerate() {
        p[2 * i] = f64::from(pair[0]) / k;
        p[2 * i + 1] = f64::from(pair[1]) / k;
    }
    p
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Settings of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Adam steps (each over the whole data set).
    pub epochs: u32,
    /// Adam's step size.
    pub rate: f64,
    /// L2 penalty on every weight but the store's.
    pub l2: f64,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            epochs: 400,
            rate: 0.02,
            l2: 1e-5,
        }
    }
}

/// The result of [`fit`].
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The logistic weights (see [`Dataset::loss`]).
    pub params: Vec<f64>,
    /// Training loss before the first step and after the last.
    pub loss: (f64, f64),
}

/// Fits logistic weights on `data` by full-batch Adam, from a start where a seed in the store is
/// worth 0.1 (in logit units) and every other weight is zero.
pub fn fit(data: &Dataset, cfg: &FitConfig) -> Result<Fit, TuneError> {
    if data.is_empty() {
        return Err(TuneError::Empty);
    }
    let n = 2 * data.features;
    let mut p = vec![0.0; n];
    p[0] = 0.1;
    let before = data.loss(&p);
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut grad = vec![0.0; n];
    let rows = data.len() as f64;
    for t in 1..=cfg.epochs {
        grad.fill(0.0);
        for r in 0..data.len() {
            let s = sigmoid(data.z(r, &p));
            let g = 2.0 * (s - data.label[r]) * s * (1.0 - s) / rows;
            let ph = data.phase[r];
            for (k, x) in data.row(r) {
                if k == STORE {
                    grad[0] += g * x;
                } else {
                    grad[2 * k] += g * x * ph;
                    grad[2 * k + 1] += g * x * (1.0 - ph);
                }
            }
        }
        for (i, w) in p.iter().enumerate().skip(2) {
            grad[i] += 2.0 * cfg.l2 * w;
        }
        grad[1] = 0.0;
        for i in 0..n {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            p[i] -= cfg.rate * mh / (vh.sqrt() + eps);
        }
    }
    let after = data.loss(&p);
    Ok(Fit {
        params: p,
        loss: (before, after),
    })
}

/// Centiseed weights from logistic ones (one pair per feature: `params.len() / 2` of them):
/// scaled so that a seed in the store is worth 100, rounded, and kept within ±10000. Also
/// returns the scale `K` (centiseeds per logit unit).
pub fn to_weights(params: &[f64]) -> Result<(FittedWeights, f64), TuneError> {
    let store = params.first().copied().unwrap_or(0.0);
    if store.is_nan() || store <= 1e-9 {
        return Err(TuneError::NoScale(store));
    }
    let k = 100.0 / store;
    let mut w: FittedWeights = vec![[0; 2]; params.len() / 2];
    for (i, pair) in w.iter_mut().enumerate() {
        let (a, b) = if i == STORE {
            (params[0], params[0])
        } else {
            (params[2 * i], params[2 * i + 1])
        };
        *pair = [
            (a * k).round().clamp(-10_000.0, 10_000.0) as i32,
            (b * k).round().clamp(-10_000.0, 10_000.0) as i32,
        ];
    }
    Ok((w, k))
}

/// The weights file of `family` (the format [`crate::weights`] reads): `header` lines become
/// its leading comments.
#[must_use]
pub fn render(family: Family, w: &[[i32; 2]], header: &[String]) -> String {
    let mut s = String::new();
    for line in header {
        s.push('#');
        if !line.is_empty() {
            s.push(' ');
            s.push_str(line);
        }
        s.push('\n');
    }
    s.push_str(match family {
        Family::Isolo => "# feature\tforegame\tproper game (centiseeds)\n",
        _ => "# feature\tfull board\tempty board (centiseeds)\n",
    });
    for (i, [a, b]) in w.iter().enumerate() {
        s.push_str(&format!("{}\t{a}\t{b}\n", family.feature_name(i)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::ba_awa::{BaAwa, BaAwaRules};
    use mancala_core::Position;

    /// Quick settings: depth 2, 1 to 6 random plies.
    fn quick(variant: Variant, seed: u64, eval: EvalKind) -> GenConfig {
        GenConfig {
            variant,
            start: None,
            seed,
            depth: 2,
            random_plies: (1, 6),
            max_plies: 300,
            eval,
        }
    }

    fn tiny() -> Vec<Sample> {
        let cfg = quick(Variant::Abapa, 5, EvalKind::Hand);
        let mut out = Vec::new();
        for g in 0..6 {
            out.extend(play_game(&cfg, g).unwrap());
        }
        out
    }

    #[test]
    fn generation_is_reproducible_and_labelled() {
        let cfg = quick(Variant::Olowuka, 9, EvalKind::Fitted);
        let a = play_game(&cfg, 3).unwrap();
        let b = play_game(&cfg, 3).unwrap();
        assert_eq!(a, b);
        assert!(!a.is_empty());
        // Both sides' positions are labelled with opposite results (or both ½).
        let first = &a[0];
        let other = a
            .iter()
            .find(|s| s.position.ends_with('N') != first.position.ends_with('N'));
        if let Some(o) = other {
            assert!((first.result + o.result - 1.0).abs() < 1e-12);
        }
        assert_ne!(play_game(&cfg, 4).unwrap(), a);
    }

    /// Fits `data` briefly (60 epochs): the loss goes down, and a second fit is the same.
    fn fit_briefly(data: &Dataset) -> Fit {
        let cfg = FitConfig {
            epochs: 60,
            ..FitConfig::default()
        };
        let a = fit(data, &cfg).unwrap();
        assert!(a.loss.1 < a.loss.0, "{:?}", a.loss);
        assert_eq!(a, fit(data, &cfg).unwrap());
        a
    }

    #[test]
    fn fitting_lowers_the_loss_and_is_deterministic() {
        let samples = tiny();
        let data = Dataset::new(&samples, 1.0, 400.0).unwrap();
        assert_eq!(data.len(), samples.len());
        let a = fit_briefly(&data);
        let (w, k) = to_weights(&a.params).unwrap();
        assert_eq!(w[STORE], [100, 100]);
        // Rounding to centiseeds changes the loss very little.
        let rounded = data.weights_loss(&w, k);
        assert!(
            (rounded - a.loss.1).abs() < 1e-3,
            "{rounded} vs {}",
            a.loss.1
        );
    }

    /// Plays `games` quick games of `cfg` and fits them briefly: the loss goes down, twice the
    /// same, and the rendered file names every feature with its weights.
    fn fits_a_family(cfg: &GenConfig, games: u32, family: Family) {
        let mut samples = Vec::new();
        for g in 0..games {
            let a = play_game(cfg, g).unwrap();
            assert_eq!(a, play_game(cfg, g).unwrap(), "game {g} is reproducible");
            samples.extend(a);
        }
        assert!(samples.len() > 20, "{} samples", samples.len());
        let data = Dataset::new(&samples, 1.0, 400.0).unwrap();
        assert_eq!(data.features(), family.features());
        let a = fit_briefly(&data);
        assert_eq!(a.params.len(), 2 * family.features());
        if let Ok((w, _)) = to_weights(&a.params) {
            let text = render(family, &w, &["test".to_string()]);
            let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            assert_eq!(rows.len(), family.features(), "{text}");
            for (i, row) in rows.iter().enumerate() {
                let [a, b] = w[i];
                assert_eq!(*row, format!("{}\t{a}\t{b}", family.feature_name(i)));
            }
        }
    }

    #[test]
    fn ba_awa_rounds_are_labelled_and_fitted() {
        let cfg = GenConfig {
            max_plies: 200,
            random_plies: (1, 3),
            ..quick(Variant::BaAwa, 7, EvalKind::Hand)
        };
        // Labels are per round: within a round the two sides' labels are opposite (or both ½).
        let game = play_game(&cfg, 1).unwrap();
        let round = |s: &Sample| {
            BaAwa::from_notation(&s.position, BaAwaRules::default())
                .unwrap()
                .round()
        };
        let rounds: std::collections::BTreeSet<u32> = game.iter().map(round).collect();
        assert!(rounds.len() > 1, "one round only: {rounds:?}");
        for r in rounds {
            let side_of = |s: &Sample| s.position.split('-').nth(14).map(str::to_string);
            let of_round: Vec<&Sample> = game.iter().filter(|s| round(s) == r).collect();
            for a in &of_round {
                for b in &of_round {
                    let same_side = side_of(a) == side_of(b);
                    let expected = if same_side { a.result } else { 1.0 - a.result };
                    assert_eq!(
                        b.result, expected,
                        "round {r}: {} / {}",
                        a.position, b.position
                    );
                }
            }
        }
        fits_a_family(&cfg, 4, Family::BaAwa);
    }

    #[test]
    fn isolo_games_from_a_proper_start_are_fitted() {
        let cfg = GenConfig {
            start: Some("P:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S".into()),
            random_plies: (1, 6),
            ..quick(Variant::Isolo, 3, EvalKind::Hand)
        };
        let g = play_game(&cfg, 0).unwrap();
        assert!(g.iter().all(|s| s.position.starts_with("P:")), "{g:?}");
        fits_a_family(&cfg, 30, Family::Isolo);
    }

    #[test]
    fn presets_map_to_their_families() {
        for (v, f) in [
            (Variant::Abapa, Family::Oware),
            (Variant::OurilLudii, Family::Oware),
            (Variant::Ouril, Family::Ouril),
            (Variant::Olowuka, Family::Olowuka),
            (Variant::BaAwa, Family::BaAwa),
            (Variant::Isolo, Family::Isolo),
        ] {
            assert_eq!(Family::of(v), Some(f), "{}", v.name());
            assert_eq!(Family::from_name(f.name()), Some(f));
        }
    }

    #[test]
    fn bad_samples_are_named() {
        let s = Sample {
            variant: Variant::Abapa,
            game: 0,
            position: "4-4-4".into(),
            result: 1.0,
            score: 0,
        };
        let e = Dataset::new(std::slice::from_ref(&s), 1.0, 400.0).unwrap_err();
        assert!(matches!(e, TuneError::BadPosition { index: 0, .. }), "{e}");
        let mut s = s;
        s.position = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".into();
        // Positions of two families cannot be fitted together.
        let mut other = s.clone();
        other.variant = Variant::Isolo;
        other.position = "F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S".into();
        let e = Dataset::new(&[s.clone(), other.clone()], 1.0, 400.0).unwrap_err();
        assert!(matches!(e, TuneError::NoFamily(_)), "{e}");
        // An Isolo position and a Ba-awa one that cannot be read are named (the Ba-awa board
        // holds 49 seeds).
        other.position = "F:2-2-2".into();
        let e = Dataset::new(std::slice::from_ref(&other), 1.0, 400.0).unwrap_err();
        assert!(matches!(e, TuneError::BadPosition { index: 0, .. }), "{e}");
        other.variant = Variant::BaAwa;
        other.position = "5-4-4-4-4-4-4-4-4-4-4-4-0-0-S".into();
        let e = Dataset::new(std::slice::from_ref(&other), 1.0, 400.0).unwrap_err();
        assert!(matches!(e, TuneError::BadPosition { index: 0, .. }), "{e}");
        s.result = 2.0;
        let e = Dataset::new(&[s], 1.0, 400.0).unwrap_err();
        assert!(matches!(e, TuneError::BadLabel { index: 0, .. }));
        assert_eq!(
            fit(&Dataset::default(), &FitConfig::default()),
            Err(TuneError::Empty)
        );
    }
}
