//! `mancala puzzle [PRESET]`: solve the shipped puzzles in the terminal (docs/puzzles.md).
//!
//! ```text
//! mancala puzzle [PRESET] [--id ID] [--moves a,b,...]
//! ```
//!
//! In a terminal it opens the full-screen board of `mancala play` (`play::puzzle`): the person
//! plays the solver's moves, the defender's replies of the solution are animated, a wrong move is
//! answered with its refutation and why; `t` hints, `u` takes back, `v` plays the solution, `n`
//! opens the next puzzle near the player's puzzle rating, kept with the streaks in the user's
//! data directory. When standard input or output is not a terminal it reads the solver's moves
//! line by line (`hint` shows the theme, `show` the solution, `quit` ends). With `--moves` it
//! plays those moves as the solver's and prints whether they solve the puzzle (exit code 0 when
//! they do, 1 when not, 2 when a move is not one of the position's).

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use mancala_core::variant::{DynGame, DynPlayError, Variant};
use mancala_i18n::{tr, Catalog};
use mancala_puzzles::Puzzle;

use crate::show::diagram;

/// Arguments of `mancala puzzle`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The preset [default: every preset].
    variant: Option<String>,
    /// The puzzle to play (see `mancala puzzles list`).
    #[arg(long)]
    id: Option<String>,
    /// Do not ask: play these solver's moves (comma-separated) and say whether they solve it.
    #[arg(long, value_delimiter = ',')]
    moves: Option<Vec<String>>,
    /// The language of the screen and messages (`en`, `fr`, `pt`, ...; default: from `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`).
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
}

/// What a solver's move did.
enum Answer {
    /// The line goes on after this reply (if any).
    Right(Option<String>),
    /// The puzzle is solved.
    Solved,
    /// Wrong; the refutation if known.
    Wrong(Option<String>),
}

/// Checks the solver's move `mv` as the `step`-th of the solver's moves of `p`.
fn answer(p: &Puzzle, step: usize, mv: &str) -> Answer {
    let i = 2 * step;
    if p.solution.get(i).map(String::as_str) != Some(mv.trim()) {
        let refutation = (step == 0)
            .then(|| p.refutations.get(mv.trim()).cloned())
            .flatten();
        return Answer::Wrong(refutation);
    }
    if i + 1 >= p.solution.len() {
        Answer::Solved
    } else {
        Answer::Right(p.solution.get(i + 1).cloned())
    }
}

/// The puzzle the arguments name: by id, else the first of the preset (or of all).
fn pick(args: &Args, cat: &Catalog) -> Result<&'static Puzzle> {
    let all = mancala_puzzles::shipped_all().map_err(|e| anyhow!("{e}"))?;
    let variant = args
        .variant
        .as_deref()
        .map(Variant::from_name)
        .transpose()?;
    let mut candidates = all
        .iter()
        .filter(|p| variant.is_none_or(|v| p.variant == v.name()));
    match &args.id {
        Some(id) => candidates
            .find(|p| &p.id == id)
            .ok_or_else(|| anyhow!("{}", tr!(cat, "cli-puzzle-no-id", id = id.as_str()))),
        None => candidates
            .next()
            .ok_or_else(|| anyhow!("{}", tr!(cat, "cli-puzzle-no-preset"))),
    }
}

/// The full-screen puzzle: `args`' puzzle if it names one by id, else one near the player's
/// rating.
fn run_full_screen(args: &Args, cat: &'static Catalog) -> Result<ExitCode> {
    let first = pick(args, cat)?;
    let pool: Vec<&'static Puzzle> = mancala_puzzles::shipped_all()
        .map_err(|e| anyhow!("{e}"))?
        .iter()
        .filter(|p| p.variant == first.variant)
        .collect();
    let path = crate::play::puzzle::record_path();
    let (mut session, game, defender) =
        crate::play::puzzle::Session::new(pool, first, path.clone(), cat)?;
    let (game, defender) = if args.id.is_some() {
        (game, defender)
    } else {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        session.open(session.next_puzzle(seed))?
    };
    let mut app = crate::play::app::App::puzzle(session, game, defender);
    crate::play::run_app(&mut app, None)?;
    let tried = app.puzzle_session().filter(|s| s.record().played > 0);
    if let (Some(s), Some(path)) = (tried, path) {
        eprintln!(
            "{}",
            tr!(
                cat,
                "cli-puzzle-kept",
                record = s.summary(),
                path = path.display().to_string()
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let cat = mancala_i18n::catalog(mancala_i18n::resolve(args.lang.as_deref())?);
    if args.moves.is_none() && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return run_full_screen(args, cat);
    }
    let p = pick(args, cat)?;
    let variant = Variant::from_name(&p.variant)?;
    let mut game = variant.new_game(&[], Some(&p.position))?;
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if let Some(moves) = &args.moves {
        for (step, mv) in moves.iter().enumerate() {
            // A text that is not a move here is bad input, not a wrong answer.
            let legal = game.state().legal;
            if let Err(e) = game.play(mv.trim()) {
                let (id, moves) = (p.id.as_str(), legal.join(", "));
                bail!(
                    "{}",
                    match e {
                        DynPlayError::Illegal { reason, .. } => tr!(
                            cat,
                            "cli-puzzle-not-allowed",
                            id = id,
                            mv = mv.as_str(),
                            reason = mancala_i18n::illegal(cat, &reason),
                            moves = moves
                        ),
                        DynPlayError::Parse(_) => tr!(
                            cat,
                            "cli-puzzle-not-a-move",
                            id = id,
                            mv = mv.as_str(),
                            moves = moves
                        ),
                    }
                );
            }
            match answer(p, step, mv) {
                Answer::Solved => {
                    let said = tr!(cat, "cli-puzzle-verdict-solved", id = p.id.as_str());
                    writeln!(out, "{said}")?;
                    return Ok(ExitCode::SUCCESS);
                }
                Answer::Right(reply) => {
                    if let Some(reply) = reply {
                        game.play(&reply)
                            .map_err(|e| anyhow!("{}: the solution's {reply}: {e}", p.id))?;
                    }
                }
                Answer::Wrong(r) => {
                    let (id, mv) = (p.id.as_str(), mv.as_str());
                    let said = match r {
                        Some(reply) => {
                            tr!(
                                cat,
                                "cli-puzzle-verdict-refuted",
                                id = id,
                                mv = mv,
                                reply = reply
                            )
                        }
                        None => tr!(cat, "cli-puzzle-verdict-wrong", id = id, mv = mv),
                    };
                    writeln!(out, "{said}")?;
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        let said = tr!(cat, "cli-puzzle-verdict-unsolved", id = p.id.as_str());
        writeln!(out, "{said}")?;
        return Ok(ExitCode::FAILURE);
    }
    let side = game
        .state()
        .to_move
        .ok_or_else(|| anyhow!("{}", tr!(cat, "cli-puzzle-over")))?;
    let task = crate::play::puzzle::task(cat, p, side);
    let header = tr!(
        cat,
        "cli-puzzle-header",
        id = p.id.as_str(),
        rating = p.rating.to_string(),
        task = task
    );
    writeln!(out, "{header}")?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut step = 0;
    loop {
        writeln!(out, "{}", diagram(&game))?;
        write!(out, "{} ", tr!(cat, "cli-puzzle-prompt"))?;
        out.flush()?;
        let Some(line) = lines.next().transpose()? else {
            return Ok(ExitCode::SUCCESS);
        };
        let text = line.trim();
        match text {
            "quit" | "q" => return Ok(ExitCode::SUCCESS),
            "hint" => {
                let themes = p.themes.join(", ");
                writeln!(out, "{}", tr!(cat, "cli-puzzle-theme", themes = themes))?;
                continue;
            }
            "show" => {
                let solution = crate::play::text::solution(cat, &p.solution, None);
                writeln!(out, "{solution}")?;
                continue;
            }
            _ => {}
        }
        if let Err(e) = game.sowing(text) {
            writeln!(out, "{}", crate::play::text::refusal(cat, &e))?;
            continue;
        }
        match answer(p, step, text) {
            Answer::Solved => {
                game.play(text).map_err(|e| anyhow!("{e}"))?;
                let solved = tr!(cat, "cli-puzzle-solved-line");
                writeln!(out, "{}\n{solved}", diagram(&game))?;
                return Ok(ExitCode::SUCCESS);
            }
            Answer::Right(reply) => {
                game.play(text).map_err(|e| anyhow!("{e}"))?;
                if let Some(reply) = reply {
                    if game.state().to_move.is_some_and(|s| s != side) {
                        let right = tr!(cat, "cli-puzzle-right", reply = reply.as_str());
                        writeln!(out, "{right}")?;
                        game.play(&reply).map_err(|e| anyhow!("{e}"))?;
                    }
                }
                step += 1;
            }
            Answer::Wrong(refutation) => {
                let mut line = game.moves();
                line.push(text.to_string());
                let said = match (mancala_puzzles::refute(p, &line), refutation) {
                    (Ok(r), _) => {
                        let why = crate::play::puzzle::why(cat, &r);
                        tr!(cat, "cli-puzzle-try-again", mv = text, why = why)
                    }
                    (Err(_), Some(r)) => tr!(cat, "cli-puzzle-refutes", mv = text, reply = r),
                    (Err(_), None) => tr!(cat, "cli-puzzle-not-best", mv = text),
                };
                writeln!(out, "{said}")?;
            }
        }
    }
}
