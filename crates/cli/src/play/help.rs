//! The help screen's text and size: the game, how it captures, the keys and the options in force.
//! A leaf module, so that the state (scrolling) and the drawing agree on the same lines.

use mancala_core::variant::{DynGame, Variant};
use mancala_i18n::{tr, Catalog};
use ratatui::layout::Rect;

/// How a preset captures, in a few sentences for players, in the catalogue's language.
#[must_use]
pub fn captures(variant: Variant, cat: &Catalog) -> String {
    match variant {
        Variant::Oware | Variant::Abapa | Variant::Wuri | Variant::Ouril | Variant::OurilLudii => {
            tr!(cat, "cli-captures-oware")
        }
        Variant::Awari => tr!(cat, "cli-captures-awari"),
        Variant::Olowuka => tr!(cat, "cli-captures-olowuka"),
        Variant::BaAwa => tr!(cat, "cli-captures-ba-awa"),
        Variant::Isolo => tr!(cat, "cli-captures-isolo"),
    }
}

/// One line of the help screen: its text and whether it is a heading.
pub type HelpLine = (String, bool);

/// The help screen's lines for `game`.
#[must_use]
pub fn lines(game: &dyn DynGame, cat: &Catalog) -> Vec<HelpLine> {
    let variant = game.variant();
    let info = variant.info();
    let mut out: Vec<HelpLine> = vec![
        (
            tr!(
                cat,
                "cli-help-board",
                game = mancala_i18n::game_name(cat, variant),
                board = info.board
            ),
            true,
        ),
        (mancala_i18n::game_summary(cat, variant), false),
        (tr!(cat, "cli-help-sow"), false),
        (String::new(), false),
        (tr!(cat, "cli-help-captures"), true),
        (format!("  {}", captures(variant, cat)), false),
        (String::new(), false),
        (tr!(cat, "cli-help-keys"), true),
    ];
    out.extend(
        tr!(cat, "cli-keys")
            .lines()
            .map(|l| (format!("  {l}"), false)),
    );
    out.push((String::new(), false));
    out.push((tr!(cat, "cli-help-options"), true));
    for o in game.options() {
        let doc = mancala_i18n::option_doc(cat, variant, o.name, o.doc);
        let name = mancala_i18n::rule_name(cat, o.name);
        let value = mancala_i18n::rule_value(cat, &o.value);
        out.push((format!("  {name} = {value}: {doc}"), false));
    }
    out.push((String::new(), false));
    out.push((tr!(cat, "cli-help-close"), false));
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
pub fn max_scroll(game: &dyn DynGame, cat: &Catalog, size: (u16, u16)) -> usize {
    let rect = area(Rect::new(0, 0, size.0, size.1));
    let inner_w = usize::from(rect.width.saturating_sub(2));
    let inner_h = usize::from(rect.height.saturating_sub(2));
    wrapped_height(&lines(game, cat), inner_w).saturating_sub(inner_h)
}
