//! The help screen's text and size: the game, how it captures, the keys and the options in force.
//! A leaf module, so that the state (scrolling) and the drawing agree on the same lines.

use mancala_core::variant::{DynGame, Variant};
use ratatui::layout::Rect;

/// The keys, as shown on the help screen and in `--help`.
pub const KEY_HELP: &str = include_str!("keys.txt");

/// How a preset captures, in a few sentences for players.
#[must_use]
pub fn captures(variant: Variant) -> &'static str {
    match variant {
        Variant::Oware | Variant::Abapa | Variant::Wuri | Variant::Ouril | Variant::OurilLudii => {
            "If your last seed falls into one of your opponent's pits and brings it to exactly 2 \
             or 3 seeds, you capture them; then the pit before it (clockwise) too if it is your \
             opponent's and holds 2 or 3, and so on, until a pit holds another count or the chain \
             reaches your own row. You never capture in your own row. A capture that would take \
             every seed of your opponent's row (a grand slam) follows the grand_slam option."
        }
        Variant::Awari => {
            "If your last seed falls into one of your opponent's pits and brings it to exactly 2 \
             or 3 seeds, you capture them, and backwards along his row every pit holding 2 or 3. \
             A move that leaves your opponent with no seeds is allowed only when every move \
             does; then its captures count. A player with no seeds to move leaves the rest to \
             his opponent, and an endless cycle shares the seeds left, half each."
        }
        Variant::Olowuka => {
            "Relay sowing: if your last seed brings any pit to 4 or more, its seeds are sown on \
             from the next pit. If it falls into one of your opponent's pits and brings it to 2 or \
             3, you capture it, then the pit before it (clockwise) if it is your opponent's and \
             holds 2 or 3, and so on, and the move ends. A chain that would take every seed of \
             your opponent's row leaves its last pit."
        }
        Variant::BaAwa => {
            "Whenever a pit reaches exactly 4 while you sow, its owner captures the four at once \
             and the sowing goes on. If your last seed brings a pit to exactly 4, you capture \
             them and the move ends; in an empty pit the move ends; otherwise its seeds are sown \
             on. Each round, every four seeds captured buy a pit for the next round."
        }
        Variant::Isolo => {
            "A lap ending in an occupied pit of your inner row captures the opponent's facing \
             pits when both are occupied, and the captured seeds are sown again as a new lap \
             (from your leftmost pit on the first lap, else from where the capturing lap \
             began). A single seed facing near an end also takes the end pits. There are no \
             stores: captured seeds stay in your rows."
        }
    }
}

/// One line of the help screen: its text and whether it is a heading.
pub type HelpLine = (String, bool);

/// The help screen's lines for `game`.
#[must_use]
pub fn lines(game: &dyn DynGame) -> Vec<HelpLine> {
    let variant = game.variant();
    let info = variant.info();
    let mut out: Vec<HelpLine> = vec![
        (
            format!("{} — {} board ({})", info.name, info.board, info.spec),
            true,
        ),
        (info.summary.to_string(), false),
        (
            "Sow the seeds of one of your pits counter-clockwise, one a pit (A→F, then a→f)."
                .to_string(),
            false,
        ),
        (String::new(), false),
        ("Captures".to_string(), true),
        (format!("  {}", captures(variant)), false),
        (String::new(), false),
        ("Keys".to_string(), true),
    ];
    out.extend(KEY_HELP.lines().map(|l| (format!("  {l}"), false)));
    out.push((String::new(), false));
    out.push(("Rule options in force".to_string(), true));
    for o in game.options() {
        out.push((format!("  {} = {}: {}", o.name, o.value, o.doc), false));
    }
    out.push((String::new(), false));
    out.push((
        "↑/↓ and PgUp/PgDn scroll; any other key closes this screen.".to_string(),
        false,
    ));
    out
}

/// Where the help screen is drawn in a terminal of `area`.
#[must_use]
pub fn area(area: Rect) -> Rect {
    let w = area.width.saturating_sub(4).min(90);
    let h = area.height.saturating_sub(2);
    Rect::new(area.x + (area.width - w) / 2, area.y + 1, w, h)
}

/// Rows the lines take when wrapped at word boundaries to `width` columns.
#[must_use]
pub fn wrapped_height(lines: &[HelpLine], width: usize) -> usize {
    let width = width.max(1);
    lines
        .iter()
        .map(|(text, _)| {
            // Leading spaces count; a wrapped row starts with its word.
            let mut rows = 1;
            let mut used: Option<usize> = None;
            for word in text.split(' ') {
                let len = word.chars().count();
                let need = used.map_or(len, |u| u + 1 + len);
                if need <= width {
                    used = Some(need);
                } else {
                    rows += 1 + len.saturating_sub(1) / width;
                    used = Some(len % width);
                }
            }
            rows
        })
        .sum()
}

/// The furthest the help screen scrolls in a terminal of `size` (columns, rows): its height
/// beyond the rows shown.
#[must_use]
pub fn max_scroll(game: &dyn DynGame, size: (u16, u16)) -> usize {
    let rect = area(Rect::new(0, 0, size.0, size.1));
    let inner_w = usize::from(rect.width.saturating_sub(2));
    let inner_h = usize::from(rect.height.saturating_sub(2));
    wrapped_height(&lines(game), inner_w).saturating_sub(inner_h)
}
