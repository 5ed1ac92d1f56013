//! A signed-in learner's progress: the paths of the steps and practice games done
//! ([`mancala_learn::Progress`]), kept in the store one row a path, so that what two devices
//! post at once is merged by union and nothing is lost.

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use mancala_learn::progress::MAX_PATHS;
use mancala_learn::Progress;
use serde_json::Value;

use crate::accounts::api::require_player;
use crate::app::App;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::JsonBody;
use crate::work::blocking;

/// The progress of `player`, from the store.
async fn stored(app: &Arc<App>, player: Arc<str>) -> ApiResult<Progress> {
    let app = Arc::clone(app);
    blocking(move || {
        let paths = app.hub.store().learn_progress(&player)?;
        Ok(Progress {
            done: paths.into_iter().collect(),
        })
    })
    .await
}

/// `GET /api/learn/progress`: the signed-in account's progress, `{"done": [PATH, ...]}`.
pub(crate) async fn get(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> ApiResult<Json<Progress>> {
    let player = require_player(&app, &headers).await?;
    Ok(Json(stored(&app, player).await?))
}

/// `POST /api/learn/progress`: adds the paths posted (`{"done": [...]}`) to the account's, by
/// union; answers the whole progress. A path is 1 to 120 of `a-z 0-9 - /`, and an account keeps
/// at most [`MAX_PATHS`].
pub(crate) async fn post(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<Value>,
) -> ApiResult<Json<Progress>> {
    let player = require_player(&app, &headers).await?;
    let posted = Progress::from_json(&body.to_string())
        .map_err(|e| ApiError::bad_request("bad_progress", e.to_string()))?;
    let have = stored(&app, Arc::clone(&player)).await?;
    let new: Vec<String> = posted
        .done
        .into_iter()
        .filter(|p| !have.is_done(p))
        .collect();
    if new.is_empty() {
        return Ok(Json(have));
    }
    if have.done.len() + new.len() > MAX_PATHS {
        return Err(ApiError::bad_request(
            "bad_progress",
            format!("an account keeps at most {MAX_PATHS} paths"),
        ));
    }
    let app2 = Arc::clone(&app);
    let who = Arc::clone(&player);
    blocking(move || Ok(app2.hub.store().add_learn_progress(&who, &new)?)).await?;
    // What another device added meanwhile is in the store too: the answer has it all.
    Ok(Json(stored(&app, player).await?))
}
