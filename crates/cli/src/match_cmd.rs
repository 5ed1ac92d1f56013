//! `mancala match`: games between two engine configurations, with openings, alternating colours,
//! W/D/L, an Elo estimate with its 95% interval, an SPRT log-likelihood ratio, and games saved
//! as JSON lines.
//!
//! A configuration is `uci:<shell command>` for an external engine speaking the protocol of
//! `mancala engine` (it gets `go <--external-go>`), `random` (uniformly random legal moves), or a comma-separated list: `level=N` (see
//! `level_move`), or any of
//! `movetime=MS`, `depth=N`, `nodes=N`, `threads=N`, `hash=MB`, `selective=0|1` (late move
//! reductions), `eval=fitted|hand` (the evaluation; `fitted` is the default), `algo=alphabeta|mcts` (default: alpha-beta), `tb=DIR` (endgame tables,
//! docs/tablebase.md), and for Monte-Carlo
//! tree search `leaf=eval|abN|playN` (static evaluation, alpha-beta of N plies, playout of N
//! plies), `cpuct=N` (exploration, hundredths), `prior=N` (prior temperature, centiseeds; 0 =
//! uniform), `scale=N` (centiseeds mapped to tanh(1)), `seed=N`. Example:
//! `mancala match abapa --a movetime=100 --b level=3 --games 20`, or
//! `mancala match olowuka --a movetime=100,algo=mcts --b movetime=100,algo=alphabeta`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use mancala_core::variant::{AnyGame, DynGame};
use mancala_engine::eval::EvalKind;
use mancala_engine::{Algorithm, Engine, Leaf, Limits, MctsOptions, SearchOptions};
use serde_json::json;

use crate::lines::lines_of;
use crate::GameArgs;

/// Arguments of `mancala match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Configuration of player A.
    #[arg(long)]
    a: String,
    /// Configuration of player B.
    #[arg(long)]
    b: String,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Random plies of each opening (the first opening is the start position).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Seed of the openings and of the levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// SPRT hypotheses: Elo of A over B under H0 and H1.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], default_values_t = [0.0, 20.0], allow_negative_numbers = true)]
    sprt: Vec<f64>,
    /// Write every game as one JSON object per line to this file.
    #[arg(long)]
    save: Option<String>,
    /// The `go` arguments sent to external (`uci:`) engines.
    #[arg(long, default_value = "movetime 100")]
    external_go: String,
}

/// An external engine process speaking the protocol of `mancala engine`.
#[derive(Debug)]
pub(crate) struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    go: String,
}

impl External {
    fn start(cmd: &str, go: &str) -> Result<External> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {cmd:?}"))?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = child.stdout.take().context("no stdout")?;
        let mut e = External {
            child,
            stdin,
            lines: lines_of(stdout),
            go: go.to_string(),
        };
        e.send("uci")?;
        e.wait_for("uciok", Duration::from_secs(30))?;
        e.sync()?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}").context("the engine closed its input")?;
        self.stdin.flush().context("the engine closed its input")?;
        Ok(())
    }

    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String> {
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .map_err(|_| anyhow::anyhow!("no {prefix:?} from the engine in time"))?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
        }
    }

    fn sync(&mut self) -> Result<()> {
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(30))
            .map(|_| ())
    }

    fn choose(&mut self, start: &str, standard: bool, moves: &[String]) -> Result<String> {
        let mut pos = if standard {
            "position startpos".to_string()
        } else {
            format!("position fen {start}")
        };
        if !moves.is_empty() {
            // Aalina's dialect writes one-letter moves together ("moves FaBc").
            let sep = if moves.iter().all(|m| m.chars().count() == 1) {
                ""
            } else {
                " "
            };
            pos.push_str(" moves ");
            pos.push_str(&moves.join(sep));
        }
        self.send(&pos)?;
        let go = format!("go {}", self.go);
        self.send(&go)?;
        let line = self.wait_for("bestmove", Duration::from_secs(600))?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .context("bestmove without a move")
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug)]
pub(crate) enum Player {
    /// Uniformly random legal moves (the floor of the level ladder).
    Random,
    Level(u8),
    Search(Engine, SearchOptions),
    External(External),
}

pub(crate) fn parse_player(spec: &str, go: &str) -> Result<Player> {
    if let Some(cmd) = spec.strip_prefix("uci:") {
        return Ok(Player::External(External::start(cmd, go)?));
    }
    if spec.trim() == "random" {
        return Ok(Player::Random);
    }
    let mut limits = Limits::default();
    let mut threads = 1;
    let mut hash = 16;
    let mut selective = true;
    let mut eval = EvalKind::default();
    let mut algorithm = None;
    let mut mcts = MctsOptions::default();
    let mut tables = Vec::new();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .with_context(|| format!("{part:?} is not NAME=VALUE"))?;
        match k.trim() {
            "eval" => {
                eval = EvalKind::from_name(v.trim())
                    .with_context(|| format!("eval: {v:?} is not fitted or hand"))?;
                continue;
            }
            "algo" => {
                algorithm = Some(Algorithm::from_name(v)?);
                continue;
            }
            "leaf" => {
                mcts.leaf = parse_leaf(v.trim())?;
                continue;
            }
            "tb" => {
                tables = crate::tb::load_tables(std::path::Path::new(v.trim()))?;
                continue;
            }
            _ => {}
        }
        let n: u64 = v
            .trim()
            .parse()
            .with_context(|| format!("{k}: {v:?} is not a whole number"))?;
        match k.trim() {
            "level" => {
                if !(1..=u64::from(mancala_engine::MAX_LEVEL)).contains(&n) {
                    bail!("level must be 1..{}", mancala_engine::MAX_LEVEL);
                }
                return Ok(Player::Level(n as u8));
            }
            "movetime" => limits.movetime = Some(Duration::from_millis(n)),
            "depth" => limits.depth = Some(n.clamp(1, 100) as u32),
            "nodes" => limits.nodes = Some(n.max(1)),
            "threads" => threads = n.clamp(1, 256) as usize,
            "hash" => hash = n.clamp(1, 4096) as usize,
            "selective" => selective = n != 0,
            "cpuct" => mcts.exploration = n.clamp(1, 10_000) as u32,
            "prior" => mcts.prior_temperature = n.min(1_000_000) as u32,
            "scale" => mcts.scale = n.clamp(1, 1_000_000) as u32,
            "seed" => mcts.seed = n,
            other => {
                bail!("unknown setting {other:?} (level, movetime, depth, nodes, threads, hash, selective, eval, algo, tb, leaf, cpuct, prior, scale, seed)")
            }
        }
    }
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_millis(100));
    }
    let mut engine = Engine::new(hash);
    engine.set_tablebases(tables);
    Ok(Player::Search(
        engine,
        SearchOptions {
            limits,
            threads,
            selective,
            eval,
            algorithm,
            mcts,
            ..SearchOptions::default()
        },
    ))
}

/// Reads a leaf valuation: `eval`, `abN` (N = 1..8) or `playN` (N = 1..1000).
fn parse_leaf(text: &str) -> Result<Leaf> {
    if text == "eval" {
        return Ok(Leaf::Eval);
    }
    if let Some(d) = text.strip_prefix("ab") {
        if let Ok(d @ 1..=8) = d.parse::<u8>() {
            return Ok(Leaf::Search(d));
        }
    }
    if let Some(n) = text.strip_prefix("play") {
        if let Ok(n @ 1..=1000) = n.parse::<u16>() {
            return Ok(Leaf::Playout(n));
        }
    }
    bail!("leaf: {text:?} is not eval, ab1..ab8 or play1..play1000")
}

impl Player {
    fn new_game(&mut self) -> Result<()> {
        match self {
            Player::Search(e, _) => e.clear(),
            Player::External(x) => {
                x.send("ucinewgame")?;
                x.sync()?;
            }
            Player::Level(_) | Player::Random => {}
        }
        Ok(())
    }

    fn choose(&mut self, base: &AnyGame, game: &AnyGame, seed: u64) -> Result<String> {
        let mv = match self {
            Player::Random => {
                let legal = game.state().legal;
                let n = legal.len() as u64;
                (n > 0).then(|| legal[(splitmix(seed) % n) as usize].clone())
            }
            Player::Level(l) => mancala_engine::level_move(game, *l, seed),
            Player::Search(e, o) => e
                .search_dyn(game, o, None, &mut |_| {})
                .and_then(|a| a.best),
            Player::External(x) => {
                let standard = base.notation() == base.variant().new_game(&[], None)?.notation();
                return x.choose(&base.notation(), standard, &game.moves());
            }
        };
        mv.context("the engine cannot play this game")
    }
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

pub(crate) fn openings(base: &AnyGame, count: u32, plies: u32, seed: u64) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    let mut state = seed;
    let mut tries = 0;
    while (out.len() as u32) < count && tries < 10_000 {
        tries += 1;
        let mut g = base.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let legal = g.state().legal;
            if legal.is_empty() {
                break;
            }
            state = splitmix(state);
            let mv = legal[(state % legal.len() as u64) as usize].clone();
            if g.play(&mv).is_err() {
                break;
            }
            line.push(mv);
        }
        if line.len() as u32 == plies && g.state().to_move.is_some() && !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Plays one game from `opening` between `players[0]` (A, South when `a_south`) and `players[1]`;
/// a game still going after `max_plies` plies is a draw. Returns the final game and its winner.
pub(crate) fn play_one(
    players: &mut [Player; 2],
    base: &AnyGame,
    opening: &[String],
    a_south: bool,
    seed: u64,
    max_plies: u32,
) -> Result<(AnyGame, Option<mancala_core::Side>)> {
    let mut game = base.clone();
    for mv in opening {
        game.play(mv)
            .map_err(|e| anyhow::anyhow!("opening move {mv}: {e}"))?;
    }
    for p in players.iter_mut() {
        p.new_game()?;
    }
    let mut plies = 0;
    while let Some(side) = game.state().to_move {
        if plies >= max_plies {
            break;
        }
        let a_to_move = (side == mancala_core::Side::South) == a_south;
        let player = &mut players[usize::from(!a_to_move)];
        let mv = player.choose(base, &game, splitmix(seed ^ u64::from(plies)))?;
        game.play(&mv)
            .map_err(|e| anyhow::anyhow!("engine move {mv}: {e}"))?;
        plies += 1;
    }
    let winner = game.state().outcome.and_then(|o| o.winner);
    Ok((game, winner))
}

fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p.clamp(1e-9, 1.0 - 1e-9) - 1.0).log10()
}

fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let base = args.game.build()?;
    let mut players = [
        parse_player(&args.a, &args.external_go)?,
        parse_player(&args.b, &args.external_go)?,
    ];
    let lines = openings(&base, args.games.div_ceil(2), args.opening_plies, args.seed);
    let mut save = match &args.save {
        Some(p) => Some(BufWriter::new(
            File::create(p).with_context(|| format!("cannot create {p}"))?,
        )),
        None => None,
    };
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    for gi in 0..args.games {
        let opening = &lines[(gi as usize / 2) % lines.len()];
        let a_south = gi % 2 == 0;
        let (game, winner) = play_one(
            &mut players,
            &base,
            opening,
            a_south,
            args.seed ^ (u64::from(gi) << 32),
            args.max_plies,
        )?;
        let state = game.state();
        let a_side = if a_south {
            mancala_core::Side::South
        } else {
            mancala_core::Side::North
        };
        let result = match winner {
            None => {
                d += 1;
                "1/2-1/2"
            }
            Some(s) if s == a_side => {
                w += 1;
                if a_south {
                    "1-0"
                } else {
                    "0-1"
                }
            }
            Some(_) => {
                l += 1;
                if a_south {
                    "0-1"
                } else {
                    "1-0"
                }
            }
        };
        let reason = state.outcome.map_or("max plies", |o| o.reason.as_str());
        writeln!(
            out,
            "game {:>3}/{}  A={}  open={:<4} {result:<7} {}-{}  {reason}  plies={}  [+{w} ={d} -{l}]",
            gi + 1,
            args.games,
            if a_south { "south" } else { "north" },
            if opening.is_empty() { "-".to_string() } else { opening.concat() },
            state.stores[0],
            state.stores[1],
            game.moves().len()
        )?;
        if let Some(f) = save.as_mut() {
            let rec = json!({
                "game": gi + 1, "variant": base.variant().name(), "start": base.notation(),
                "south": if a_south { &args.a } else { &args.b },
                "north": if a_south { &args.b } else { &args.a },
                "opening": opening, "moves": game.moves(), "result": result,
                "reason": reason, "final": state.stores,
            });
            writeln!(f, "{rec}")?;
        }
    }
    let n = f64::from(w + d + l);
    if n > 0.0 {
        let s = (f64::from(w) + 0.5 * f64::from(d)) / n;
        let var = (f64::from(w) * (1.0 - s).powi(2)
            + f64::from(d) * (0.5 - s).powi(2)
            + f64::from(l) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        writeln!(out, "A vs B: +{w} ={d} -{l}  score {:.1}%", 100.0 * s)?;
        if s > 0.0 && s < 1.0 {
            writeln!(
                out,
                "Elo {:+.0}  95% [{:+.0}, {:+.0}]",
                elo(s),
                elo(s - 1.96 * se),
                elo(s + 1.96 * se)
            )?;
        } else {
            writeln!(
                out,
                "Elo {}inf (no 95% interval from a perfect score)",
                if s > 0.5 { "+" } else { "-" }
            )?;
        }
        let (s0, s1) = (expected(args.sprt[0]), expected(args.sprt[1]));
        let llr = if var > 0.0 {
            n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
        } else {
            0.0
        };
        let bound = (0.95f64 / 0.05).ln();
        let verdict = if llr >= bound {
            "H1 accepted"
        } else if llr <= -bound {
            "H0 accepted"
        } else {
            "continue"
        };
        writeln!(
            out,
            "SPRT elo0={} elo1={}: LLR {llr:.2} (bounds ±{bound:.2}): {verdict}",
            args.sprt[0], args.sprt[1]
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
