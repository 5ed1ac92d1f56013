//! The lessons as data: one TOML file per game in `crates/learn/lessons/` (docs/learn.md says how
//! to write one), read into a [`Course`] and checked against the rules core as it is read: every
//! preset, rule option, position and goal must make sense, or the file is refused with an error
//! that names the file and the step.

use std::collections::BTreeSet;

use mancala_core::variant::{parse_rule_assignment, AnyGame, DynGame, Variant};
use serde::{Deserialize, Serialize};

use crate::goal::{end_reason, pit_index, Goal};

/// Every game's lessons.
#[derive(Clone, Debug, Serialize)]
pub struct Course {
    /// The games, in the order of [`crate::FILES`].
    pub games: Vec<GameLessons>,
}

/// The lessons of one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameLessons {
    /// The lessons' id: `oware`, `olowuka`, ... (text keys `learn-ID-...`, progress `ID/...`).
    pub id: String,
    /// The preset the steps are played under unless a step names another.
    #[serde(serialize_with = "ser::preset")]
    pub preset: Variant,
    /// The presets whose lessons these are (`mancala learn PRESET` opens them).
    #[serde(serialize_with = "ser::presets")]
    pub presets: Vec<Variant>,
    /// The rules pages' fragments (`web/rules/NAME.html`) the steps cover.
    pub rules_pages: Vec<String>,
    /// The stages, lessons first, then the common mistakes.
    pub stages: Vec<Stage>,
    /// Positions to play out against the computer.
    pub practice: Vec<Practice>,
}

/// One idea, in a few steps.
#[derive(Clone, Debug, Serialize)]
pub struct Stage {
    /// The stage's id within its game.
    pub id: String,
    /// The prefix of its text keys: `learn-PREFIX-title`, `learn-PREFIX-intro`.
    pub texts: String,
    /// The steps.
    pub steps: Vec<Step>,
}

/// A position, a task, its check, a hint and an explanation.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The step's id within its stage.
    pub id: String,
    /// The prefix of its text keys: `learn-PREFIX-task`, `-hint`, `-explain` (a common
    /// mistake has the shared texts of its kind instead, see [`crate::text`]).
    pub texts: String,
    /// The preset.
    #[serde(serialize_with = "ser::preset")]
    pub preset: Variant,
    /// Rule options set on top of the preset, as `(name, value)`.
    pub rules: Vec<(String, String)>,
    /// The position, in the game's notation.
    pub position: String,
    /// Moves played from the position before the task (they make a history).
    pub moves: Vec<String>,
    /// What the learner must do.
    pub goal: Goal,
    /// A move that does it (shown on request, and checked by the tests).
    pub answer: String,
    /// The rules pages' sections the step teaches, as `FRAGMENT#HEADING` (the heading in
    /// lower case, words joined by `-`).
    pub covers: Vec<String>,
    /// For a common mistake: the kind of mistake (text key `learn-mistake-KIND`).
    pub mistake: Option<String>,
}

impl Step {
    /// The game at the step's position (its moves played), ready for the learner's move.
    ///
    /// # Errors
    /// Only if the step was not checked (steps of a [`Course`] always set up).
    pub fn game(&self) -> Result<AnyGame, LessonError> {
        let mut game = self
            .preset
            .new_game(&self.rules, Some(&self.position))
            .map_err(|e| LessonError::step(&self.id, format!("position: {e}")))?;
        for mv in &self.moves {
            game.play(mv)
                .map_err(|e| LessonError::step(&self.id, format!("move {mv}: {e}")))?;
        }
        Ok(game)
    }
}

/// A position to play out against the computer.
#[derive(Clone, Debug, Serialize)]
pub struct Practice {
    /// The id within its game.
    pub id: String,
    /// Its text key: `learn-GAME-practice-ID`.
    pub text: String,
    /// The preset.
    #[serde(serialize_with = "ser::preset")]
    pub preset: Variant,
    /// The position.
    pub position: String,
    /// The computer's level (1, the easiest, to 6).
    pub level: u8,
    /// What counts as done.
    pub until: Until,
}

impl Practice {
    /// The game at the practice position.
    ///
    /// # Errors
    /// Only if the practice was not checked (those of a [`Course`] always set up).
    pub fn game(&self) -> Result<AnyGame, LessonError> {
        self.preset
            .new_game(&[], Some(&self.position))
            .map_err(|e| LessonError::step(&self.id, format!("position: {e}")))
    }
}

/// When a practice game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Until {
    /// The learner wins the game (a Ba-awa match).
    Game,
    /// The learner captures more than the computer in the round (Ba-awa).
    Round,
    /// The learner wins the foregame (Isolo).
    Foregame,
}

/// A lesson file could not be read or does not make sense.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("lessons/{file}.toml: {at}: {message}")]
pub struct LessonError {
    /// The file (without `.toml`).
    pub file: String,
    /// Where in it (a stage and step, or `file`).
    pub at: String,
    /// What is wrong.
    pub message: String,
}

impl LessonError {
    fn step(at: &str, message: String) -> LessonError {
        LessonError {
            file: String::new(),
            at: at.to_string(),
            message,
        }
    }

    fn in_file(mut self, file: &str) -> LessonError {
        if self.file.is_empty() {
            self.file = file.to_string();
        }
        self
    }
}

/// Presets serialised by name.
mod ser {
    use mancala_core::variant::Variant;
    use serde::Serializer;

    pub fn preset<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.name())
    }

    pub fn presets<S: Serializer>(v: &[Variant], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|p| p.name()))
    }
}

// ----- the files as written -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    game: Option<String>,
    preset: Option<String>,
    #[serde(default)]
    presets: Vec<String>,
    #[serde(default)]
    rules_pages: Vec<String>,
    #[serde(default)]
    include: Vec<String>,
    #[serde(default)]
    stage: Vec<RawStage>,
    #[serde(default)]
    practice: Vec<RawPractice>,
    #[serde(default)]
    mistake: Vec<RawMistake>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStage {
    id: String,
    /// The title and introduction of another stage (its key prefix without `learn-`).
    texts: Option<String>,
    step: Vec<RawStep>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    id: String,
    preset: Option<String>,
    #[serde(default)]
    rules: Vec<String>,
    position: String,
    #[serde(default)]
    moves: Vec<String>,
    goal: Goal,
    answer: String,
    #[serde(default)]
    covers: Vec<String>,
    /// The texts of another step (its key prefix without `learn-`), for a step that several
    /// games share word for word.
    texts: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPractice {
    id: String,
    preset: Option<String>,
    position: String,
    #[serde(default = "default_level")]
    level: u8,
    #[serde(default = "default_until")]
    until: Until,
}

fn default_level() -> u8 {
    1
}

fn default_until() -> Until {
    Until::Game
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMistake {
    puzzle: String,
    kind: String,
}

/// The id of the stage of common mistakes every game with mistakes ends with.
pub const MISTAKES: &str = "mistakes";

/// The path segment of practice games (`GAME/practice/ID`), which no stage may take.
pub const PRACTICE: &str = "practice";

/// Whether `id` is a valid id: lower-case ASCII letters, digits and `-`, 1 to 40 characters.
fn valid_id(id: &str) -> bool {
    (1..=40).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn parse_toml(name: &str, text: &str) -> Result<RawFile, LessonError> {
    toml::from_str(text).map_err(|e| LessonError {
        file: name.to_string(),
        at: "file".into(),
        message: e.to_string().trim().replace('\n', " "),
    })
}

/// Reads the lesson files `files` (`(name, TOML text)`; a file is included by another through
/// its name) into a course: one game per file that names its `game`.
///
/// # Errors
/// The first problem found, naming its file and place.
pub fn read_course(files: &[(&str, &str)]) -> Result<Course, LessonError> {
    let mut raws = Vec::new();
    for (name, text) in files {
        raws.push((*name, parse_toml(name, text)?));
    }
    let mut games = Vec::new();
    let mut ids = BTreeSet::new();
    for (name, raw) in &raws {
        let Some(game_id) = &raw.game else {
            continue;
        };
        let game = read_game(game_id, raw, &raws).map_err(|e| e.in_file(name))?;
        if !ids.insert(game.id.clone()) {
            return Err(LessonError {
                file: (*name).to_string(),
                at: "game".into(),
                message: format!("the game {} has lessons in two files", game.id),
            });
        }
        games.push(game);
    }
    Ok(Course { games })
}

fn preset_of(name: &str, at: &str) -> Result<Variant, LessonError> {
    Variant::from_name(name).map_err(|e| LessonError::step(at, e.to_string()))
}

fn read_game(id: &str, raw: &RawFile, all: &[(&str, RawFile)]) -> Result<GameLessons, LessonError> {
    if !valid_id(id) {
        return Err(LessonError::step("game", format!("bad id {id:?}")));
    }
    let preset = preset_of(
        raw.preset
            .as_deref()
            .ok_or_else(|| LessonError::step("preset", "missing".into()))?,
        "preset",
    )?;
    let mut presets = vec![preset];
    for p in &raw.presets {
        let v = preset_of(p, "presets")?;
        if !presets.contains(&v) {
            presets.push(v);
        }
    }
    let mut stages = Vec::new();
    for inc in &raw.include {
        let (_, shared) = all
            .iter()
            .find(|(n, _)| n == inc)
            .ok_or_else(|| LessonError::step("include", format!("no lesson file {inc}")))?;
        if shared.game.is_some() || !shared.include.is_empty() {
            return Err(LessonError::step(
                "include",
                format!("{inc} has a game or includes of its own: it cannot be included"),
            ));
        }
        for s in &shared.stage {
            stages.push(read_stage(inc, s, preset).map_err(|e| e.in_file(inc))?);
        }
    }
    for s in &raw.stage {
        stages.push(read_stage(id, s, preset)?);
    }
    if !raw.mistake.is_empty() {
        let mut steps = Vec::new();
        for m in &raw.mistake {
            steps.push(read_mistake(m, &presets)?);
        }
        stages.push(Stage {
            id: MISTAKES.into(),
            texts: "mistakes".into(),
            steps,
        });
    }
    let mut seen = BTreeSet::new();
    for s in &stages {
        if !seen.insert(s.id.as_str()) {
            return Err(LessonError::step(&s.id, "two stages have this id".into()));
        }
    }
    let mut practice = Vec::new();
    for p in &raw.practice {
        practice.push(read_practice(id, p, preset)?);
    }
    Ok(GameLessons {
        id: id.to_string(),
        preset,
        presets,
        rules_pages: raw.rules_pages.clone(),
        stages,
        practice,
    })
}

fn read_stage(prefix: &str, raw: &RawStage, preset: Variant) -> Result<Stage, LessonError> {
    if !valid_id(&raw.id) || raw.id == MISTAKES || raw.id == PRACTICE {
        return Err(LessonError::step(&raw.id, "bad stage id".into()));
    }
    let texts = format!("{prefix}-{}", raw.id);
    let mut steps = Vec::new();
    let stage_texts = raw.texts.clone().unwrap_or_else(|| texts.clone());
    let mut seen = BTreeSet::new();
    for s in &raw.step {
        let at = format!("{}/{}", raw.id, s.id);
        if !valid_id(&s.id) || !seen.insert(s.id.as_str()) {
            return Err(LessonError::step(&at, "bad or repeated step id".into()));
        }
        let step = read_step(&texts, s, preset).map_err(|mut e| {
            e.at = at.clone();
            e
        })?;
        steps.push(step);
    }
    if steps.is_empty() {
        return Err(LessonError::step(&raw.id, "a stage needs steps".into()));
    }
    Ok(Stage {
        id: raw.id.clone(),
        texts: stage_texts,
        steps,
    })
}

fn read_step(stage_texts: &str, raw: &RawStep, preset: Variant) -> Result<Step, LessonError> {
    let preset = match &raw.preset {
        Some(p) => preset_of(p, &raw.id)?,
        None => preset,
    };
    let rules = raw
        .rules
        .iter()
        .map(|r| parse_rule_assignment(r).map_err(|e| LessonError::step(&raw.id, e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    for c in &raw.covers {
        if c.split_once('#')
            .is_none_or(|(f, h)| f.is_empty() || h.is_empty())
        {
            return Err(LessonError::step(
                &raw.id,
                format!("covers {c:?}: expected FRAGMENT#HEADING"),
            ));
        }
    }
    let step = Step {
        id: raw.id.clone(),
        texts: raw
            .texts
            .clone()
            .unwrap_or_else(|| format!("{stage_texts}-{}", raw.id)),
        preset,
        rules,
        position: raw.position.clone(),
        moves: raw.moves.clone(),
        goal: raw.goal.clone(),
        answer: raw.answer.clone(),
        covers: raw.covers.clone(),
        mistake: None,
    };
    check_step(&step)?;
    Ok(step)
}

/// Checks that a step's position sets up, is not over, and that its goal names real things.
fn check_step(step: &Step) -> Result<(), LessonError> {
    let game = step.game()?;
    let state = game.state();
    if state.to_move.is_none() {
        return Err(LessonError::step(
            &step.id,
            "the game is over in the step's position".into(),
        ));
    }
    check_goal(&step.goal, game.pits_per_row()).map_err(|m| LessonError::step(&step.id, m))
}

fn check_goal(goal: &Goal, row: usize) -> Result<(), String> {
    match goal {
        Goal::LastPit(p) if pit_index(p, row).is_none() => Err(format!("no pit {p:?}")),
        Goal::EndGame {
            reason: Some(r), ..
        } if end_reason(r).is_none() => Err(format!("no end reason {r:?}")),
        Goal::Capture {
            at_least: None,
            exactly: None,
            pits: None,
            ..
        } => Err("a capture goal needs at_least, exactly or pits".into()),
        Goal::Setup { then, .. } => check_goal(then, row),
        _ => Ok(()),
    }
}

fn read_mistake(raw: &RawMistake, presets: &[Variant]) -> Result<Step, LessonError> {
    let at = format!("mistake {}", raw.puzzle);
    let puzzle = mancala_puzzles::find_shipped(&raw.puzzle)
        .ok_or_else(|| LessonError::step(&at, "no shipped puzzle has this id".into()))?;
    let preset =
        Variant::from_name(&puzzle.variant).map_err(|e| LessonError::step(&at, e.to_string()))?;
    if !presets.contains(&preset) {
        return Err(LessonError::step(
            &at,
            format!(
                "a puzzle of {}, not of these lessons' presets",
                preset.name()
            ),
        ));
    }
    if !valid_id(&raw.kind) {
        return Err(LessonError::step(&at, format!("bad kind {:?}", raw.kind)));
    }
    let answer = puzzle
        .solution
        .first()
        .cloned()
        .ok_or_else(|| LessonError::step(&at, "the puzzle has no solution".into()))?;
    let step = Step {
        id: raw.puzzle.clone(),
        texts: format!("mistake-{}", raw.kind),
        preset,
        rules: Vec::new(),
        position: puzzle.position.clone(),
        moves: Vec::new(),
        goal: Goal::Puzzle(raw.puzzle.clone()),
        answer,
        covers: Vec::new(),
        mistake: Some(raw.kind.clone()),
    };
    check_step(&step)?;
    Ok(step)
}

fn read_practice(game: &str, raw: &RawPractice, preset: Variant) -> Result<Practice, LessonError> {
    let at = format!("practice {}", raw.id);
    if !valid_id(&raw.id) {
        return Err(LessonError::step(&at, "bad id".into()));
    }
    if !(1..=6).contains(&raw.level) {
        return Err(LessonError::step(&at, "the level is 1 to 6".into()));
    }
    let preset = match &raw.preset {
        Some(p) => preset_of(p, &at)?,
        None => preset,
    };
    let g = preset
        .new_game(&[], Some(&raw.position))
        .map_err(|e| LessonError::step(&at, format!("position: {e}")))?;
    if g.state().to_move.is_none() {
        return Err(LessonError::step(&at, "the game is over".into()));
    }
    Ok(Practice {
        id: raw.id.clone(),
        text: format!("{game}-practice-{}", raw.id),
        preset,
        position: raw.position.clone(),
        level: raw.level,
        until: raw.until,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEP: &str = r#"
[[stage.step]]
id = "one"
position = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
goal = { last_pit = "b" }
answer = "D"
"#;

    fn game(body: &str) -> String {
        format!("game = \"g\"\npreset = \"abapa\"\n\n[[stage]]\nid = \"s\"\n{body}")
    }

    fn err(files: &[(&str, &str)]) -> String {
        read_course(files).map(|_| ()).unwrap_err().to_string()
    }

    #[test]
    fn a_small_course_reads() {
        let text = game(STEP);
        let course = read_course(&[("g", text.as_str())]).unwrap();
        let g = course.game("g").unwrap();
        assert_eq!(g.preset, Variant::Abapa);
        assert_eq!(g.stages[0].steps[0].texts, "g-s-one");
        assert_eq!(g.stages[0].texts, "g-s");
    }

    #[test]
    fn bad_files_are_refused_with_the_file_and_the_place() {
        let e = err(&[("g", "game = \"g\"\npreset = [")]);
        assert!(e.starts_with("lessons/g.toml: file:"), "{e}");
        let e = err(&[("g", &game(STEP).replace("abapa", "nowhere"))]);
        assert!(e.contains("lessons/g.toml: preset:"), "{e}");
        let bad_position = game(&STEP.replace("4-0-0-S", "4-0-9-S"));
        let e = err(&[("g", &bad_position)]);
        assert!(
            e.contains("lessons/g.toml: s/one: position: bad position"),
            "{e}"
        );
        let bad_pit = game(&STEP.replace("\"b\"", "\"z\""));
        assert!(err(&[("g", &bad_pit)]).contains("s/one: no pit \"z\""));
        let twice = game(&format!("{STEP}{STEP}"));
        assert!(err(&[("g", &twice)]).contains("repeated step id"));
        let unknown = game(&STEP.replace("answer", "colour = 1\nanswer"));
        assert!(err(&[("g", &unknown)]).contains("unknown field `colour`"));
        let over = game(&STEP.replace(
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
            "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S",
        ));
        assert!(err(&[("g", &over)]).contains("the game is over"));
        let bad_covers = game(&STEP.replace("answer", "covers = [\"nohash\"]\nanswer"));
        assert!(err(&[("g", &bad_covers)]).contains("expected FRAGMENT#HEADING"));
        let missing = "game = \"g\"\npreset = \"abapa\"\ninclude = [\"nowhere\"]\n";
        assert!(err(&[("g", missing)]).contains("no lesson file nowhere"));
        let empty = "game = \"g\"\npreset = \"abapa\"\n\n[[stage]]\nid = \"s\"\nstep = []\n";
        assert!(err(&[("g", empty)]).contains("a stage needs steps"));
        let mistake =
            "game = \"g\"\npreset = \"abapa\"\n\n[[mistake]]\npuzzle = \"x\"\nkind = \"k\"\n";
        assert!(err(&[("g", mistake)]).contains("no shipped puzzle has this id"));
        let level = "game = \"g\"\npreset = \"abapa\"\n\n[[practice]]\nid = \"p\"\nposition = \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\"\nlevel = 9\n";
        assert!(err(&[("g", level)]).contains("the level is 1 to 6"));
    }

    #[test]
    fn included_stages_are_checked_under_the_including_game() {
        // A problem in an included file names that file, checked under the including game.
        let shared = "[[stage]]\nid = \"x\"\n\n[[stage.step]]\nid = \"one\"\nposition = \"1-2-3-4-4-4-4-4-4-4-4-4-0-0-S\"\ngoal = { last_pit = \"b\" }\nanswer = \"D\"\n";
        let g = "game = \"g\"\npreset = \"abapa\"\ninclude = [\"shared\"]\n";
        let e = err(&[("shared", shared), ("g", g)]);
        assert!(
            e.starts_with("lessons/shared.toml: x/one: position:"),
            "{e}"
        );
    }
}
