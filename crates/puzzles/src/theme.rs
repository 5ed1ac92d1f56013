//! A puzzle's themes, read from what its solution does on the board.

use mancala_core::extras::Extras;
use mancala_core::isolo::Phase;
use mancala_core::trace::SowStep;
use mancala_core::variant::{AnyGame, DynGame, Variant};

/// Every theme, in the order of precedence used to pick a puzzle's main theme.
pub const THEMES: [&str; 12] = [
    "kucheleka set-up",
    "grand slam trap",
    "grand slam",
    "kroo",
    "relay lap",
    "owner capture",
    "capture and resow",
    "capture chain",
    "feeding",
    "combination",
    "capture",
    "quiet move",
];

/// Seeds a pit must hold for its sowing to go round the board (a kroo) on a row of `row` pits.
fn lap_seeds(row: usize) -> u32 {
    2 * row as u32
}

/// The themes of a puzzle starting at `game` (the solver to move) whose line is `solution`
/// (at least one move) and whose wrong first moves are `wrong`, main theme first.
#[must_use]
pub fn themes(game: &AnyGame, solution: &[String], wrong: &[String]) -> Vec<&'static str> {
    let mut found = Vec::new();
    let state = game.state();
    let Some(me) = state.to_move else {
        return found;
    };
    let variant = game.variant();
    let row = state.pits.len() / 2;
    if let Extras::Isolo(x) = &state.extras {
        if x.phase == Phase::Kucheleka {
            found.push("kucheleka set-up");
        }
    }
    let steps = game.sowing(&solution[0]).unwrap_or_default();
    let forfeits = |steps: &[SowStep]| steps.iter().any(|s| matches!(s, SowStep::NoCapture { .. }));
    let tempting_slam = wrong
        .iter()
        .any(|m| game.sowing(m).is_ok_and(|s| forfeits(&s)));
    if tempting_slam {
        found.push("grand slam trap");
    }
    if forfeits(&steps) {
        found.push("grand slam");
    }
    let relay = matches!(variant, Variant::Olowuka | Variant::BaAwa);
    let laps = steps
        .iter()
        .filter_map(|s| match s {
            SowStep::Lift { lap, .. } => Some(*lap),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let big_lift = steps
        .iter()
        .any(|s| matches!(s, SowStep::Lift { seeds, .. } if *seeds >= lap_seeds(row)));
    if big_lift && !relay {
        found.push("kroo");
    }
    if relay && laps > 1 {
        found.push("relay lap");
    }
    let mut mine = 0;
    let mut theirs = 0;
    let mut resow = false;
    for s in &steps {
        match s {
            SowStep::Capture { by, .. } if *by == me => mine += 1,
            SowStep::Capture { .. } => theirs += 1,
            SowStep::Lift { capture: true, .. } => resow = true,
            _ => {}
        }
    }
    if variant == Variant::BaAwa && mine > 0 {
        found.push("owner capture");
    }
    if resow {
        found.push("capture and resow");
    }
    if mine >= 2 && !matches!(variant, Variant::BaAwa) {
        found.push("capture chain");
    }
    let their_row = match me.index() {
        0 => &state.pits[row..],
        _ => &state.pits[..row],
    };
    if their_row.iter().all(|&x| x == 0) {
        found.push("feeding");
    }
    if solution.len() >= 3 {
        found.push("combination");
    }
    if mine == 1 && !found.contains(&"capture chain") {
        found.push("capture");
    }
    if mine == 0 && theirs == 0 && !resow {
        found.push("quiet move");
    }
    found.sort_by_key(|t| THEMES.iter().position(|x| x == t));
    found.dedup();
    found
}
