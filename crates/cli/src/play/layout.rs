//! Where everything goes on the terminal screen: the board's geometry for a screen size.

use ratatui::layout::{Constraint, Layout, Rect};

/// Width of one pit box.
const PIT_W: u16 = 6;
/// Columns from one pit to the next.
const PIT_STEP: u16 = 7;
/// Width of a store box.
const STORE_W: u16 = 10;
/// Height of the board box.
const BOARD_H: u16 = 10;
/// The most pits a row that the board is drawn for.
pub const MAX_ROW: usize = 64;
/// The smallest height the screen can be drawn in.
pub const MIN_HEIGHT: u16 = 20;

/// Where everything goes on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The title line.
    pub title: Rect,
    /// The board box.
    pub board: Rect,
    /// One rectangle per pit, in pit index order.
    pub pits: Vec<Rect>,
    /// The letter label of each pit.
    pub labels: Vec<Rect>,
    /// `[south, north]` store boxes.
    pub stores: [Rect; 2],
    /// Status lines under the board.
    pub status: Rect,
    /// The move list and rules panel.
    pub panel: Rect,
    /// The key summary at the bottom.
    pub keys: Rect,
}

/// The smallest width that fits a board of `n` pits a row.
#[must_use]
pub fn min_width(n: usize) -> u16 {
    let n = u16::try_from(n).unwrap_or(u16::MAX / PIT_STEP);
    n.saturating_mul(PIT_STEP)
        .saturating_add(2 * STORE_W + 4)
        .max(60)
}

/// The layout for a screen of `area`, or `None` when it is too small.
#[must_use]
pub fn geometry(area: Rect, n: usize) -> Option<Geometry> {
    // With at most MAX_ROW pits a row and a width of at least min_width(n), every coordinate
    // below stays inside `area`, so the u16 arithmetic cannot overflow.
    if n == 0 || n > MAX_ROW || area.width < min_width(n) || area.height < MIN_HEIGHT {
        return None;
    }
    let n16 = u16::try_from(n).ok()?;
    let [title, board, status, panel, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(BOARD_H),
        Constraint::Length(3),
        Constraint::Min(3),
        Constraint::Length(1),
    ])
    .areas(area);
    let inner_w = board.width.saturating_sub(2);
    let content_w = 2 * STORE_W + 2 + n16 * PIT_STEP;
    let x0 = board.x + 1 + inner_w.saturating_sub(content_w) / 2;
    let y0 = board.y + 1;
    let first_pit_x = x0 + STORE_W + 1;
    let mut pits = Vec::with_capacity(2 * n);
    let mut labels = Vec::with_capacity(2 * n);
    for i in 0..n16 {
        let x = first_pit_x + i * PIT_STEP;
        pits.push(Rect::new(x, y0 + 4, PIT_W, 3));
        labels.push(Rect::new(x, y0 + 7, PIT_W, 1));
    }
    for j in 0..n16 {
        let x = first_pit_x + (n16 - 1 - j) * PIT_STEP;
        pits.push(Rect::new(x, y0 + 1, PIT_W, 3));
        labels.push(Rect::new(x, y0, PIT_W, 1));
    }
    let north_store = Rect::new(x0, y0 + 1, STORE_W, 6);
    let south_store = Rect::new(first_pit_x + n16 * PIT_STEP, y0 + 1, STORE_W, 6);
    Some(Geometry {
        title,
        board,
        pits,
        labels,
        stores: [south_store, north_store],
        status,
        panel,
        keys,
    })
}
