//! Drawing the play screen from `&App`: the board, the status lines, the move list, the rules in
//! force and the help screen. Nothing here changes state.

use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use mancala_core::extras::Extras;
use mancala_core::Side;

use mancala_core::variant::{DynGame, StateView};

use mancala_i18n::tr;

use super::app::{App, Mode, Played, Tone};
use super::help;
use super::layout::{geometry, min_width, Geometry, MIN_HEIGHT};
use super::text::{ba_awa_match, describe_outcome, extras_texts, picks_left, side_name};

/// Draws the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let cat = app.cat();
    let n = app.game().pits_per_row().max(1);
    let Some(geo) = geometry(area, n) else {
        let text = tr!(
            cat,
            "cli-too-small",
            width = area.width,
            height = area.height,
            min_width = min_width(n),
            min_height = MIN_HEIGHT
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    };
    render_title(app, frame, geo.title);
    render_board(app, frame, &geo);
    render_status(app, frame, geo.status);
    render_panel(app, frame, geo.panel);
    let last = char::from(b'A' + u8::try_from(n.clamp(1, 26) - 1).unwrap_or(0));
    let last = last.to_string();
    let keys = if app.puzzle_session().is_some() {
        tr!(cat, "cli-keys-puzzle", last = last)
    } else if app.confirming_resignation() {
        tr!(cat, "cli-keys-resign")
    } else if app.setup().is_some() {
        tr!(cat, "cli-keys-setup")
    } else {
        tr!(cat, "cli-keys-game", last = last)
    };
    frame.render_widget(
        Paragraph::new(keys).style(Style::new().fg(Color::DarkGray)),
        geo.keys,
    );
    if app.help_open() {
        render_help(app, frame, area);
    }
}

fn side_label(app: &App, side: Side) -> String {
    let cat = app.cat();
    if app.is_human(side) {
        match app.mode() {
            Mode::Computer => tr!(cat, "cli-you"),
            _ => tr!(cat, "cli-person"),
        }
    } else {
        tr!(cat, "cli-computer")
    }
}

fn render_title(app: &App, frame: &mut Frame, area: Rect) {
    let cat = app.cat();
    let variant = app.game().variant();
    let (info, name) = (variant.info(), mancala_i18n::game_name(cat, variant));
    let mut text = tr!(
        cat,
        "cli-title",
        game = name.as_str(),
        board = info.board,
        south = side_label(app, Side::South),
        north = side_label(app, Side::North),
    );
    if let Some(session) = app.puzzle_session() {
        let p = session.puzzle();
        text = format!(
            " {}",
            tr!(
                cat,
                "cli-puzzle-title",
                game = name.as_str(),
                id = p.id.as_str(),
                rating = p.rating.to_string(),
                task = session.task(),
                record = session.summary()
            )
        );
    } else if app.mode() != Mode::Local {
        text.push_str("  ·  ");
        text.push_str(&tr!(cat, "cli-title-computer", name = app.opponent_name()));
    }
    frame.render_widget(
        Paragraph::new(text).style(Style::new().add_modifier(Modifier::BOLD)),
        area,
    );
}

fn render_board(app: &App, frame: &mut Frame, geo: &Geometry) {
    let state = app.state();
    let (pits, stores, hot, taken) = match (app.frame(), app.setup_preview()) {
        (Some(f), _) => (f.pits.clone(), f.stores, f.hot, f.taken.clone()),
        (None, Some(preview)) => (preview, state.stores, None, Vec::new()),
        (None, None) => (state.pits.clone(), state.stores, None, Vec::new()),
    };
    let animating = app.frame().is_some();
    let to_move = app.to_move();
    let human_turn = to_move.is_some_and(|s| app.is_human(s));
    let setup_side = app.setup().map(|s| s.side);
    let last = app.played().last().and_then(|p| app.move_pit(&p.mv));
    let hint = app.hint().and_then(|h| app.move_pit(&h.mv));
    let owners = app.owners(&state);
    // While a move is shown: its lap, the seeds in hand and what the rules say.
    let cat = app.cat();
    let title = match app.frame() {
        Some(f) if f.lap > 0 || f.note.is_some() => {
            let mut t = format!(" {}", tr!(cat, "cli-board"));
            if f.lap > 0 {
                t.push_str(&format!(" · {}", tr!(cat, "cli-lap", lap = f.lap)));
            }
            if f.hand > 0 {
                t.push_str(&format!(" · {}", tr!(cat, "cli-in-hand", count = f.hand)));
            }
            if let Some(note) = &f.note {
                t.push_str(&format!(" · {note}"));
            }
            t.push(' ');
            t
        }
        _ => format!(" {} ", tr!(cat, "cli-board")),
    };
    frame.render_widget(Block::bordered().title(title), geo.board);
    for (i, rect) in geo.pits.iter().enumerate() {
        let count = pits.get(i).copied().unwrap_or(0);
        let legal = app.pit_move(i).is_some_and(|m| state.legal.contains(&m))
            || setup_side.is_some_and(|s| i / n_row(app) == s.index());
        let mut border = Style::new().fg(Color::DarkGray);
        if legal && human_turn && !animating {
            border = Style::new().fg(Color::White);
        }
        if last == Some(i) {
            border = Style::new().fg(Color::Cyan);
        }
        if hint == Some(i) {
            border = Style::new().fg(Color::Green);
        }
        let mut text = Style::new().add_modifier(Modifier::BOLD);
        if human_turn && app.cursor() == i && !animating {
            border = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
            text = text.fg(Color::Black).bg(Color::Yellow);
        }
        if hot == Some(i) {
            text = text.fg(Color::Black).bg(Color::Green);
        }
        if taken.contains(&i) {
            text = text.fg(Color::White).bg(Color::Red);
            border = Style::new().fg(Color::Red);
        }
        let mut block = Block::new().borders(Borders::ALL).border_style(border);
        if let Some(Some(owner)) = owners.as_ref().and_then(|o| o.get(i)) {
            // Ownership: the owner's letter on the pit's lower edge, in his colour; a pit owned
            // from the other row is marked with a star.
            let row_side = if i < n_row(app) {
                Side::South
            } else {
                Side::North
            };
            let mark = if *owner == row_side {
                owner.letter().to_string()
            } else {
                format!("*{}*", owner.letter())
            };
            block = block.title_bottom(
                Line::from(Span::styled(mark, Style::new().fg(side_colour(*owner)))).centered(),
            );
        }
        let label = if count == 0 && !taken.contains(&i) {
            " · ".to_string()
        } else {
            format!("{count:^3}")
        };
        frame.render_widget(
            Paragraph::new(Line::from(Span::styled(label, text)))
                .alignment(Alignment::Center)
                .block(block),
            *rect,
        );
        if let (Some(l), Some(m)) = (geo.labels.get(i), app.pit_move(i)) {
            let mut mark = if last == Some(i) {
                format!("{m}•")
            } else {
                m
            };
            if human_turn && app.cursor() == i {
                mark = format!("▲{mark}");
            }
            let mut style = Style::new().fg(Color::Gray);
            if human_turn && app.cursor() == i {
                style = style.fg(Color::Yellow).add_modifier(Modifier::BOLD);
            }
            frame.render_widget(
                Paragraph::new(Span::styled(mark, style)).alignment(Alignment::Center),
                *l,
            );
        }
    }
    for side in Side::BOTH {
        let row = match side {
            Side::South => tr!(cat, "cli-row-south"),
            Side::North => tr!(cat, "cli-row-north"),
        };
        let mut block = Block::bordered().title(Line::from(format!(" {row} ")).centered());
        if to_move == Some(side) {
            block = block
                .border_style(Style::new().fg(Color::Yellow))
                .title_bottom(Line::from(format!(" {} ", tr!(cat, "cli-to-move"))).centered());
        }
        let text = store_lines(app, &state, side, stores[side.index()]);
        frame.render_widget(
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .block(block),
            geo.stores[side.index()],
        );
    }
}

/// The number of pits a row.
fn n_row(app: &App) -> usize {
    app.game().pits_per_row().max(1)
}

/// The colour a side's pits are marked in.
fn side_colour(side: Side) -> Color {
    match side {
        Side::South => Color::LightBlue,
        Side::North => Color::LightMagenta,
    }
}

/// What a side's box shows: its store (captures), and for Isolo its stock seeds and row, for
/// Ba-awa the pits it owns and the rounds it won.
fn store_lines(app: &App, state: &StateView, side: Side, store: u32) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let i = side.index();
    if let Extras::Isolo(iso) = &state.extras {
        let (stock, row) = (iso.stock_used[i], iso.row_seeds[i]);
        return vec![
            Line::from(Span::styled(format!("row {row}"), bold)),
            Line::from(format!("stock {stock}")),
            Line::from("used"),
        ];
    }
    if let (Some(_), Some(m)) = (app.owners(state), ba_awa_match(state)) {
        let (pits, target, won) = (m.pits[i], m.target, m.rounds_won[i]);
        return vec![
            Line::from(Span::styled(format!("{store}"), bold)),
            Line::from(Span::styled(
                format!("own {pits}/{target}"),
                Style::new().fg(side_colour(side)),
            )),
            Line::from(format!("rounds {won}")),
        ];
    }
    vec![
        Line::from(""),
        Line::from(Span::styled(format!("{store}"), bold)),
    ]
}

/// The game's own state in words: Isolo's phase, Ba-awa's round and match.
fn game_line(app: &App, state: &StateView) -> Option<String> {
    if let Extras::Isolo(iso) = &state.extras {
        let mut s = format!(
            "Isolo · phase: {} · stock seeds used S {} N {}",
            iso.phase.name(),
            iso.stock_used[0],
            iso.stock_used[1]
        );
        if let Some(w) = iso.foregame_winner {
            s.push_str(&format!(" · foregame won by {}", w.name()));
        }
        return Some(s);
    }
    app.owners(state)?;
    let Extras::BaAwa(b) = &state.extras else {
        return None;
    };
    let round = b.round;
    let pits = format!("[{} {}]", b.match_state.pits[0], b.match_state.pits[1]);
    let target = b.match_state.target;
    let mut s = format!("Ba-awa · round {round} · pits owned S-N {pits}, {target} win the match");
    let picks = picks_left(state);
    if picks > 0 {
        s.push_str(&format!(
            " · the round's winner picks {picks} more pit(s) of the other row"
        ));
    }
    Some(s)
}

fn render_status(app: &App, frame: &mut Frame, area: Rect) {
    let state = app.state();
    let cat = app.cat();
    let mut lines = Vec::new();
    let first = if let Some(side) = app.resigned() {
        tr!(
            cat,
            "cli-game-over-resigned",
            side = side.name(),
            winner = side.opponent().name()
        )
    } else if let Some(o) = state.outcome.filter(|_| app.frame().is_none()) {
        // Isolo has no stores: no score.
        let stores = (!matches!(state.extras, Extras::Isolo(_))).then_some(state.stores);
        tr!(
            cat,
            "cli-game-over",
            outcome = describe_outcome(cat, o, stores)
        )
    } else if let Some(p) = app.played().last().filter(|_| state.to_move.is_none()) {
        // The move that ended the game is still being shown.
        let side = p.side.map_or_else(String::new, |s| side_name(cat, s));
        tr!(cat, "cli-status-playing", side = side, move = p.mv.as_str())
    } else if let Some(side) = state.to_move {
        let who = side_label(app, side);
        let mut s = tr!(
            cat,
            "cli-status-to-move",
            side = side_name(cat, side),
            who = who
        );
        if let Some(g) = game_line(app, &state) {
            s = format!("{g} · {s}");
        }
        s.push_str(" · ");
        match app.speed_ms() {
            0 => s.push_str(&tr!(cat, "cli-sowing-at-once")),
            ms => s.push_str(&tr!(cat, "cli-sowing-speed", ms = ms)),
        }
        if app.thinking() {
            s.push_str(&format!(" · {}", tr!(cat, "cli-thinking")));
        }
        if app.paused() {
            s.push_str(&format!(" · {}", tr!(cat, "cli-paused")));
        }
        s
    } else {
        String::new()
    };
    lines.push(Line::from(Span::styled(
        first,
        Style::new().add_modifier(Modifier::BOLD),
    )));
    if let Some(setup) = app.setup() {
        let style = if setup.total() == 0 {
            Style::new().fg(Color::Red)
        } else {
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
        };
        lines.push(Line::from(Span::styled(
            format!(
                "Kucheleka: set up your row, {} seeds placed of at most {} (at least 1) · {} · Enter to confirm",
                setup.total(),
                setup.max_total,
                setup.move_text()
            ),
            style,
        )));
    } else if let Some(text) = app.input() {
        lines.push(Line::from(tr!(cat, "cli-move-prompt", text = text)));
    } else if let Some((text, tone)) = app.message() {
        let style = match tone {
            Tone::Info => Style::new().fg(Color::Cyan),
            Tone::Error => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        };
        lines.push(Line::from(Span::styled(text.clone(), style)));
    } else {
        lines.push(Line::from(""));
    }
    if let (Some(_), Some((text, tone))) = (app.setup(), app.message()) {
        // The editor takes the message line: messages (a refused set-up) come third.
        let style = match tone {
            Tone::Info => Style::new().fg(Color::Cyan),
            Tone::Error => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        };
        lines.push(Line::from(Span::styled(text.clone(), style)));
        frame.render_widget(Paragraph::new(lines), area);
        return;
    }
    let mut third = Vec::new();
    if let Some(p) = app.played().last() {
        let cap = if p.captured > 0 {
            format!(" +{}", p.captured)
        } else {
            String::new()
        };
        third.push(tr!(cat, "cli-last-move", move = p.mv.as_str(), captured = cap));
    }
    third.push(tr!(cat, "cli-captured-last", count = state.captured));
    lines.push(Line::from(third.join("  ·  ")));
    frame.render_widget(Paragraph::new(lines), area);
}

fn render_panel(app: &App, frame: &mut Frame, area: Rect) {
    let [moves_area, rules_area] =
        Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)]).areas(area);
    let lines = move_lines(app.played());
    let visible = usize::from(moves_area.height.saturating_sub(2));
    let skip = lines.len().saturating_sub(visible);
    let text: Vec<Line> = lines.into_iter().skip(skip).map(Line::from).collect();
    frame.render_widget(
        Paragraph::new(text)
            .block(Block::bordered().title(format!(" {} ", tr!(app.cat(), "cli-moves")))),
        moves_area,
    );
    let info = app.game().variant().info();
    let mut spans: Vec<Span> = Vec::new();
    for o in app.game().options() {
        let default = info.options.iter().find(|d| d.name == o.name);
        let changed = default.is_some_and(|d| d.value != o.value);
        let style = if changed {
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        // Each option by its name and value for players, in the screen's language.
        spans.push(Span::styled(
            format!(
                "{}: {}",
                mancala_i18n::rule_name(app.cat(), o.name),
                mancala_i18n::rule_value(app.cat(), &o.value)
            ),
            style,
        ));
    }
    let mut rules = Vec::new();
    // Game-specific state first (phase, stock, round, match ...): it changes as the game goes.
    let extras: Vec<String> = state_extras(app);
    if !extras.is_empty() {
        rules.push(Line::from(Span::styled(
            extras.join("  "),
            Style::new().fg(Color::Cyan),
        )));
    }
    rules.extend([
        Line::from(mancala_i18n::game_summary(app.cat(), app.game().variant())),
        Line::from(Span::styled(
            tr!(app.cat(), "cli-changed-options"),
            Style::new().fg(Color::DarkGray),
        )),
        Line::from(spans),
    ]);
    frame.render_widget(
        Paragraph::new(rules)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(format!(" {} ", tr!(app.cat(), "cli-rules-title")))),
        rules_area,
    );
}

/// The move list: one numbered line a South move and North's answer, South's moves on the left,
/// North's on the right, `…` where a side did not move (Isolo's foregame winner sets up and then
/// moves first; a side without a move passes), the newest at the bottom.
pub(super) fn move_lines(played: &[Played]) -> Vec<String> {
    let mut lines = Vec::new();
    // A line holding South's move, waiting for North's.
    let mut open: Option<String> = None;
    let mut number = 0;
    for (i, p) in played.iter().enumerate() {
        let text = if p.captured > 0 {
            format!("{}+{}", p.mv, p.captured)
        } else {
            p.mv.clone()
        };
        // Who moved; alternately from South when not known.
        let side = p
            .side
            .unwrap_or(if i % 2 == 0 { Side::South } else { Side::North });
        match (side, open.take()) {
            (Side::North, Some(line)) => lines.push(format!("{line} {text}")),
            (Side::North, None) => {
                number += 1;
                lines.push(format!("{number:>3}. {:<6} {text}", "…"));
            }
            (Side::South, waiting) => {
                if let Some(line) = waiting {
                    lines.push(format!("{line} …"));
                }
                number += 1;
                open = Some(format!("{number:>3}. {text:<6}"));
            }
        }
    }
    lines.extend(open);
    lines
}

fn render_help(app: &App, frame: &mut Frame, area: Rect) {
    let rect = help::area(area);
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let lines: Vec<Line> = help::lines(app.game(), app.cat())
        .into_iter()
        .map(|(text, heading)| {
            if heading {
                Line::from(Span::styled(text, bold))
            } else {
                Line::from(text)
            }
        })
        .collect();
    let scroll = u16::try_from(app.help_scroll()).unwrap_or(u16::MAX);
    let more =
        if app.help_scroll() < help::max_scroll(app.game(), app.cat(), (area.width, area.height)) {
            format!(" {} ", tr!(app.cat(), "cli-help-more"))
        } else {
            format!(" {} ", tr!(app.cat(), "cli-help"))
        };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(Text::from(lines))
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(Block::bordered().title(more)),
        rect,
    );
}

/// The game's extra state as `name: value` texts in the screen's language (pit ownership is
/// drawn on the pits instead).
fn state_extras(app: &App) -> Vec<String> {
    extras_texts(app.cat(), &app.state().extras)
}
