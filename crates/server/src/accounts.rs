//! Accounts and sessions.
//!
//! A player signs up with a name and a password (`POST /api/players`); the password is kept only
//! as an Argon2id hash. Logging in (`POST /api/session`) opens a session: a random token,
//! answered in the body (for API clients, as `Authorization: Bearer TOKEN`) and set as an
//! `HttpOnly; SameSite=Lax` cookie (for the browser). The server keeps only the token's SHA-256
//! digest. A failed log-in says only that the name or the password is wrong, and takes as long
//! whether the name exists or not; sign-ups and log-ins are rate limited per client address.
//!
//! An account plays its seat in a game with its session token ([`seats`]); seat tokens keep
//! working for guest games.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::{ApiError, StoreError};
use crate::limit::RateLimiter;
use crate::rooms::Room;
use crate::service::{blocking, created, random_hex, ApiResult, ClientJson, TOKEN_BYTES};
use crate::store::{hash_token, PlayerRow, Store, TokenHash};
use crate::App;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "mancala_session";
/// How long a session lasts, in seconds (30 days).
pub const SESSION_SECS: i64 = 30 * 86_400;
/// Names: 3 to 20 characters.
pub const NAME_LEN: std::ops::RangeInclusive<usize> = 3..=20;
/// Passwords: 8 to 128 characters.
pub const PASSWORD_LEN: std::ops::RangeInclusive<usize> = 8..=128;
/// Names that would be confusing or misleading.
const RESERVED: &[&str] = &[
    "admin",
    "computer",
    "guest",
    "mancala",
    "moderator",
    "null",
    "root",
    "server",
    "system",
];

/// Checks a name: 3-20 ASCII letters, digits, `_` or `-`, beginning with a letter, not a
/// reserved word. Answers what is wrong.
pub fn check_name(name: &str) -> Result<(), String> {
    check_length("name", name, &NAME_LEN)?;
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err("a name begins with a letter".into());
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err("a name has only letters A-Z, digits, '_' and '-'".into());
    }
    if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
        return Err(format!("the name {name:?} is reserved"));
    }
    Ok(())
}

/// Checks a password's length.
pub fn check_password(password: &str) -> Result<(), String> {
    check_length("password", password, &PASSWORD_LEN)
}

/// Checks that the `what` `text` has a number of characters in `range`.
fn check_length(
    what: &str,
    text: &str,
    range: &std::ops::RangeInclusive<usize>,
) -> Result<(), String> {
    if range.contains(&text.chars().count()) {
        Ok(())
    } else {
        Err(format!(
            "a {what} has {} to {} characters",
            range.start(),
            range.end()
        ))
    }
}

/// Password hashing, sessions and the limit on attempts.
pub struct Accounts {
    params: Params,
    /// Hands password hashing to a few threads of its own: each hash takes
    /// [`crate::Config::password_memory_kib`] of memory, which an allocator keeps per thread once
    /// used, so hashing on every thread of the blocking pool would keep that much per thread.
    kdf: Mutex<std::sync::mpsc::Sender<KdfJob>>,
    sessions: Mutex<HashMap<TokenHash, (Arc<str>, i64)>>,
    attempts: RateLimiter,
    /// A hash to verify against when the name is unknown, so that the answer takes as long.
    dummy: String,
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Accounts")
    }
}

/// A password hash or check to run on the hashing threads.
type KdfJob = Box<dyn FnOnce() + Send>;

/// Threads that hash passwords.
const KDF_THREADS: usize = 2;

/// Most sessions kept in memory; past it the cache starts afresh (the store has them all).
const MAX_CACHED_SESSIONS: usize = 100_000;

impl Accounts {
    /// Argon2id with `memory_kib` of memory and `passes` passes; `attempts_burst` sign-ups and
    /// log-ins per client at once, then `attempts_per_minute`.
    #[must_use]
    pub fn new(
        memory_kib: u32,
        passes: u32,
        attempts_burst: u32,
        attempts_per_minute: u32,
    ) -> Accounts {
        let params = Params::new(memory_kib.max(Params::MIN_M_COST), passes.max(1), 1, None)
            .unwrap_or(Params::DEFAULT);
        let (tx, rx) = std::sync::mpsc::channel::<KdfJob>();
        let rx = Arc::new(Mutex::new(rx));
        for _ in 0..KDF_THREADS {
            let rx = Arc::clone(&rx);
            // Without the threads, `kdf` answers an error (the receiver is gone).
            let _ = std::thread::Builder::new()
                .name("password-hash".into())
                .spawn(move || loop {
                    let job = rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    match job {
                        Ok(job) => job(),
                        // The accounts are gone.
                        Err(_) => return,
                    }
                });
        }
        let mut a = Accounts {
            params,
            kdf: Mutex::new(tx),
            sessions: Mutex::new(HashMap::new()),
            attempts: RateLimiter::new(attempts_burst, attempts_per_minute),
            dummy: String::new(),
        };
        a.dummy = a.hash("not a password of anyone").unwrap_or_default();
        a
    }

    /// Runs `f` (a hash or a check) on the hashing threads.
    pub(crate) async fn kdf<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let busy = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "internal",
                "the password could not be checked",
            )
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.kdf
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(Box::new(move || {
                let _ = tx.send(f());
            }))
            .map_err(|_| busy())?;
        rx.await.map_err(|_| busy())
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }

    /// The PHC string of `password` with a fresh salt.
    pub fn hash(&self, password: &str) -> Result<String, String> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        self.argon2()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    }

    /// Whether `password` matches the PHC string `hash` (with the parameters stored in it).
    #[must_use]
    pub fn verify(&self, hash: &str, password: &str) -> bool {
        PasswordHash::new(hash).is_ok_and(|h| {
            self.argon2()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<TokenHash, (Arc<str>, i64)>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The player of session `token`, if it is open (from memory, else from the store).
    pub fn session(&self, store: &dyn Store, token: &str) -> Result<Option<Arc<str>>, StoreError> {
        let digest = hash_token(token);
        let now = crate::clock::now_ms() / 1000;
        if let Some((name, expires)) = self.cache().get(&digest) {
            return Ok((*expires > now).then(|| Arc::clone(name)));
        }
        let Some((name, expires)) = store.session(&digest)? else {
            return Ok(None);
        };
        let name: Arc<str> = Arc::from(name);
        let mut cache = self.cache();
        if cache.len() >= MAX_CACHED_SESSIONS {
            cache.clear();
        }
        cache.insert(digest, (Arc::clone(&name), expires));
        Ok((expires > now).then_some(name))
    }

    /// The player of session `token` if it is in memory and open: answers without the store,
    /// `None` when it would need it.
    pub fn cached_session(&self, token: &str) -> Option<Option<Arc<str>>> {
        let now = crate::clock::now_ms() / 1000;
        self.cache()
            .get(&hash_token(token))
            .map(|(name, expires)| (*expires > now).then(|| Arc::clone(name)))
    }
}

/// The credential a request carries: a bearer token, else the session cookie.
#[must_use]
pub fn credential(headers: &HeaderMap) -> Option<String> {
    if let Some(v) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        let t = v
            .strip_prefix("Bearer ")
            .or_else(|| v.strip_prefix("bearer "))
            .map(str::trim)
            .unwrap_or("");
        if !t.is_empty() {
            return Some(t.to_string());
        }
    }
    session_cookie(headers)
}

/// The session cookie's value.
#[must_use]
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    crate::cookies::cookie(headers, SESSION_COOKIE)
        .map(str::to_string)
        .filter(|v| !v.is_empty())
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
    let app2 = Arc::clone(app);
    blocking(move || {
        let row = PlayerRow {
            name: c.name.clone(),
            password: hash,
            created: crate::clock::now_ms() / 1000,
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

/// Checks the credentials and opens a session; answers the player's name and the token.
pub(crate) async fn log_in(
    app: &Arc<App>,
    ip: Option<std::net::IpAddr>,
    c: Credentials,
) -> ApiResult<(String, String)> {
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
        let expires = crate::clock::now_ms() / 1000 + SESSION_SECS;
        app2.hub
            .store()
            .create_session(&hash_token(&token), &player.name, expires)?;
        Ok((player.name, token))
    })
    .await
}

/// The `Set-Cookie` value of a session (an empty value with `Max-Age=0` ends it).
#[must_use]
pub fn session_cookie_header(token: &str) -> HeaderValue {
    let max_age = if token.is_empty() { 0 } else { SESSION_SECS };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("mancala_session=; Path=/; Max-Age=0"))
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

/// `POST /api/session` `{"name", "password"}` → `{"name", "token"}` and the session cookie.
pub(crate) async fn post_session(
    State(app): State<Arc<App>>,
    ClientJson { ip, body: c }: ClientJson<Credentials>,
) -> ApiResult<Response> {
    let (name, token) = log_in(&app, ip, c).await?;
    let mut r =
        Json(json!({ "name": name, "token": token, "expires_in": SESSION_SECS })).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, session_cookie_header(&token));
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// `GET /api/session`: who is signed in (`{"name": null}` when nobody).
pub(crate) async fn get_session(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let p = current_player(&app, &headers).await?;
    Ok(Json(json!({ "name": p.as_deref() })))
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
    r.headers_mut()
        .insert(header::SET_COOKIE, session_cookie_header(""));
    Ok(r)
}

/// `GET /api/players/{name}`: `{"name", "created", "ratings": {preset: {"rating", "deviation",
/// "games", "provisional"}}, "history": [...], "games": [...]}`.
pub(crate) async fn get_player(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> ApiResult<Json<Value>> {
    if name.len() > 64 {
        return Err(no_player());
    }
    let app2 = Arc::clone(&app);
    blocking(move || {
        let store = app2.hub.store();
        let Some(p) = store.player(&name)? else {
            return Err(no_player());
        };
        let ratings: serde_json::Map<String, Value> = store
            .ratings(&p.name)?
            .iter()
            .map(|(v, r)| (v.clone(), crate::json::rating_json(r)))
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
        Ok(Json(json!({
            "name": p.name,
            "created": p.created,
            "ratings": ratings,
            "history": history,
            "games": games.iter().map(crate::archive::summary_json).collect::<Vec<_>>(),
        })))
    })
    .await
}

fn no_player() -> ApiError {
    ApiError::not_found("no_such_player", "no player with this name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        for ok in ["Kofi", "ama_2", "Yaw-Mensah", "abc"] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "ab",
            "1abc",
            "a b c",
            "Kofi!",
            "Ọla",
            "admin",
            "ADMIN",
            &"x".repeat(21),
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert!(check_password("short").is_err());
        assert!(check_password("long enough").is_ok());
    }

    #[test]
    fn passwords_hash_and_verify() {
        let a = Accounts::new(64, 1, 10, 10);
        let h = a.hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(a.verify(&h, "correct horse"));
        assert!(!a.verify(&h, "correct hors"));
        assert!(!a.verify("garbage", "correct horse"));
        // A fresh salt each time.
        assert_ne!(h, a.hash("correct horse").unwrap());
    }

    #[test]
    fn the_cookie_or_the_bearer_is_the_credential() {
        let mut h = HeaderMap::new();
        assert_eq!(credential(&h), None);
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; mancala_session=tok1"),
        );
        assert_eq!(credential(&h).as_deref(), Some("tok1"));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer tok2"),
        );
        assert_eq!(credential(&h).as_deref(), Some("tok2"));
    }
}
