//! The accounts' handlers: sign-up, sessions, a player's page data, and who plays a game's seat
//! (seat tokens, or an account's session).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::accounts::users::{
    check_name, check_password, credential, session_cookie_header, SESSION_SECS,
};
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::http::extract::{created, ClientJson};
use crate::round::room::Room;
use crate::store::{hash_token, PlayerRow};
use crate::work::{blocking, random_hex, TOKEN_BYTES};

/// The language account `name` keeps, if it is one an account may keep
/// ([`crate::http::lang::account_languages`]); from memory when read lately, else from the store.
pub(crate) async fn account_lang(app: &Arc<App>, name: &str) -> ApiResult<Option<&'static str>> {
    if let Some(hit) = app.accounts.cached_lang(name) {
        return Ok(hit);
    }
    let (app2, name) = (Arc::clone(app), name.to_string());
    blocking(move || {
        let lang = app2
            .hub
            .store()
            .player(&name)?
            .and_then(|p| p.lang)
            .and_then(|l| crate::http::lang::account_language(&l));
        app2.accounts.remember_lang(&name, lang);
        Ok(lang)
    })
    .await
}

/// Sets the language of account `name` (`None` clears it).
pub(crate) async fn set_account_lang(
    app: &Arc<App>,
    name: &str,
    lang: Option<&'static str>,
) -> ApiResult<()> {
    let (app2, name) = (Arc::clone(app), name.to_string());
    blocking(move || {
        if !app2.hub.store().set_player_lang(&name, lang)? {
            return Err(no_player());
        }
        app2.accounts.remember_lang(&name, lang);
        Ok(())
    })
    .await
}

/// The account signed in with the request's credential, if any.
pub(crate) async fn current_player(
    app: &Arc<App>,
    headers: &HeaderMap,
) -> ApiResult<Option<Arc<str>>> {
    let Some(token) = credential(headers) else {
        return Ok(None);
    };
    if let Some(hit) = app.accounts.cached_session(&token) {
        return Ok(hit);
    }
    let app2 = Arc::clone(app);
    blocking(move || Ok(app2.accounts.session(app2.hub.store(), &token)?)).await
}

/// The account signed in, or 401.
pub(crate) async fn require_player(app: &Arc<App>, headers: &HeaderMap) -> ApiResult<Arc<str>> {
    current_player(app, headers).await?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            "log in first: send your session token as `Authorization: Bearer TOKEN` \
             (POST /api/session) or the session cookie",
        )
    })
}

/// Which seats of `room` the request's credential holds `[south, north]`: a seat token's seats,
/// or the seats the signed-in account plays. 401 without a credential, 403 when it holds none.
pub(crate) async fn seats(
    app: &Arc<App>,
    room: &Room,
    headers: &HeaderMap,
) -> ApiResult<[bool; 2]> {
    let Some(token) = credential(headers) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no_token",
            "send your seat token or session token as `Authorization: Bearer TOKEN`",
        ));
    };
    let seats = room.meta.seats_of(&token);
    if seats.iter().any(|&s| s) {
        return Ok(seats);
    }
    if room.meta.players.iter().any(Option::is_some) {
        if let Some(name) = current_player(app, headers).await? {
            let seats = room
                .meta
                .players
                .each_ref()
                .map(|p| p.as_deref() == Some(&*name));
            if seats.iter().any(|&s| s) {
                return Ok(seats);
            }
        }
    }
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "bad_token",
        "this token holds no seat in this game",
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    pub(crate) name: String,
    pub(crate) password: String,
}

fn rate_limited() -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        "too many sign-up or log-in attempts from this address; try again in a minute",
    )
}

/// Creates an account; the error says what is wrong.
pub(crate) async fn sign_up(
    app: &Arc<App>,
    ip: Option<std::net::IpAddr>,
    c: Credentials,
) -> ApiResult<String> {
    check_name(&c.name).map_err(|m| ApiError::bad_request("bad_name", m))?;
    check_password(&c.password).map_err(|m| ApiError::bad_request("bad_password", m))?;
    if !app.accounts.attempts.allow(ip) {
        return Err(rate_limited());
    }
    let (app2, name) = (Arc::clone(app), c.name.clone());
    if blocking(move || Ok(app2.hub.store().player(&name)?))
        .await?
        .is_some()
    {
        return Err(name_taken(&c.name));
    }
    let app2 = Arc::clone(app);
    let password = c.password;
    let hash = app
        .accounts
        .kdf(move || app2.accounts.hash(&password))
        .await?
        .map_err(|e| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "internal",
                format!("hashing failed: {e}"),
            )
        })?;
    // A language chosen with the switch in this browser becomes the account's.
    let chosen = crate::http::lang::chosen_here().and_then(crate::http::lang::account_language);
    let app2 = Arc::clone(app);
    blocking(move || {
        let row = PlayerRow {
            name: c.name.clone(),
            password: hash,
            created: crate::round::clock::now_ms() / 1000,
            lang: chosen.map(str::to_string),
        };
        if !app2.hub.store().create_player(&row)? {
            return Err(name_taken(&c.name));
        }
        Ok(c.name)
    })
    .await
}

fn name_taken(name: &str) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "name_taken",
        format!("the name {name:?} is taken"),
    )
}

/// A session just opened.
pub(crate) struct LoggedIn {
    /// The player's name as he chose it.
    pub(crate) name: String,
    /// The session's token.
    pub(crate) token: String,
    /// The language the account keeps.
    pub(crate) lang: Option<&'static str>,
}

impl LoggedIn {
    /// Sets the session cookie on `r`, and the `lang` cookie to the account's language when it
    /// keeps one (the browser then shows it after logging out too); `Secure` when `secure`.
    pub(crate) fn set_cookies(&self, r: &mut Response, secure: bool) {
        let h = r.headers_mut();
        h.append(
            header::SET_COOKIE,
            session_cookie_header(&self.token, secure),
        );
        if let Some(l) = self.lang {
            h.append(
                header::SET_COOKIE,
                crate::http::lang::cookie_header(Some(l), secure),
            );
        }
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

/// Checks the credentials and opens a session.
pub(crate) async fn log_in(
    app: &Arc<App>,
    ip: Option<std::net::IpAddr>,
    c: Credentials,
) -> ApiResult<LoggedIn> {
    if !app.accounts.attempts.allow(ip) {
        return Err(rate_limited());
    }
    let token = random_hex(TOKEN_BYTES)?;
    // Oversized input is refused the same way, after the same work.
    let valid = c.name.len() <= 64 && c.password.len() <= 1024;
    let (app2, name) = (Arc::clone(app), c.name.clone());
    let player = if valid {
        blocking(move || Ok(app2.hub.store().player(&name)?)).await?
    } else {
        None
    };
    let app2 = Arc::clone(app);
    let hash = player
        .as_ref()
        .map_or_else(|| app.accounts.dummy.clone(), |p| p.password.clone());
    let password = if valid { c.password } else { String::new() };
    let ok = app
        .accounts
        .kdf(move || app2.accounts.verify(&hash, &password))
        .await?;
    let Some(player) = player.filter(|_| ok) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "bad_credentials",
            "wrong name or password",
        ));
    };
    let app2 = Arc::clone(app);
    blocking(move || {
        let expires = crate::round::clock::now_ms() / 1000 + SESSION_SECS;
        let digest = hash_token(&token);
        app2.hub
            .store()
            .create_session(&digest, &player.name, expires)?;
        app2.accounts.cache().remove(&digest);
        let lang = player
            .lang
            .as_deref()
            .and_then(crate::http::lang::account_language);
        app2.accounts.remember_lang(&player.name, lang);
        Ok(LoggedIn {
            name: player.name,
            token,
            lang,
        })
    })
    .await
}

/// Ends the session `token`.
pub(crate) async fn log_out(app: &Arc<App>, token: String) -> ApiResult<Option<Arc<str>>> {
    let app2 = Arc::clone(app);
    let player = blocking(move || {
        let player = app2.accounts.session(app2.hub.store(), &token)?;
        let digest = hash_token(&token);
        app2.hub.store().delete_session(&digest)?;
        app2.accounts.cache().remove(&digest);
        Ok(player)
    })
    .await?;
    if let Some(p) = &player {
        app.lobby.owner_left(p).await;
    }
    Ok(player)
}

/// `POST /api/players` `{"name", "password"}` → 201 `{"name"}`.
pub(crate) async fn post_player(
    State(app): State<Arc<App>>,
    ClientJson { ip, body: c }: ClientJson<Credentials>,
) -> ApiResult<Response> {
    let name = sign_up(&app, ip, c).await?;
    Ok(created(
        &json!({ "name": name }),
        &format!("/api/players/{name}"),
    ))
}

/// `POST /api/session` `{"name", "password"}` → `{"name", "token", "expires_in", "lang"}`, the
/// session cookie and the account's language in the `lang` cookie.
pub(crate) async fn post_session(
    State(app): State<Arc<App>>,
    ClientJson { ip, body: c }: ClientJson<Credentials>,
) -> ApiResult<Response> {
    let s = log_in(&app, ip, c).await?;
    let mut r = Json(json!({
        "name": s.name,
        "token": s.token,
        "expires_in": SESSION_SECS,
        "lang": s.lang,
    }))
    .into_response();
    s.set_cookies(&mut r, app.secure_cookies);
    Ok(r)
}

/// `GET /api/session`: who is signed in and the language his account keeps (`{"name": null,
/// "lang": null}` when nobody).
pub(crate) async fn get_session(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = current_player(&app, &headers).await?;
    let lang = match &p {
        Some(name) => account_lang(&app, name).await?,
        None => None,
    };
    Ok(Json(json!({ "name": p.as_deref(), "lang": lang })))
}

/// `DELETE /api/session` (or `POST /api/session/logout`): logs out; the cookie is cleared.
pub(crate) async fn delete_session(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let Some(token) = credential(&headers) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            "no session to end",
        ));
    };
    let player = log_out(&app, token).await?;
    let mut r = Json(json!({ "name": player.as_deref(), "logged_out": true })).into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        session_cookie_header("", app.secure_cookies),
    );
    Ok(r)
}

/// `GET /api/players/{name}`: `{"name", "created", "ratings": {preset: {"rating", "deviation",
/// "games", "provisional"}}, "history": [...], "games": [...]}`, and `"lang"` (the language the
/// account keeps, or `null`) for the player himself.
pub(crate) async fn get_player(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    if name.len() > 64 {
        return Err(no_player());
    }
    let me = current_player(&app, &headers).await?;
    player_json(&app, name, me).await
}

/// `GET /api/players/me`: the signed-in player's [`get_player`] (401 when nobody is).
pub(crate) async fn get_me(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let me = require_player(&app, &headers).await?;
    player_json(&app, me.to_string(), Some(me)).await
}

/// The JSON of account `name` as [`get_player`] answers it to the signed-in player `me`.
async fn player_json(app: &Arc<App>, name: String, me: Option<Arc<str>>) -> ApiResult<Json<Value>> {
    let app2 = Arc::clone(app);
    blocking(move || {
        let store = app2.hub.store();
        let Some(p) = store.player(&name)? else {
            return Err(no_player());
        };
        let ratings: serde_json::Map<String, Value> = store
            .ratings(&p.name)?
            .iter()
            .map(|(v, r)| (v.clone(), crate::round::json::rating_json(r)))
            .collect();
        let history: Vec<Value> = store
            .rating_history(&p.name)?
            .iter()
            .map(|h| {
                json!({
                    "variant": h.variant,
                    "game": h.game,
                    "at_ms": h.at_ms,
                    "rating": (h.rating * 10.0).round() / 10.0,
                    "deviation": (h.deviation * 10.0).round() / 10.0,
                })
            })
            .collect();
        let games = store.search(&crate::store::GameQuery {
            player: Some(p.name.clone()),
            limit: 20,
            ..Default::default()
        })?;
        let mut body = json!({
            "name": p.name,
            "created": p.created,
            "ratings": ratings,
            "history": history,
            "games": games.iter().map(crate::round::archive::summary_json).collect::<Vec<_>>(),
        });
        if me.as_deref() == Some(p.name.as_str()) {
            body["lang"] = p
                .lang
                .as_deref()
                .and_then(crate::http::lang::account_language)
                .into();
        }
        Ok(Json(body))
    })
    .await
}

fn no_player() -> ApiError {
    ApiError::not_found("no_such_player", "no player with this name")
}
