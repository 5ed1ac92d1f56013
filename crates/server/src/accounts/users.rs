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
//!
//! An account may keep a language ([`account_lang`], [`set_account_lang`]): the pages and
//! messages of a signed-in player are in it on every device (see [`crate::http::lang::negotiate`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};

use crate::http::error::{ApiError, StoreError};
use crate::http::limit::RateLimiter;
use crate::store::{hash_token, Store, TokenHash};

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
    pub(crate) params: Params,
    /// Hands password hashing to a few threads of its own: each hash takes
    /// [`crate::Config::password_memory_kib`] of memory, which an allocator keeps per thread once
    /// used, so hashing on every thread of the blocking pool would keep that much per thread.
    pub(crate) kdf: Mutex<std::sync::mpsc::Sender<KdfJob>>,
    /// Sessions by digest: their player and expiry, or `None` for a token that is no session
    /// (a seat token sent as a bearer token), so that it is not looked for again.
    pub(crate) sessions: Mutex<HashMap<TokenHash, Option<OpenSession>>>,
    /// The accounts' languages, each with when it was read (milliseconds).
    pub(crate) langs: Mutex<HashMap<Arc<str>, ReadLang>>,
    pub(crate) attempts: RateLimiter,
    /// A hash to verify against when the name is unknown, so that the answer takes as long.
    pub(crate) dummy: String,
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Accounts")
    }
}

/// A session's player and when it expires (seconds since the Unix epoch).
type OpenSession = (Arc<str>, i64);

/// An account's language and when it was read (milliseconds since the Unix epoch).
type ReadLang = (Option<&'static str>, i64);

/// A password hash or check to run on the hashing threads.
type KdfJob = Box<dyn FnOnce() + Send>;

/// Threads that hash passwords.
const KDF_THREADS: usize = 2;

/// Most sessions kept in memory; past it the cache starts afresh (the store has them all).
const MAX_CACHED_SESSIONS: usize = 100_000;

/// How long an account's language read from the store is used before it is read again: a
/// change made through another server instance sharing the store shows within this time
/// (one made through this instance at once).
const LANG_TTL_MS: i64 = 10_000;

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
            langs: Mutex::new(HashMap::new()),
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

    pub(crate) fn argon2(&self) -> Argon2<'static> {
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

    pub(crate) fn cache(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<TokenHash, Option<OpenSession>>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The player of session `token`, if it is open (from memory, else from the store).
    pub fn session(&self, store: &dyn Store, token: &str) -> Result<Option<Arc<str>>, StoreError> {
        let digest = hash_token(token);
        if let Some(hit) = self.cached_session(token) {
            return Ok(hit);
        }
        let found = store
            .session(&digest)?
            .map(|(name, expires)| (Arc::<str>::from(name), expires));
        let open = found
            .as_ref()
            .filter(|(_, expires)| *expires > crate::round::clock::now_ms() / 1000)
            .map(|(name, _)| Arc::clone(name));
        let mut cache = self.cache();
        if cache.len() >= MAX_CACHED_SESSIONS {
            cache.clear();
        }
        // A token that is no session is remembered as such: session tokens are made at random
        // and handed out only once stored, so it never becomes one.
        cache.insert(digest, found);
        Ok(open)
    }

    /// The player of session `token` if it is in memory and open: answers without the store,
    /// `None` when it would need it.
    pub fn cached_session(&self, token: &str) -> Option<Option<Arc<str>>> {
        let now = crate::round::clock::now_ms() / 1000;
        self.cache().get(&hash_token(token)).map(|hit| {
            hit.as_ref()
                .filter(|(_, expires)| *expires > now)
                .map(|(name, _)| Arc::clone(name))
        })
    }

    /// Forgets the session whose token's digest is `digest` in hexadecimal (ended through
    /// another instance sharing the store); a digest that does not read is ignored.
    pub(crate) fn forget_session(&self, digest: &str) {
        if let Ok(Some(digest)) = crate::store::records::parse_hash("session", digest) {
            self.cache().remove(&digest);
        }
    }

    /// The language of account `name` if it was read or set less than [`LANG_TTL_MS`] ago.
    pub(crate) fn cached_lang(&self, name: &str) -> Option<Option<&'static str>> {
        let now = crate::round::clock::now_ms();
        self.langs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(name)
            .filter(|(_, at)| now - at < LANG_TTL_MS)
            .map(|(lang, _)| *lang)
    }

    /// Remembers that account `name` keeps language `lang` (`None`: none).
    pub(crate) fn remember_lang(&self, name: &str, lang: Option<&'static str>) {
        let mut langs = self.langs.lock().unwrap_or_else(PoisonError::into_inner);
        if langs.len() >= MAX_CACHED_SESSIONS {
            langs.clear();
        }
        langs.insert(Arc::from(name), (lang, crate::round::clock::now_ms()));
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
    crate::http::cookies::cookie(headers, SESSION_COOKIE)
        .map(str::to_string)
        .filter(|v| !v.is_empty())
}

/// The `Set-Cookie` value of a session (an empty value with `Max-Age=0` ends it): `HttpOnly`,
/// `SameSite=Lax`, and `Secure` when `secure` (the server is reached over HTTPS).
#[must_use]
pub fn session_cookie_header(token: &str, secure: bool) -> HeaderValue {
    let max_age = if token.is_empty() { 0 } else { SESSION_SECS };
    crate::http::cookies::set_cookie(SESSION_COOKIE, token, max_age, true, secure)
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
    fn a_token_that_is_no_session_is_looked_for_once() {
        let a = Accounts::new(64, 1, 10, 10);
        let store = crate::store::SqliteStore::in_memory().unwrap();
        assert_eq!(a.cached_session("seat-token"), None);
        assert_eq!(a.session(&store, "seat-token").unwrap(), None);
        assert_eq!(a.cached_session("seat-token"), Some(None));
        let digest = hash_token("tok");
        store.create_session(&digest, "Kofi", i64::MAX).unwrap();
        assert_eq!(a.session(&store, "tok").unwrap().as_deref(), Some("Kofi"));
        assert_eq!(a.cached_session("tok"), Some(Some(Arc::from("Kofi"))));
        // An expired session is no session.
        store.create_session(&hash_token("old"), "Kofi", 1).unwrap();
        assert_eq!(a.session(&store, "old").unwrap(), None);
        assert_eq!(a.cached_session("old"), Some(None));
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
