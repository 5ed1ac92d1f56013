//! A learner's progress: the set of steps, common mistakes and practice games done, each named by
//! its path (`olowuka/laps/relay`, `olowuka/practice/ending`). The same JSON object is kept in
//! the terminal's data directory, in the browser and in an account:
//!
//! ```json
//! {"done": ["olowuka/laps/relay", "olowuka/practice/ending"]}
//! ```
//!
//! Progress from two places merges by union: nothing learnt anywhere is lost. Paths the lessons
//! no longer have are kept (a later version may bring them back) but count for nothing.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::lesson::{Course, GameLessons};

/// The most paths a progress may hold.
pub const MAX_PATHS: usize = 5_000;
/// The longest path.
pub const MAX_PATH_LEN: usize = 120;

/// The steps, mistakes and practice games done.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Their paths.
    pub done: BTreeSet<String>,
}

/// A progress that cannot be read or is too large.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    /// Not the JSON object of a progress.
    #[error("not a progress object: {0}")]
    Json(String),
    /// Too many paths.
    #[error("too many paths: {0} (at most {MAX_PATHS})")]
    TooMany(usize),
    /// A path that cannot be one.
    #[error("bad path {0:?}: lower-case letters, digits, '-' and '/', at most {MAX_PATH_LEN} characters")]
    BadPath(String),
}

/// Whether `path` may be a path: 1 to [`MAX_PATH_LEN`] characters among `a-z 0-9 - /`.
fn valid_path(path: &str) -> bool {
    (1..=MAX_PATH_LEN).contains(&path.len())
        && path
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'/')
}

impl Progress {
    /// Reads a progress from its JSON text.
    ///
    /// # Errors
    /// When the text is not a progress object, holds a bad path or more than [`MAX_PATHS`].
    pub fn from_json(text: &str) -> Result<Progress, ProgressError> {
        let p: Progress =
            serde_json::from_str(text).map_err(|e| ProgressError::Json(e.to_string()))?;
        p.check()?;
        Ok(p)
    }

    /// Checks the limits (as [`Progress::from_json`] does).
    ///
    /// # Errors
    /// As [`Progress::from_json`].
    pub fn check(&self) -> Result<(), ProgressError> {
        if self.done.len() > MAX_PATHS {
            return Err(ProgressError::TooMany(self.done.len()));
        }
        if let Some(bad) = self.done.iter().find(|p| !valid_path(p)) {
            return Err(ProgressError::BadPath(bad.clone()));
        }
        Ok(())
    }

    /// The JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{\"done\":[]}".into())
    }

    /// Adds everything `other` has done; true when something was new.
    pub fn merge(&mut self, other: &Progress) -> bool {
        let before = self.done.len();
        self.done.extend(other.done.iter().cloned());
        self.done.len() != before
    }

    /// Marks `path` done; true when it was not yet. A bad path is ignored.
    pub fn mark(&mut self, path: &str) -> bool {
        valid_path(path) && self.done.len() < MAX_PATHS && self.done.insert(path.to_string())
    }

    /// Whether `path` is done.
    #[must_use]
    pub fn is_done(&self, path: &str) -> bool {
        self.done.contains(path)
    }

    /// Steps of `stage` of `game` done, and how many it has.
    #[must_use]
    pub fn stage_count(&self, game: &GameLessons, stage: &str) -> (usize, usize) {
        game.stages
            .iter()
            .find(|s| s.id == stage)
            .map_or((0, 0), |s| {
                let done = s
                    .steps
                    .iter()
                    .filter(|st| self.is_done(&step_path(&game.id, &s.id, &st.id)))
                    .count();
                (done, s.steps.len())
            })
    }

    /// Everything of `game` done (steps, mistakes and practice), and how much there is.
    #[must_use]
    pub fn game_count(&self, game: &GameLessons) -> (usize, usize) {
        let paths = game_paths(game);
        let done = paths.iter().filter(|p| self.is_done(p)).count();
        (done, paths.len())
    }

    /// Removes the paths of `game` (or of every game of `course` when `None`); the number
    /// removed.
    pub fn reset(&mut self, course: &Course, game: Option<&str>) -> usize {
        let before = self.done.len();
        match game {
            Some(id) => {
                let prefix = format!("{id}/");
                self.done.retain(|p| !p.starts_with(&prefix));
            }
            None => {
                let ids: Vec<String> = course.games.iter().map(|g| format!("{}/", g.id)).collect();
                self.done.retain(|p| !ids.iter().any(|i| p.starts_with(i)));
            }
        }
        before - self.done.len()
    }
}

/// The path of a step.
#[must_use]
pub fn step_path(game: &str, stage: &str, step: &str) -> String {
    format!("{game}/{stage}/{step}")
}

/// The path of a practice game.
#[must_use]
pub fn practice_path(game: &str, practice: &str) -> String {
    format!("{game}/practice/{practice}")
}

/// Every path of `game`: its steps, then its practice games.
#[must_use]
pub fn game_paths(game: &GameLessons) -> Vec<String> {
    let mut out: Vec<String> = game
        .stages
        .iter()
        .flat_map(|s| s.steps.iter().map(|st| step_path(&game.id, &s.id, &st.id)))
        .collect();
    out.extend(game.practice.iter().map(|p| practice_path(&game.id, &p.id)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_merges_by_union() {
        let mut a = Progress::default();
        assert!(a.mark("olowuka/laps/relay"));
        assert!(!a.mark("olowuka/laps/relay"), "already done");
        assert!(!a.mark("Bad Path"), "a bad path is not kept");
        let text = a.to_json();
        assert_eq!(text, r#"{"done":["olowuka/laps/relay"]}"#);
        assert_eq!(Progress::from_json(&text).unwrap(), a);
        let mut b = Progress::default();
        b.mark("isolo/practice/foregame");
        b.mark("olowuka/laps/relay");
        assert!(a.merge(&b));
        assert!(!a.merge(&b), "nothing new the second time");
        assert_eq!(a.done.len(), 2);
    }

    #[test]
    fn bad_progress_is_refused_with_what_is_wrong() {
        assert!(matches!(
            Progress::from_json("[1, 2]"),
            Err(ProgressError::Json(_))
        ));
        assert!(matches!(
            Progress::from_json(r#"{"done": ["ok/path"], "extra": 1}"#),
            Err(ProgressError::Json(_))
        ));
        assert_eq!(
            Progress::from_json(r#"{"done": ["a/../b"]}"#),
            Err(ProgressError::BadPath("a/../b".into()))
        );
        let many: Vec<String> = (0..=MAX_PATHS).map(|i| format!("\"g/s/{i}\"")).collect();
        let text = format!("{{\"done\": [{}]}}", many.join(","));
        assert_eq!(
            Progress::from_json(&text),
            Err(ProgressError::TooMany(MAX_PATHS + 1))
        );
        let long = format!("{{\"done\": [\"{}\"]}}", "a".repeat(MAX_PATH_LEN + 1));
        assert!(matches!(
            Progress::from_json(&long),
            Err(ProgressError::BadPath(_))
        ));
    }

    #[test]
    fn counts_and_resets_follow_the_course() {
        let course = crate::course().unwrap();
        let game = course.game("olowuka").unwrap();
        let stage = &game.stages[0];
        let mut p = Progress::default();
        p.mark(&step_path(&game.id, &stage.id, &stage.steps[0].id));
        p.mark(&practice_path(&game.id, &game.practice[0].id));
        p.mark("isolo/foregame/stock");
        p.mark("someday/new/step");
        assert_eq!(p.stage_count(game, &stage.id), (1, stage.steps.len()));
        assert_eq!(p.game_count(game).0, 2);
        assert_eq!(p.reset(course, Some("olowuka")), 2);
        assert!(p.is_done("isolo/foregame/stock"));
        assert_eq!(p.reset(course, None), 1);
        assert!(p.is_done("someday/new/step"), "unknown games are kept");
    }
}
