//! # mancala-python
//!
//! The native part of the Python package `mancala` (`mancala._mancala`): games of every preset,
//! observations and action masks for learning code, the engine, the endgame tables, and batches
//! of games stepped in Rust. The Python side (`python/mancala/`) adds the OpenSpiel, PettingZoo
//! and Gymnasium adapters; `docs/python.md` is the user's guide.
//!
//! Only [`adapter`] calls the rules core's preset machinery and the engine; [`encode`] and
//! [`batch`] are plain Rust over typed positions.
#![forbid(unsafe_code)]

pub mod adapter;
pub mod batch;
pub mod encode;

use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use mancala_core::extras::Extras;
use mancala_core::trace::SowStep;
use mancala_core::variant::DynPlayError;
use mancala_core::{Position, SetupError};

use adapter::AnyGame;
use encode::Encoded;
use mancala_core::variant::DynGame;

pyo3::create_exception!(
    _mancala,
    MancalaError,
    PyValueError,
    "Base class of the package's errors (a ValueError)."
);
pyo3::create_exception!(
    _mancala,
    IllegalMove,
    MancalaError,
    "A move that is not legal here, or text that is not a move."
);
pyo3::create_exception!(
    _mancala,
    RuleError,
    MancalaError,
    "An unknown preset, an unknown rule option or a bad option value."
);
pyo3::create_exception!(
    _mancala,
    PositionError,
    MancalaError,
    "A position string that cannot be read."
);
pyo3::create_exception!(
    _mancala,
    RecordError,
    MancalaError,
    "A game record that cannot be read or replayed."
);

fn setup_error(e: SetupError) -> PyErr {
    match e {
        SetupError::Position(p) => PositionError::new_err(p.to_string()),
        other => RuleError::new_err(other.to_string()),
    }
}

fn play_error(e: DynPlayError) -> PyErr {
    IllegalMove::new_err(e.to_string())
}

/// Option assignments from a Python dict (`{"name": value}`; booleans become on/off).
fn rule_pairs(rules: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let Some(rules) = rules else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (k, v) in rules.iter() {
        let name: String = k.str()?.to_string();
        let value = if let Ok(b) = v.extract::<bool>() {
            if b { "on" } else { "off" }.to_string()
        } else if v.is_none() {
            "none".to_string()
        } else {
            v.str()?.to_string()
        };
        out.push((name, value));
    }
    Ok(out)
}

/// Sowing steps as a list of dicts: the steps' JSON form (the server's), read by Python's json.
fn steps_to_py<'py>(py: Python<'py>, steps: &[SowStep]) -> PyResult<Bound<'py, PyList>> {
    let text = serde_json::to_string(steps).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(py
        .import("json")?
        .call_method1("loads", (text,))?
        .cast_into::<PyList>()?)
}

/// The default number of earlier positions in an observation.
const DEFAULT_WINDOW: usize = 32;

/// A game of any preset: the position, the moves played and the repetition history.
///
/// `Game(preset, rules=None, position=None)`: `preset` is a name from `presets()` (aliases and
/// any case accepted), `rules` a dict of option assignments (`{"grand_slam": "Forbidden"}`, as
/// `mancala variants` lists them), `position` a position string in the game's notation.
#[pyclass(module = "mancala._mancala", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    inner: AnyGame,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (preset, rules=None, position=None))]
    fn new(
        preset: &str,
        rules: Option<&Bound<'_, PyDict>>,
        position: Option<&str>,
    ) -> PyResult<Self> {
        let pairs = rule_pairs(rules)?;
        let inner = adapter::new_game(preset, &pairs, position).map_err(setup_error)?;
        Ok(PyGame { inner })
    }

    /// The game of a record (the project's PGN-like format or Aualé's `.ogn`), after its main
    /// line.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<Self> {
        let inner = adapter::from_record(text).map_err(RecordError::new_err)?;
        Ok(PyGame { inner })
    }

    /// The game as a record from its start; `ogn=True` writes Aualé's dialect.
    #[pyo3(signature = (ogn=false))]
    fn record(&self, ogn: bool) -> String {
        adapter::to_record(&self.inner, ogn)
    }

    /// The preset's canonical name.
    #[getter]
    fn preset(&self) -> &'static str {
        adapter::preset(&self.inner)
    }

    /// The rule options in force, as `{name: value}`.
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for o in self.inner.options() {
            d.set_item(o.name, o.value)?;
        }
        Ok(d)
    }

    /// The legal moves, as the CLI writes them, sorted (at Isolo's kucheleka: the listed
    /// samples; `play` accepts any valid set-up).
    fn legal_moves(&self) -> Vec<String> {
        with_session!(&self.inner, s => {
            let mut out: Vec<String> = s
                .game()
                .position()
                .legal_move_list()
                .iter()
                .map(ToString::to_string)
                .collect();
            out.sort();
            out
        })
    }

    /// Plays a move given as text; returns the seeds it captured. Raises `IllegalMove`.
    fn play(&mut self, mv: &str) -> PyResult<u32> {
        self.inner.play(mv).map_err(play_error)
    }

    /// Takes back the last move; returns False at the start.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// An independent copy, history included.
    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    /// True once the game is over.
    fn is_over(&self) -> bool {
        with_session!(&self.inner, s => s.game().position().is_over())
    }

    /// `None` while the game goes on, else a dict: `winner` (`"south"`, `"north"` or `None` for
    /// a draw), `reason` (e.g. `"score_majority"`, `"repetition"`) and `scores` `[south, north]`.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let state = self.inner.state();
        let Some(o) = state.outcome else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("winner", o.winner.map(|s| s.name()))?;
        d.set_item("reason", o.reason.as_str())?;
        d.set_item("scores", state.stores.to_vec())?;
        Ok(Some(d))
    }

    /// `[south, north]`: +1 for a win, -1 for a loss, 0 for a draw or a game still going.
    fn returns(&self) -> Vec<f32> {
        with_session!(&self.inner, s => batch::returns(s.game().position()).to_vec())
    }

    /// `"south"` or `"north"`, or `None` once the game is over.
    fn to_move(&self) -> Option<&'static str> {
        with_session!(&self.inner, s => s.game().position().to_move().map(|x| x.name()))
    }

    /// The current position in the game's notation.
    fn notation(&self) -> String {
        self.inner.notation()
    }

    fn __str__(&self) -> String {
        self.notation()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?}, position={:?})", self.preset(), self.notation())
    }

    /// Seeds per pit in index order (South's row `A..`, then North's `a..`).
    fn pits(&self) -> Vec<u32> {
        with_session!(&self.inner, s => s
            .game()
            .position()
            .pits()
            .iter()
            .map(|&p| u32::from(p))
            .collect())
    }

    /// Seeds captured (or scored) `[south, north]`.
    fn stores(&self) -> Vec<u32> {
        with_session!(&self.inner, s => s.game().position().stores().to_vec())
    }

    /// Pickling: a game is rebuilt from its record (start, rules and moves).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_record = slf.get_type().getattr("from_record")?;
        Ok((
            from_record,
            (adapter::to_record(&slf.borrow().inner, false),),
        ))
    }

    /// The game-specific state (Ba-awa's owners and match, Isolo's phase and stock, Ouril's extra
    /// turn, ...), as a dict.
    fn extras<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let extras = self.inner.state().extras;
        if extras != Extras::None {
            // The fields as the state JSON writes them (docs/state.md), read by Python's json.
            let text =
                serde_json::to_string(&extras).map_err(|e| PyValueError::new_err(e.to_string()))?;
            d.call_method1(
                "update",
                (py.import("json")?.call_method1("loads", (text,))?,),
            )?;
        }
        Ok(d)
    }

    /// The moves played so far, as text.
    fn moves(&self) -> Vec<String> {
        DynGame::moves(&self.inner)
    }

    /// The sowing of the last move step by step (dicts with a `kind`: `lift`, `stock`, `drop`,
    /// `capture`, `no_capture`, `extra_turn`, `settle`); empty at the start.
    fn last_sowing<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut before = self.inner.clone();
        let Some(last) = DynGame::moves(&before).pop() else {
            return Ok(PyList::empty(py));
        };
        before.undo();
        steps_to_py(py, &before.sowing(&last).map_err(play_error)?)
    }

    /// What `mv` would do from the current position, step by step (see `last_sowing`).
    fn sowing<'py>(&self, py: Python<'py>, mv: &str) -> PyResult<Bound<'py, PyList>> {
        steps_to_py(py, &self.inner.sowing(mv).map_err(play_error)?)
    }

    /// Perft: the number of move paths of `depth` plies from here.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let game = self.inner.clone();
        py.detach(move || game.perft(depth))
    }

    /// Size of the action space (pits by index, then Isolo's kucheleka samples).
    #[getter]
    fn num_actions(&self) -> usize {
        with_session!(&self.inner, s => action_count(s.game().position()))
    }

    /// The legal actions, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        with_session!(&self.inner, s => {
            let pos = s.game().position();
            let mut out: Vec<usize> = pos
                .legal_move_list()
                .iter()
                .filter_map(|&m| pos.action(m))
                .collect();
            out.sort_unstable();
            out
        })
    }

    /// The legal-action mask, a bool array of `num_actions`.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        with_session!(&self.inner, s => {
            let pos = s.game().position();
            let mut mask = vec![false; action_count(pos)];
            encode::write_mask(pos, &mut mask);
            Array1::from_vec(mask).into_pyarray(py)
        })
    }

    /// The move name of an action here. Raises `IllegalMove` when out of range.
    fn action_to_move(&self, action: usize) -> PyResult<String> {
        with_session!(&self.inner, s => s
            .game()
            .position()
            .move_of(action)
            .map(|m| m.to_string())
            .ok_or_else(|| IllegalMove::new_err(format!("no action {action} here"))))
    }

    /// The action number of a move given as text. Raises `IllegalMove`.
    fn move_to_action(&self, mv: &str) -> PyResult<usize> {
        with_session!(&self.inner, s => {
            let pos = s.game().position();
            let m = pos
                .parse_move(mv)
                .map_err(|e| IllegalMove::new_err(e.to_string()))?;
            pos.action(m).ok_or_else(|| {
                IllegalMove::new_err(format!("{mv} is not in the action numbering"))
            })
        })
    }

    /// Plays an action number. Raises `IllegalMove`.
    fn play_action(&mut self, action: usize) -> PyResult<u32> {
        let mv = self.action_to_move(action)?;
        self.play(&mv)
    }

    /// The observation: a float32 array of `observation_shape(window)` (docs/python.md,
    /// "Observations"). `window=None` holds every earlier position the repetition rule compares
    /// with (always Markov-complete; the number of rows varies).
    #[pyo3(signature = (window=Some(DEFAULT_WINDOW)))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        window: Option<usize>,
    ) -> Bound<'py, PyArray2<f32>> {
        with_session!(&self.inner, s => {
            let window = window.unwrap_or(s.game().history().len() - 1);
            observe(py, s.game(), window)
        })
    }

    /// The shape of `observation(window)`: `(1 + window, block)`.
    #[pyo3(signature = (window=DEFAULT_WINDOW))]
    fn observation_shape(&self, window: usize) -> (usize, usize) {
        with_session!(&self.inner, s => shape_of(s.game().position(), window))
    }

    /// The names of the columns of an observation row.
    fn feature_names(&self) -> Vec<String> {
        with_session!(&self.inner, s => names_of(s.game().position()))
    }
}

fn action_count<P: Encoded>(_: &P) -> usize {
    P::ACTIONS
}

fn shape_of<P: Encoded>(_: &P, window: usize) -> (usize, usize) {
    encode::observation_shape::<P>(window)
}

fn names_of<P: Encoded>(_: &P) -> Vec<String> {
    let mut out = vec!["count_or_present".to_string()];
    for i in 0..P::PITS {
        out.push(format!("pit_{i}"));
    }
    for n in [
        "store_south",
        "store_north",
        "south_to_move",
        "north_to_move",
    ] {
        out.push(n.to_string());
    }
    out.extend(P::EXTRA_NAMES.iter().map(|s| s.to_string()));
    out
}

fn observe<'py, P: Encoded>(
    py: Python<'py>,
    game: &mancala_core::Game<P>,
    window: usize,
) -> Bound<'py, PyArray2<f32>> {
    let (rows, cols) = encode::observation_shape::<P>(window);
    let mut out = vec![0.0; rows * cols];
    encode::write_observation(game, window, &mut out);
    Array2::from_shape_vec((rows, cols), out)
        .expect("the shape matches")
        .into_pyarray(py)
}

/// A score in the project's one representation (`mancala_engine::Score`, docs/engine.md
/// "Scores"), from the side to move's point of view: `kind` is `"estimate"` (an evaluation),
/// `"proven"` (a result proven by the search: outcome, margin and distance) or `"exact"` (an
/// endgame table's exact value).
#[pyclass(module = "mancala._mancala", name = "Score", frozen)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyScore(mancala_engine::Score);

impl From<mancala_engine::Score> for PyScore {
    fn from(s: mancala_engine::Score) -> Self {
        PyScore(s)
    }
}

#[pymethods]
impl PyScore {
    /// `"estimate"`, `"proven"` or `"exact"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind()
    }

    /// The value in seeds: an estimate (centiseeds / 100), a proven final margin, a table's
    /// value (halves possible).
    #[getter]
    fn seeds(&self) -> f64 {
        self.0.seeds()
    }

    /// `"win"`, `"draw"` or `"loss"` when known (proven and table values), else `None`.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.0.outcome().map(mancala_engine::ScoreOutcome::name)
    }

    /// The winner's margin in seeds when the outcome is known, else `None`.
    #[getter]
    fn margin(&self) -> Option<f64> {
        self.0.outcome().map(|_| self.0.seeds().abs())
    }

    /// Whether `margin` is exact (`False`: a guaranteed minimum for a win, maximum for a loss).
    #[getter]
    fn margin_exact(&self) -> Option<bool> {
        self.0.margin_exact()
    }

    /// Plies to the end along the best line, when known.
    #[getter]
    fn plies(&self) -> Option<u32> {
        self.0.plies()
    }

    /// The human form: `"+1.35 (estimate)"`, `"proven win by ≥ 3"`, `"table: exact +2"`.
    #[getter]
    fn text(&self) -> String {
        self.0.text()
    }

    /// A number to sort by: known wins above every estimate, known losses below.
    #[getter]
    fn rank(&self) -> i64 {
        self.0.rank()
    }

    /// The JSON shape of the CLI and the API: `{"kind", "seeds", "outcome", "margin",
    /// "margin_exact", "plies", "text"}`.
    #[pyo3(name = "to_dict")]
    fn json_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let text =
            serde_json::to_string(&self.0).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let d = PyDict::new(py);
        d.call_method1(
            "update",
            (py.import("json")?.call_method1("loads", (text,))?,),
        )?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.0.text()
    }

    fn __repr__(&self) -> String {
        format!("Score({:?})", self.0.text())
    }

    fn __richcmp__(&self, other: &PyScore, op: pyo3::basic::CompareOp) -> bool {
        if matches!(op, pyo3::basic::CompareOp::Eq | pyo3::basic::CompareOp::Ne) {
            return op.matches(if self.0 == other.0 {
                std::cmp::Ordering::Equal
            } else {
                std::cmp::Ordering::Less
            });
        }
        op.matches(self.0.rank().cmp(&other.0.rank()))
    }

    fn __hash__(&self) -> u64 {
        self.0.rank() as u64
    }
}

/// The result of `analyse`: the best move, every move's value, the best line.
#[pyclass(module = "mancala._mancala", name = "Analysis", frozen)]
pub struct PyAnalysis {
    /// The best move.
    #[pyo3(get)]
    best_move: String,
    /// The value of the position for the side to move.
    #[pyo3(get)]
    score: PyScore,
    /// Every legal move with its value, best first.
    #[pyo3(get)]
    moves: Vec<(String, PyScore)>,
    /// The principal variation, from the best move.
    #[pyo3(get)]
    pv: Vec<String>,
    /// The deepest completed iteration.
    #[pyo3(get)]
    depth: u32,
    /// Nodes searched.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        format!(
            "Analysis(best_move={:?}, score={}, depth={}, moves={})",
            self.best_move,
            self.score.0,
            self.depth,
            self.moves.len()
        )
    }
}

fn check_limits(
    depth: Option<i64>,
    movetime_ms: Option<i64>,
) -> PyResult<(Option<u32>, Option<u64>)> {
    if depth.is_some() && movetime_ms.is_some() {
        return Err(PyValueError::new_err("give depth or movetime_ms, not both"));
    }
    let max = mancala_engine::MAX_DEPTH;
    let depth = match depth {
        None => None,
        Some(d) => Some(
            u32::try_from(d)
                .ok()
                .filter(|d| (1..=max).contains(d))
                .ok_or_else(|| {
                    PyValueError::new_err(format!("depth must be from 1 to {max}, not {d}"))
                })?,
        ),
    };
    let movetime_ms = match movetime_ms {
        None => None,
        Some(ms) => Some(u64::try_from(ms).ok().filter(|&ms| ms > 0).ok_or_else(|| {
            PyValueError::new_err(format!("movetime_ms must be positive, not {ms}"))
        })?),
    };
    Ok((depth, movetime_ms))
}

/// The value of every legal move and the best line, by alpha-beta to `depth` plies or for
/// `movetime_ms` milliseconds (one second when neither is given). The GIL is released while the
/// engine searches. Raises `MancalaError` when the game is over.
#[pyfunction]
#[pyo3(signature = (game, depth=None, movetime_ms=None))]
fn analyse(
    py: Python<'_>,
    game: &PyGame,
    depth: Option<i64>,
    movetime_ms: Option<i64>,
) -> PyResult<PyAnalysis> {
    let (depth, movetime_ms) = check_limits(depth, movetime_ms)?;
    let typed = game.inner.clone();
    let limits = adapter::limits(depth, movetime_ms);
    let a = py
        .detach(move || adapter::analyse(&typed, &limits))
        .ok_or_else(|| MancalaError::new_err("the game is over: there is nothing to analyse"))?;
    Ok(PyAnalysis {
        best_move: a.best.unwrap_or_default(),
        score: a.score.into(),
        moves: a.moves.into_iter().map(|(m, s)| (m, s.into())).collect(),
        pv: a.pv,
        depth: a.depth,
        nodes: a.nodes,
    })
}

/// A move at a playing level, 1 (beginner) to 6 (full strength, one second with endgame tables
/// where the game has them); `seed` makes the weaker levels' choices reproducible. `None` once
/// the game is over. The GIL is released while the engine thinks.
#[pyfunction]
#[pyo3(signature = (game, level=6, seed=0))]
fn best_move(py: Python<'_>, game: &PyGame, level: u8, seed: u64) -> PyResult<Option<String>> {
    if !(1..=mancala_engine::MAX_LEVEL).contains(&level) {
        return Err(PyValueError::new_err(format!(
            "level must be from 1 to {}",
            mancala_engine::MAX_LEVEL
        )));
    }
    let typed = game.inner.clone();
    Ok(py.detach(move || adapter::level_move(&typed, level, seed)))
}

/// The playing levels: dicts with `level`, `name`, `description` and `elo` (random play = 0).
#[pyfunction]
fn levels(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    mancala_engine::LEVEL_INFO
        .iter()
        .map(|l| {
            let d = PyDict::new(py);
            d.set_item("level", l.level)?;
            d.set_item("name", l.name)?;
            d.set_item("description", l.description)?;
            d.set_item("elo", l.elo)?;
            Ok(d)
        })
        .collect()
}

/// Every preset's canonical name.
#[pyfunction]
fn presets() -> Vec<&'static str> {
    adapter::presets()
}

/// A preset's descriptor: `name`, `aliases`, `board`, `summary`, `spec` and `options` (a list of
/// dicts with `name`, `value` (the default), `values` and `doc`).
#[pyfunction]
fn preset_info<'py>(py: Python<'py>, preset: &str) -> PyResult<Bound<'py, PyDict>> {
    let info = adapter::preset_info(preset).map_err(setup_error)?;
    let d = PyDict::new(py);
    d.set_item("name", info.name)?;
    d.set_item("aliases", info.aliases.to_vec())?;
    d.set_item("board", info.board)?;
    d.set_item("summary", info.summary)?;
    d.set_item("spec", info.spec)?;
    let options = PyList::empty(py);
    for o in info.options {
        let od = PyDict::new(py);
        od.set_item("name", o.name)?;
        od.set_item("value", o.value)?;
        od.set_item("values", o.values)?;
        od.set_item("doc", o.doc)?;
        options.append(od)?;
    }
    d.set_item("options", options)?;
    Ok(d)
}

/// Plays `games` uniformly random games from `game`'s position (its repetition history
/// included) to their end, in Rust with the GIL released. Returns a dict: `games`, `plies`,
/// `south`, `north`, `draws`.
#[pyfunction]
#[pyo3(signature = (game, games, seed=0))]
fn random_playouts<'py>(
    py: Python<'py>,
    game: &PyGame,
    games: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let typed = game.inner.clone();
    let p = py
        .detach(move || with_session!(&typed, s => batch::random_playouts(s.game(), games, seed)));
    let d = PyDict::new(py);
    d.set_item("games", p.games)?;
    d.set_item("plies", p.plies)?;
    d.set_item("south", p.south)?;
    d.set_item("north", p.north)?;
    d.set_item("draws", p.draws)?;
    Ok(d)
}

/// Endgame tables of an Oware-family rule set (built in memory once per process).
#[pyclass(module = "mancala._mancala", name = "Tablebase", frozen)]
pub struct PyTablebase {
    table: std::sync::Arc<mancala_engine::Tablebase>,
}

#[pymethods]
impl PyTablebase {
    /// The tables of `game`'s rules for boards of 0 to `seeds` seeds (12 seeds: about a second
    /// on two cores). Raises `RuleError` for a game without tables.
    #[staticmethod]
    #[pyo3(signature = (game, seeds=12))]
    fn build(py: Python<'_>, game: &PyGame, seeds: u32) -> PyResult<Self> {
        if seeds > 24 {
            return Err(PyValueError::new_err("seeds must be at most 24"));
        }
        let typed = game.inner.clone();
        let table = py
            .detach(move || adapter::tables(&typed, seeds))
            .map_err(RuleError::new_err)?;
        Ok(PyTablebase { table })
    }

    /// The largest seed count covered.
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.table.max_seeds()
    }

    /// The table's value of `game`'s position: a dict with `seeds` (on the board), `value` (of
    /// those, the seeds the side to move gets with best play) and `exactness` (`any-history`,
    /// `empty-history` or `convention`), or `None` when the tables do not cover it. Once a move
    /// has ended the game, the value the rules gave: of the seeds on the board when it ended,
    /// those the side that would move got (`any-history`).
    fn probe<'py>(&self, py: Python<'py>, game: &PyGame) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(pos) = adapter::oware_position(&game.inner) else {
            return Ok(None);
        };
        let Some(p) = self
            .table
            .probe_position(pos)
            .or_else(|| adapter::finished_probe(&game.inner))
        else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("seeds", p.seeds)?;
        d.set_item("value", p.value)?;
        d.set_item("half_seeds", p.half_seeds)?;
        d.set_item("exactness", p.exactness.name())?;
        Ok(Some(d))
    }

    /// Every legal move's table value: a list of `(move, seeds the mover gets, exactness)`, or
    /// `None` when the tables do not cover the position. The seeds are a float: Awari's shared
    /// cycles can leave a player half a seed.
    fn probe_moves(&self, game: &PyGame) -> Option<Vec<(String, f64, &'static str)>> {
        let pos = adapter::oware_position(&game.inner)?;
        let moves = mancala_tablebase::probe_moves(&self.table, pos)?;
        Some(
            moves
                .into_iter()
                // The table counts half-seeds.
                .map(|(m, half_seeds, e)| (m.to_string(), f64::from(half_seeds) / 2.0, e.name()))
                .collect(),
        )
    }
}

/// Games of one rule set as a batch.
enum AnyBatch {
    Oware(batch::Batch<mancala_core::oware::Oware>),
    Olowuka(batch::Batch<mancala_core::olowuka::Olowuka>),
    BaAwa(batch::Batch<mancala_core::ba_awa::BaAwa>),
    Isolo(batch::Batch<mancala_core::isolo::Isolo>),
}

macro_rules! with_batch {
    ($t:expr, $b:ident => $body:expr) => {
        mancala_core::match_game!(AnyBatch, $t, $b => $body)
    };
}

/// `n` games of one rule set stepped together in Rust (a vectorised environment).
///
/// `Batch(game, n, seed=0, window=32, autoreset=True)`: every game starts at `game`'s position
/// (with its repetition history). `step(actions)` and `random_step()` return `(rewards, done)`:
/// float32 `(n, 2)` rewards `[south, north]` (±1 on the step that ends a game) and bool `(n,)`;
/// with `autoreset` a finished game starts again at once.
#[pyclass(module = "mancala._mancala", name = "Batch")]
pub struct PyBatch {
    inner: AnyBatch,
    window: usize,
    autoreset: bool,
}

/// What a batch step returns: rewards `(n, 2)` and done flags `(n,)`.
type StepOutput<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<bool>>);

fn batch_outputs<'py>(py: Python<'py>, rewards: Vec<[f32; 2]>, done: Vec<bool>) -> StepOutput<'py> {
    let n = rewards.len();
    let flat: Vec<f32> = rewards.into_iter().flatten().collect();
    (
        Array2::from_shape_vec((n, 2), flat)
            .expect("the shape matches")
            .into_pyarray(py),
        Array1::from_vec(done).into_pyarray(py),
    )
}

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (game, n, seed=0, window=DEFAULT_WINDOW, autoreset=true))]
    fn new(game: &PyGame, n: usize, seed: u64, window: usize, autoreset: bool) -> PyResult<Self> {
        if n == 0 {
            return Err(PyValueError::new_err("a batch holds at least one game"));
        }
        let inner = match &game.inner {
            AnyGame::Oware(s) => AnyBatch::Oware(batch::Batch::new(s.game(), n, seed)),
            AnyGame::Olowuka(s) => AnyBatch::Olowuka(batch::Batch::new(s.game(), n, seed)),
            AnyGame::BaAwa(s) => AnyBatch::BaAwa(batch::Batch::new(s.game(), n, seed)),
            AnyGame::Isolo(s) => AnyBatch::Isolo(batch::Batch::new(s.game(), n, seed)),
        };
        Ok(PyBatch {
            inner,
            window,
            autoreset,
        })
    }

    fn __len__(&self) -> usize {
        with_batch!(&self.inner, b => b.envs.len())
    }

    /// Size of the action space.
    #[getter]
    fn num_actions(&self) -> usize {
        with_batch!(&self.inner, b => actions_of(b))
    }

    /// Sets game `index` (every game when `None`) back to the start.
    #[pyo3(signature = (index=None))]
    fn reset(&mut self, index: Option<usize>) -> PyResult<()> {
        let n = self.__len__();
        if index.is_some_and(|i| i >= n) {
            return Err(PyIndexError::new_err(format!(
                "no game {index:?} in a batch of {n}"
            )));
        }
        with_batch!(&mut self.inner, b => b.reset(index));
        Ok(())
    }

    /// Plays `actions[i]` in game `i` (an int array of length n; ignored for a finished game).
    /// Every action is checked first: on `IllegalMove` nothing was played.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<StepOutput<'py>> {
        let n = self.__len__();
        let actions = actions.as_slice()?;
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for a batch of {n} games",
                actions.len()
            )));
        }
        let mut rewards = vec![[0.0; 2]; n];
        let mut done = vec![false; n];
        let autoreset = self.autoreset;
        with_batch!(&mut self.inner, b => b.step(actions, autoreset, &mut rewards, &mut done))
            .map_err(|e| {
                IllegalMove::new_err(format!(
                    "game {}: action {}: {}",
                    e.index, e.action, e.reason
                ))
            })?;
        Ok(batch_outputs(py, rewards, done))
    }

    /// Plays a uniformly random legal move in every game still going.
    fn random_step<'py>(&mut self, py: Python<'py>) -> StepOutput<'py> {
        let n = self.__len__();
        let mut rewards = vec![[0.0; 2]; n];
        let mut done = vec![false; n];
        let autoreset = self.autoreset;
        with_batch!(&mut self.inner, b => b.random_step(autoreset, &mut rewards, &mut done));
        batch_outputs(py, rewards, done)
    }

    /// Plays `steps` random steps in Rust with the GIL released; returns the number of games
    /// that ended.
    fn random_steps(&mut self, py: Python<'_>, steps: u64) -> u64 {
        let n = self.__len__();
        let autoreset = self.autoreset;
        let inner = &mut self.inner;
        py.detach(|| {
            let mut rewards = vec![[0.0; 2]; n];
            let mut done = vec![false; n];
            let mut ended = 0u64;
            for _ in 0..steps {
                with_batch!(&mut *inner, b => b.random_step(autoreset, &mut rewards, &mut done));
                ended += done.iter().filter(|&&d| d).count() as u64;
            }
            ended
        })
    }

    /// Every game's observation: float32 `(n, 1 + window, block)` (see `Game.observation`).
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<f32>> {
        let window = self.window;
        with_batch!(&self.inner, b => {
            let (rows, cols) = block_shape(b, window);
            let n = b.envs.len();
            let mut out = vec![0.0; n * rows * cols];
            b.observations(window, &mut out);
            Array3::from_shape_vec((n, rows, cols), out)
                .expect("the shape matches")
                .into_pyarray(py)
        })
    }

    /// Every game's legal-action mask: bool `(n, num_actions)`.
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        with_batch!(&self.inner, b => {
            let a = actions_of(b);
            let n = b.envs.len();
            let mut out = vec![false; n * a];
            b.masks(&mut out);
            Array2::from_shape_vec((n, a), out)
                .expect("the shape matches")
                .into_pyarray(py)
        })
    }

    /// The side to move in every game: int8 `(n,)`, 0 South, 1 North, -1 over.
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        with_batch!(&self.inner, b => {
            let v: Vec<i8> = b
                .envs
                .iter()
                .map(|e| e.pos.to_move().map_or(-1, |s| s.index() as i8))
                .collect();
            Array1::from_vec(v).into_pyarray(py)
        })
    }

    /// Game `index`'s position in the game's notation.
    fn notation(&self, index: usize) -> PyResult<String> {
        with_batch!(&self.inner, b => b
            .envs
            .get(index)
            .map(|e| e.pos.to_string())
            .ok_or_else(|| PyIndexError::new_err(format!("no game {index}"))))
    }
}

fn actions_of<P: Encoded>(_: &batch::Batch<P>) -> usize {
    P::ACTIONS
}

fn block_shape<P: Encoded>(_: &batch::Batch<P>, window: usize) -> (usize, usize) {
    encode::observation_shape::<P>(window)
}

/// The native module.
#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyGame>()?;
    m.add_class::<PyScore>()?;
    m.add_class::<PyAnalysis>()?;
    m.add_class::<PyTablebase>()?;
    m.add_class::<PyBatch>()?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(best_move, m)?)?;
    m.add_function(wrap_pyfunction!(levels, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(preset_info, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add("MancalaError", py.get_type::<MancalaError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("RuleError", py.get_type::<RuleError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("DEFAULT_WINDOW", DEFAULT_WINDOW)?;
    m.add("MAX_LEVEL", mancala_engine::MAX_LEVEL)?;
    Ok(())
}
