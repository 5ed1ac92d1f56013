//! The archive of finished games (`GET /api/games?player=&variant=&result=&from=&to=&page=`),
//! the games being played now (`GET /api/games/live`) and the leaderboards
//! (`GET /api/leaderboard/{preset}`).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::Json;
use mancala_core::variant::Variant;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::round::clock::{TimeControl, DAY_MS};
use crate::store::{GameQuery, GameSummary};
use crate::work::blocking;

/// Games per page by default, and at most.
const PER_PAGE: u32 = 50;
const MAX_PER_PAGE: u32 = 200;
/// Players on a leaderboard.
const LEADERBOARD: u32 = 100;

/// A finished game as the archive lists it.
#[must_use]
pub fn summary_json(g: &GameSummary) -> Value {
    json!({
        "id": g.id,
        "variant": g.variant,
        "players": { "south": g.players[0], "north": g.players[1] },
        "mode": g.mode.name(),
        "rated": g.rated,
        "clock": g.clock.map(TimeControl::to_json),
        "result": g.result,
        "reason": g.reason,
        "plies": g.plies,
        "created": g.created,
        "ended_ms": g.ended_ms,
    })
}

/// The calendar date format of the archive's bounds (a real date: `2026-02-31` is refused).
const DATE: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

/// Reads a date bound: `YYYY-MM-DD` (midnight UTC) or milliseconds since the Unix epoch.
fn parse_when(what: &str, s: &str) -> ApiResult<i64> {
    let bad = || {
        ApiError::bad_request(
            "bad_date",
            format!("{what}: expected YYYY-MM-DD or milliseconds since 1970, found {s:?}"),
        )
    };
    if s.len() <= 16 && s.bytes().all(|b| b.is_ascii_digit()) {
        return s.parse().map_err(|_| bad());
    }
    let date = time::Date::parse(s, DATE).map_err(|_| bad())?;
    Ok(date.midnight().assume_utc().unix_timestamp() * 1000)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ArchiveQuery {
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    page: Option<u32>,
    #[serde(default)]
    per_page: Option<u32>,
}

/// `GET /api/games?player=&variant=&result=&from=&to=&page=&per_page=`: finished games, newest
/// first. `result` is `south`, `north`, `draw` or `none` (aborted), or with `player` `win` or
/// `loss`; `from` and `to` are dates (`YYYY-MM-DD`; `to` includes its whole day) or
/// milliseconds since the Unix epoch (`to` exclusive).
pub(crate) async fn search(
    State(app): State<Arc<App>>,
    Query(q): Query<ArchiveQuery>,
) -> ApiResult<Json<Value>> {
    let variant = match &q.variant {
        None => None,
        Some(v) => Some(
            Variant::from_name(v)
                .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?
                .name()
                .to_string(),
        ),
    };
    if let Some(r) = &q.result {
        let ok = matches!(r.as_str(), "south" | "north" | "draw" | "none")
            || (q.player.is_some() && matches!(r.as_str(), "win" | "loss"));
        if !ok {
            return Err(ApiError::bad_request(
                "bad_result",
                format!("unknown result {r:?} (south, north, draw, none; win or loss with player)"),
            ));
        }
    }
    if q.player.as_ref().is_some_and(|p| p.len() > 64) {
        return Err(ApiError::bad_request(
            "bad_field",
            "player: at most 64 characters",
        ));
    }
    let from_ms = q
        .from
        .as_deref()
        .map(|s| parse_when("from", s))
        .transpose()?;
    // A date `to` includes that whole day.
    let to_ms = match q.to.as_deref() {
        None => None,
        Some(s) if s.contains('-') => Some(parse_when("to", s)? + DAY_MS),
        Some(s) => Some(parse_when("to", s)?),
    };
    let per_page = q.per_page.unwrap_or(PER_PAGE).clamp(1, MAX_PER_PAGE);
    let page = q.page.unwrap_or(1).max(1);
    let offset = (page - 1)
        .checked_mul(per_page)
        .ok_or_else(|| ApiError::bad_request("bad_page", "page out of range"))?;
    let query = GameQuery {
        player: q.player.clone(),
        variant,
        result: q.result.clone(),
        from_ms,
        to_ms,
        offset,
        // One more than asked, to know whether there is a next page.
        limit: per_page + 1,
        live: false,
    };
    let app2 = Arc::clone(&app);
    let mut games = blocking(move || Ok(app2.hub.store().search(&query)?)).await?;
    let more = games.len() > per_page as usize;
    games.truncate(per_page as usize);
    Ok(Json(json!({
        "games": games.iter().map(summary_json).collect::<Vec<_>>(),
        "page": page,
        "per_page": per_page,
        "more": more,
    })))
}

/// Games the live list shows by default, and at most.
const LIVE: u32 = 20;
const MAX_LIVE: u32 = 100;
/// How old a game still being played may be to be listed (an abandoned untimed game stays
/// unfinished for ever).
const LIVE_SINCE_MS: i64 = DAY_MS;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LiveQuery {
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    limit: Option<u32>,
}

/// `GET /api/games/live?variant=&limit=`: the games being played now, to watch: online games
/// between two accounts, not over, started within the last day, newest first (`plies`: the
/// moves played so far).
pub(crate) async fn live(
    State(app): State<Arc<App>>,
    Query(q): Query<LiveQuery>,
) -> ApiResult<Json<Value>> {
    let variant = match &q.variant {
        None => None,
        Some(v) => Some(
            Variant::from_name(v)
                .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?
                .name()
                .to_string(),
        ),
    };
    let query = GameQuery {
        variant,
        from_ms: Some(crate::round::clock::now_ms() - LIVE_SINCE_MS),
        limit: q.limit.unwrap_or(LIVE).clamp(1, MAX_LIVE),
        live: true,
        ..GameQuery::default()
    };
    let app2 = Arc::clone(&app);
    let games = blocking(move || Ok(app2.hub.store().search(&query)?)).await?;
    let games: Vec<Value> = games
        .iter()
        .map(|g| {
            json!({
                "id": g.id,
                "variant": g.variant,
                "players": { "south": g.players[0], "north": g.players[1] },
                "rated": g.rated,
                "clock": g.clock.map(TimeControl::to_json),
                "time_control": g.clock.map_or_else(|| "untimed".to_string(), TimeControl::label),
                "plies": g.plies,
                "created": g.created,
            })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/leaderboard/{preset}`: the best-rated players, provisional ratings marked.
pub(crate) async fn leaderboard(
    State(app): State<Arc<App>>,
    Path(variant): Path<String>,
) -> ApiResult<Json<Value>> {
    let v = Variant::from_name(&variant)
        .map_err(|e| ApiError::not_found("unknown_variant", e.to_string()))?;
    let name = v.name().to_string();
    let app2 = Arc::clone(&app);
    let rows = blocking(move || Ok(app2.hub.store().leaderboard(&name, LEADERBOARD)?)).await?;
    let players: Vec<Value> = rows
        .iter()
        .map(|(p, r)| {
            let mut j = crate::round::json::rating_json(r);
            j["name"] = json!(p);
            j
        })
        .collect();
    Ok(Json(json!({ "variant": v.name(), "players": players })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(parse_when("from", "1970-01-02").unwrap(), DAY_MS);
        assert_eq!(parse_when("from", "2026-12-01").unwrap(), 1_796_083_200_000);
        assert_eq!(parse_when("from", "12345").unwrap(), 12_345);
        assert_eq!(parse_when("from", "2024-02-29").unwrap(), 1_709_164_800_000);
        for bad in [
            "2026-13-01",
            "26-1-1",
            "yesterday",
            "2026-01",
            "2026-02-31",
            "2025-02-29",
        ] {
            assert!(parse_when("from", bad).is_err(), "{bad}");
        }
    }
}
