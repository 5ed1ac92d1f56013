//! The puzzle API: the shipped puzzles of [`mancala_puzzles`] (docs/web.md).
//!
//! * `GET /api/puzzles?variant=PRESET` lists a preset's puzzles (every preset's without
//!   `variant`), each `{"id", "variant", "position", "solution", "theme", "rating", ...}`;
//! * `GET /api/puzzles/random?variant=PRESET&rating=R` one of the puzzles nearest `R`;
//! * `GET /api/puzzles/{id}` one puzzle;
//! * `GET /api/puzzles/{id}/refutation?moves=...` the refutation of a wrong move.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use mancala_core::variant::Variant;
use mancala_puzzles::{Puzzle, Refutation};

use crate::app::engine_permit;
use crate::app::App;
use crate::http::error::ApiError;

type ApiResult<T> = Result<T, ApiError>;

/// Puzzles among which `random` draws: the nearest to the asked rating.
const NEAREST: usize = 12;

/// The preset of `?variant=`, if given.
fn variant_of(query: &HashMap<String, String>) -> ApiResult<Option<Variant>> {
    query
        .get("variant")
        .map(|v| {
            Variant::from_name(v)
                .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))
        })
        .transpose()
}

/// The shipped puzzles, or 500 if the embedded files are broken.
fn all() -> ApiResult<&'static [Puzzle]> {
    mancala_puzzles::shipped_all().map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "puzzles_unavailable",
            format!("the shipped puzzles do not parse: {e}"),
        )
    })
}

/// `GET /api/puzzles`.
pub(crate) async fn list(
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<Vec<&'static Puzzle>>> {
    let variant = variant_of(&query)?;
    Ok(Json(
        all()?
            .iter()
            .filter(|p| variant.is_none_or(|v| p.variant == v.name()))
            .collect(),
    ))
}

/// `GET /api/puzzles/random`.
pub(crate) async fn random(
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<&'static Puzzle>> {
    let variant = variant_of(&query)?;
    let rating: Option<i64> = query
        .get("rating")
        .map(|r| {
            r.parse()
                .map_err(|_| ApiError::bad_request("bad_rating", format!("not a rating: {r}")))
        })
        .transpose()?;
    let mut pool: Vec<&Puzzle> = all()?
        .iter()
        .filter(|p| variant.is_none_or(|v| p.variant == v.name()))
        .collect();
    if let Some(r) = rating {
        pool.sort_by_key(|p| (i64::from(p.rating) - r).abs());
        pool.truncate(NEAREST);
    }
    if pool.is_empty() {
        return Err(ApiError::not_found(
            "no_puzzle",
            "no puzzle for this preset",
        ));
    }
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "no_randomness",
            e.to_string(),
        )
    })?;
    let i = (u64::from_le_bytes(buf) % pool.len() as u64) as usize;
    Ok(Json(pool[i]))
}

/// `GET /api/puzzles/{id}`.
pub(crate) async fn one(Path(id): Path<String>) -> ApiResult<Json<&'static Puzzle>> {
    all()?
        .iter()
        .find(|p| p.id == id)
        .map(Json)
        .ok_or_else(|| ApiError::not_found("no_such_puzzle", "no puzzle with this id"))
}

/// `GET /api/puzzles/{id}/refutation?moves=m1,m2,...`: the refutation of a wrong move (the
/// last of `moves`, played after the solution's moves before it): the defender's reply, what
/// it captures and why the move is wrong ([`mancala_puzzles::refute`]). A reply the puzzle does
/// not record is searched on the engine pool.
pub(crate) async fn refutation(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<Json<Refutation>> {
    let puzzle = one(Path(id)).await?.0;
    let moves: Vec<String> = query
        .get("moves")
        .map(|m| {
            m.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    if moves.is_empty() {
        return Err(ApiError::bad_request(
            "no_moves",
            "give the moves played, the wrong one last: ?moves=a,b,...",
        ));
    }
    let permit = engine_permit(&app).await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        mancala_puzzles::refute(puzzle, &moves)
    })
    .await
    .map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "refutation_failed",
            "the refutation could not be computed",
        )
    })?
    .map(Json)
    .map_err(|e| ApiError::bad_request("not_a_wrong_move", e.to_string()))
}
