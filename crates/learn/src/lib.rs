//! # mancala-learn
//!
//! Lessons for every game: short **stages**, one idea each, of a few **steps**. A step is a
//! position (in the game's notation, with rule options), a task ([`Goal`]) checked by the rules
//! core so that *any* move doing what it asks counts, a hint, and an explanation shown after the
//! move. After its stages each game has **practice** positions to play out against the computer
//! and a stage of **common mistakes**: shipped puzzles ([`mancala_puzzles`]) whose only good
//! move avoids a classic error, a wrong move being answered with its refutation.
//!
//! The lessons are data, one TOML file per game in `crates/learn/lessons/` (embedded in the
//! library; docs/learn.md describes the format); their words are in the message catalogues
//! (`i18n/LANG/learn.ftl`) beside the rest of the programs' texts ([`text`]). A learner's
//! [`Progress`] is a set of paths, merged by union.
//!
//! ```
//! let course = mancala_learn::course().unwrap();
//! let olowuka = course.game("olowuka").unwrap();
//! let step = &olowuka.stages[0].steps[0];
//! let game = step.game().unwrap();
//! let judged = mancala_learn::judge(&game, &step.goal, &step.answer);
//! assert!(judged.solved());
//! ```
#![forbid(unsafe_code)]

pub mod goal;
pub mod judge;
pub mod lesson;
pub mod progress;
pub mod text;

use std::sync::OnceLock;

use mancala_core::variant::Variant;

pub use goal::{Facts, Goal};
pub use judge::{judge, Judgement, Verdict, Why};
pub use lesson::{Course, GameLessons, LessonError, Practice, Stage, Step, Until};
pub use progress::Progress;

/// The lesson files, by name: the shared stages of the Oware family first, then one file per
/// game, in the order the games are listed.
pub const FILES: [(&str, &str); 8] = [
    ("oware-family", include_str!("../lessons/oware-family.toml")),
    ("oware", include_str!("../lessons/oware.toml")),
    ("wuri", include_str!("../lessons/wuri.toml")),
    ("ouril", include_str!("../lessons/ouril.toml")),
    ("awari", include_str!("../lessons/awari.toml")),
    ("olowuka", include_str!("../lessons/olowuka.toml")),
    ("ba-awa", include_str!("../lessons/ba-awa.toml")),
    ("isolo", include_str!("../lessons/isolo.toml")),
];

/// The shipped lessons, read once (an error if a file does not read; the tests make sure none
/// fails).
pub fn course() -> Result<&'static Course, &'static LessonError> {
    static COURSE: OnceLock<Result<Course, LessonError>> = OnceLock::new();
    COURSE.get_or_init(|| lesson::read_course(&FILES)).as_ref()
}

impl Course {
    /// The lessons with this id.
    #[must_use]
    pub fn game(&self, id: &str) -> Option<&GameLessons> {
        self.games.iter().find(|g| g.id == id)
    }

    /// The lessons of a preset (`abapa` has Oware's, whose stages teach both).
    #[must_use]
    pub fn for_preset(&self, v: Variant) -> Option<&GameLessons> {
        self.games.iter().find(|g| g.presets.contains(&v))
    }
}

impl GameLessons {
    /// The stage with this id.
    #[must_use]
    pub fn stage(&self, id: &str) -> Option<&Stage> {
        self.stages.iter().find(|s| s.id == id)
    }
}
