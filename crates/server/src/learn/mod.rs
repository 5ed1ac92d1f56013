//! Lessons in the browser: the lessons of [`mancala_learn`] served in the request's language,
//! a step's set-up and a move on a step judged by the rules core (docs/learn.md, docs/web.md).
//!
//! * `GET /api/learn`: the games with their stages, steps and practice games;
//! * `GET /api/learn/{game}/{stage}/{step}`: a step's position, task, hint and a move that does it;
//! * `POST /api/learn/{game}/{stage}/{step}/moves`: `{"move": "C"}` judged: a right move is
//!   answered with the explanation and the sowing steps (as a game's last move has them), a
//!   wrong one refused (422 `wrong_move`) with why, and not played.

pub(crate) mod lessons;
