//! `mancala show`: a board diagram of any position, for docs and bug reports.

use std::process::ExitCode;

use anyhow::{bail, Result};
use mancala_core::variant::{AnyGame, DynGame};
use mancala_core::Side;

/// Arguments of `mancala show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// `[PRESET] [POSITION]`: the preset whose notation and rules apply (see `mancala
    /// variants`; default oware, or --variant) and the position in its notation (e.g.
    /// `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`; the start position when left out).
    #[arg(value_name = "PRESET] [POSITION", num_args = 0..=2)]
    pub words: Vec<String>,
    /// The preset whose notation and rules apply (see `mancala variants`).
    #[arg(long)]
    pub variant: Option<String>,
    /// Set a rule option on top of the preset. Repeatable.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

impl Args {
    /// The preset and the position the words and --variant give: `show POSITION`,
    /// `show PRESET`, `show PRESET POSITION`.
    fn preset_and_position(&self) -> Result<(String, Option<String>)> {
        let is_preset = |w: &str| mancala_core::variant::Variant::from_name(w).is_ok();
        let (preset, position) = match self.words.as_slice() {
            [] => (None, None),
            [w] if is_preset(w) => (Some(w.clone()), None),
            [w] => (None, Some(w.clone())),
            [p, w] => (Some(p.clone()), Some(w.clone())),
            _ => bail!("show takes at most a preset and a position"),
        };
        let preset = match (preset, &self.variant) {
            (Some(p), Some(v)) if p != *v => {
                bail!("two presets: {p} and --variant {v} (give one)")
            }
            (Some(p), _) => p,
            (None, Some(v)) => v.clone(),
            (None, None) => "oware".to_string(),
        };
        Ok((preset, position))
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let (preset, position) = args.preset_and_position()?;
    let game = crate::new_game(&preset, &args.rules, position.as_deref())?;
    print!("{}", diagram(&game));
    Ok(ExitCode::SUCCESS)
}

fn letter(base: u8, i: usize) -> String {
    u8::try_from(i)
        .ok()
        .filter(|&o| o < 26)
        .map_or_else(|| format!("{i}"), |o| char::from(base + o).to_string())
}

/// A plain-text diagram of the game's current position: North's row on top (drawn right to left,
/// as it is sown), South's below, stores at the sides, whose turn, the legal moves or the result,
/// and any game-specific state.
#[must_use]
pub fn diagram(game: &AnyGame) -> String {
    let s = game.state();
    let n = game.pits_per_row().max(1);
    let rows = s.pits.len() / n;
    let width = s
        .pits
        .iter()
        .chain(s.stores.iter())
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let cell = |c: u32| format!(" {c:>width$} ");
    let rule = format!(
        "       +{}\n",
        format!("{}+", "-".repeat(width + 2)).repeat(n)
    );
    let mut out = format!("{}  {}\n", game.variant().name(), s.position);
    let north: Vec<usize> = (0..n).rev().map(|j| n + j).collect();
    let south: Vec<usize> = (0..n).collect();
    let labels = |idx: &[usize]| -> String {
        let mut l = String::from("        ");
        for &i in idx {
            let t = if i < n {
                letter(b'A', i)
            } else {
                letter(b'a', i - n)
            };
            l.push_str(&format!(" {t:>width$}  "));
        }
        l.trim_end().to_string() + "\n"
    };
    let owners: Option<Vec<String>> = crate::play::text::owners(&s.extras)
        .filter(|o| o.len() == s.pits.len())
        .map(|o| o.iter().map(|s| s.letter().to_string()).collect());
    let row = |idx: &[usize], side: Side| -> String {
        let mark = if s.to_move == Some(side) { ">" } else { " " };
        let mut l = format!("{mark}{} {:>3} |", side.letter(), s.stores[side.index()]);
        for &i in idx {
            l.push_str(&cell(s.pits.get(i).copied().unwrap_or(0)));
            l.push('|');
        }
        l.push('\n');
        if let Some(o) = &owners {
            l.push_str("        ");
            for &i in idx {
                l.push_str(&format!(
                    "{:^w$} ",
                    o.get(i).map_or("", String::as_str),
                    w = width + 2
                ));
            }
            l = l.trim_end().to_string() + "\n";
        }
        l
    };
    out.push_str(&labels(&north));
    out.push_str(&rule);
    out.push_str(&row(&north, Side::North));
    out.push_str(&rule);
    out.push_str(&row(&south, Side::South));
    out.push_str(&rule);
    out.push_str(&labels(&south));
    if rows != 2 {
        out.push_str(&format!("({} pits in all)\n", s.pits.len()));
    }
    match (s.outcome, s.to_move) {
        (Some(o), _) => {
            let who = o.winner.map_or("draw".to_string(), |w| format!("{w} wins"));
            out.push_str(&format!(
                "game over: {who} {}-{} ({})\n",
                s.stores[0], s.stores[1], o.reason
            ));
        }
        (None, Some(side)) => {
            out.push_str(&format!("{side} to move; legal: {}\n", s.legal.join(" ")));
        }
        (None, None) => {}
    }
    for (k, v) in crate::play::text::extras_fields(&s.extras) {
        out.push_str(&format!("{k}: {v}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::variant::Variant;

    #[test]
    fn start_position_diagram() {
        let g = Variant::Oware.new_game(&[], None).unwrap();
        let d = diagram(&g);
        let expected = "\
oware  4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
          f    e    d    c    b    a
       +----+----+----+----+----+----+
 N   0 |  4 |  4 |  4 |  4 |  4 |  4 |
       +----+----+----+----+----+----+
>S   0 |  4 |  4 |  4 |  4 |  4 |  4 |
       +----+----+----+----+----+----+
          A    B    C    D    E    F
south to move; legal: A B C D E F
";
        assert_eq!(d, expected);
        assert!(d.contains(">S   0 |  4 |"), "{d}");
        assert!(d.contains("south to move; legal: A B C D E F"), "{d}");
    }

    #[test]
    fn finished_and_ouril_positions() {
        let g = Variant::Abapa
            .new_game(&[], Some("0-0-0-0-0-0-0-0-0-0-0-0-25-23-S"))
            .unwrap();
        assert!(diagram(&g).contains("game over: south wins 25-23"));
        let g = Variant::Ouril.new_game(&[], None).unwrap();
        assert!(diagram(&g).contains("extra_turn: no"));
    }
}
