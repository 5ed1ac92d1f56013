//! The work handlers and games share: random ids and tokens, blocking work off the async
//! threads, and the engine pool's permits.

use axum::http::StatusCode;

use crate::http::error::ApiError;
use crate::http::error::ApiResult;

/// Bytes of randomness in a game id and in a seat token.
pub(crate) const ID_BYTES: usize = 10;
pub(crate) const TOKEN_BYTES: usize = 24;

/// Fills `buf` from the system's randomness.
fn fill_random(buf: &mut [u8]) -> ApiResult<()> {
    getrandom::fill(buf).map_err(|e| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "randomness",
            format!("no randomness: {e}"),
        )
    })
}

/// `bytes` random bytes in hexadecimal (ids and tokens).
pub(crate) fn random_hex(bytes: usize) -> ApiResult<String> {
    let mut buf = vec![0u8; bytes];
    fill_random(&mut buf)?;
    Ok(hex::encode(buf))
}

/// A random number (games' seeds).
pub(crate) fn random_u64() -> ApiResult<u64> {
    let mut buf = [0u8; 8];
    fill_random(&mut buf)?;
    Ok(u64::from_le_bytes(buf))
}

/// Runs `f` on the blocking pool.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f).await.map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "internal",
            "the request could not be completed",
        )
    })?
}
