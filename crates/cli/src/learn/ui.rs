//! Drawing the lesson screen from `&Learn`: the lists of games and stages, and on a step or a
//! practice game the play screen ([`crate::play::ui::render`]) with the lesson drawn over its
//! title, its panel and its key line. Nothing here changes state.

use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

use mancala_core::variant::DynGame;
use mancala_i18n::{tr, Catalog};
use mancala_learn::progress::{practice_path, step_path};
use mancala_learn::text;

use super::screen::{Learn, PracticeView, StepView, View};
use crate::play::app::{App, Tone};
use crate::play::layout::geometry;

/// Draws the whole screen.
pub fn render(learn: &Learn, frame: &mut Frame) {
    match learn.view() {
        View::Games { at } => render_games(learn, frame, *at),
        View::Stages { game, at } => render_stages(learn, frame, *game, *at),
        View::Step(step) => render_step(learn, frame, step),
        View::Practice(practice) => render_practice(learn, frame, practice),
    }
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

fn tone_style(tone: Tone) -> Style {
    match tone {
        Tone::Info => Style::new().fg(Color::Green),
        Tone::Error => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
    }
}

/// A list screen: a title, a list of rows with the cursor on `at`, what the row under the
/// cursor is about, a message and the keys.
fn render_list(
    learn: &Learn,
    frame: &mut Frame,
    title: &str,
    heading: &str,
    rows: &[(String, String, bool)],
    at: usize,
    about: &str,
) {
    let cat = learn.cat();
    let area = frame.area();
    let list_h = u16::try_from(rows.len() + 2).unwrap_or(u16::MAX);
    let [title_area, list_area, about_area, message_area, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(list_h),
        Constraint::Min(2),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(title.to_string()).style(bold()), title_area);
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .map(|(i, (name, count, done))| {
            let mark = if *done { "✓" } else { " " };
            let pointer = if i == at { "▶" } else { " " };
            let text = format!("{pointer} {mark} {name}  {count}");
            let mut style = if *done {
                Style::new().fg(Color::Green)
            } else {
                Style::new()
            };
            if i == at {
                style = style.add_modifier(Modifier::BOLD | Modifier::REVERSED);
            }
            Line::from(Span::styled(text, style))
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(" {heading} "))),
        list_area,
    );
    frame.render_widget(
        Paragraph::new(about.to_string()).wrap(Wrap { trim: true }),
        about_area,
    );
    if let Some((text, tone)) = learn.message() {
        frame.render_widget(
            Paragraph::new(text.clone()).style(tone_style(*tone)),
            message_area,
        );
    }
    frame.render_widget(
        Paragraph::new(tr!(cat, "learn-screen-keys-list")).style(Style::new().fg(Color::DarkGray)),
        keys_area,
    );
}

fn render_games(learn: &Learn, frame: &mut Frame, at: usize) {
    let cat = learn.cat();
    let course = learn.course();
    let rows: Vec<(String, String, bool)> = course
        .games
        .iter()
        .map(|g| {
            let (done, total) = learn.progress().game_count(g);
            (
                text::game_title(cat, g),
                format!("{done}/{total}"),
                done == total,
            )
        })
        .collect();
    let about = course
        .games
        .get(at)
        .map(|g| text::game_intro(cat, g))
        .unwrap_or_default();
    render_list(
        learn,
        frame,
        &tr!(cat, "learn-screen-title"),
        &tr!(cat, "learn-screen-games"),
        &rows,
        at,
        &about,
    );
}

fn render_stages(learn: &Learn, frame: &mut Frame, g: usize, at: usize) {
    let cat = learn.cat();
    let game = &learn.course().games[g];
    let mut rows: Vec<(String, String, bool)> = game
        .stages
        .iter()
        .map(|s| {
            let (done, total) = learn.progress().stage_count(game, &s.id);
            (
                text::stage_title(cat, s),
                format!("{done}/{total}"),
                done == total,
            )
        })
        .collect();
    let practice = tr!(cat, "learn-screen-practice");
    for p in &game.practice {
        let done = learn.progress().is_done(&practice_path(&game.id, &p.id));
        rows.push((
            format!("{practice}: {}", text::practice(cat, p)),
            String::new(),
            done,
        ));
    }
    let about = match game.stages.get(at) {
        Some(s) => text::stage_intro(cat, s),
        None => text::game_intro(cat, game),
    };
    render_list(
        learn,
        frame,
        &format!(
            "{} · {}",
            tr!(cat, "learn-screen-title"),
            text::game_title(cat, game)
        ),
        &tr!(cat, "learn-screen-stages"),
        &rows,
        at,
        &about,
    );
}

/// The last pit letter of South's row on the board of `app` (`F`, or `H` in Isolo).
fn last_letter(app: &App) -> String {
    let n = app.game().pits_per_row().clamp(1, 26);
    char::from(b'A' + u8::try_from(n - 1).unwrap_or(0)).to_string()
}

/// The play screen of `app`, then the lesson's title, panel and keys over it. Nothing is
/// drawn over a screen too small for the board (the play screen says so).
fn render_over_board(
    frame: &mut Frame,
    app: &App,
    title: String,
    panel_title: String,
    panel: Vec<Line<'static>>,
    keys: String,
) {
    crate::play::ui::render(app, frame);
    if app.help_open() {
        return;
    }
    let area = frame.area();
    let Some(geo) = geometry(area, app.game().pits_per_row().max(1)) else {
        return;
    };
    frame.render_widget(Clear, geo.title);
    frame.render_widget(Paragraph::new(title).style(bold()), geo.title);
    frame.render_widget(Clear, geo.panel);
    frame.render_widget(
        Paragraph::new(panel)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(panel_title)),
        geo.panel,
    );
    frame.render_widget(Clear, geo.keys);
    frame.render_widget(
        Paragraph::new(keys).style(Style::new().fg(Color::DarkGray)),
        geo.keys,
    );
}

/// The moves of the game so far, in one line, when there are any.
fn moves_line(cat: &Catalog, app: &App) -> Option<Line<'static>> {
    let played: Vec<String> = app.played().iter().map(|p| p.mv.clone()).collect();
    (!played.is_empty()).then(|| {
        Line::from(Span::styled(
            tr!(cat, "learn-screen-moves", moves = played.join(" ")),
            Style::new().fg(Color::DarkGray),
        ))
    })
}

fn render_step(learn: &Learn, frame: &mut Frame, view: &StepView) {
    let cat = learn.cat();
    let (g, s, i) = view.at;
    let game = &learn.course().games[g];
    let stage = &game.stages[s];
    let step = &stage.steps[i];
    let done = learn
        .progress()
        .is_done(&step_path(&game.id, &stage.id, &step.id));
    let title = tr!(
        cat,
        "learn-screen-step-title",
        game = text::game_title(cat, game),
        stage = text::stage_title(cat, stage),
        step = i + 1,
        steps = stage.steps.len()
    );
    let mut panel = vec![
        Line::from(Span::styled(
            text::stage_intro(cat, stage),
            Style::new().fg(Color::Gray),
        )),
        Line::from(""),
        Line::from(vec![
            Span::styled(format!("{} ", tr!(cat, "learn-screen-task")), bold()),
            Span::styled(text::task(cat, step), bold()),
        ]),
    ];
    if view.hint {
        panel.push(Line::from(vec![
            Span::styled(
                format!("{} ", tr!(cat, "learn-screen-hint")),
                Style::new().fg(Color::Yellow),
            ),
            Span::raw(text::hint(cat, step)),
        ]));
    }
    if view.answer {
        panel.push(Line::from(Span::styled(
            tr!(cat, "learn-screen-answer", move = step.answer.as_str()),
            Style::new().fg(Color::Yellow),
        )));
    }
    if let Some((verdict, tone)) = &view.verdict {
        panel.push(Line::from(Span::styled(verdict.clone(), tone_style(*tone))));
    }
    if view.solved {
        panel.push(Line::from(Span::styled(
            text::explain(cat, step),
            Style::new().fg(Color::Green),
        )));
    }
    if let Some(line) = moves_line(cat, &view.app) {
        panel.push(line);
    }
    let mut panel_title = format!(" {} ", tr!(cat, "learn-screen-lesson"));
    if done {
        panel_title = format!(" {} ✓ ", tr!(cat, "learn-screen-lesson"));
    }
    let keys = if view.solved {
        tr!(cat, "learn-screen-keys-solved")
    } else if view.app.setup().is_some() {
        tr!(cat, "learn-screen-keys-setup")
    } else {
        tr!(cat, "learn-screen-keys-step", last = last_letter(&view.app))
    };
    let mut title = title;
    if let Some((text, _)) = learn.message() {
        title = format!("{title}  ·  {text}");
    }
    render_over_board(frame, &view.app, title, panel_title, panel, keys);
}

fn render_practice(learn: &Learn, frame: &mut Frame, view: &PracticeView) {
    let cat = learn.cat();
    let (g, p) = view.at;
    let game = &learn.course().games[g];
    let practice = &game.practice[p];
    let title = tr!(
        cat,
        "learn-screen-practice-title",
        game = text::game_title(cat, game),
        level = practice.level
    );
    let mut panel = vec![Line::from(Span::styled(
        text::practice(cat, practice),
        bold(),
    ))];
    if let Some((won, text)) = &view.result {
        let tone = if *won { Tone::Info } else { Tone::Error };
        panel.push(Line::from(Span::styled(text.clone(), tone_style(tone))));
    }
    if let Some(line) = moves_line(cat, &view.app) {
        panel.push(line);
    }
    let panel_title = format!(" {} ", tr!(cat, "learn-screen-practice"));
    let keys = tr!(
        cat,
        "learn-screen-keys-practice",
        last = last_letter(&view.app)
    );
    render_over_board(frame, &view.app, title, panel_title, panel, keys);
}
