//! Lessons in the browser: the lessons of [`mancala_learn`] served in the request's language,
//! a step's set-up, a move on a step judged by the rules core, and a signed-in learner's
//! progress kept in the store (docs/learn.md, docs/web.md).
//!
//! * `GET /api/learn`: the games with their stages, steps and practice games;
//! * `GET /api/learn/{game}/{stage}/{step}`: a step's position, task, hint and a move that does it;
//! * `POST /api/learn/{game}/{stage}/{step}/moves`: `{"move": "C"}` judged: a right move is
//!   answered with the explanation and the sowing steps (as a game's last move has them), a
//!   wrong one refused (422 `wrong_move`) with why, and not played;
//! * `GET /api/learn/progress`, `POST /api/learn/progress`: the account's progress, merged by
//!   union with what is posted.

pub(crate) mod lessons;
pub(crate) mod progress;
