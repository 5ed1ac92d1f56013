//! The WebSocket of a game's watchers: the state now and after every change, with pings, and
//! the slow or silent dropped.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use serde_json::json;
use tokio::sync::broadcast;

use crate::round::room::Room;

/// How long one message to a watcher may take to go out before the watcher is dropped.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// How often a quiet watcher is pinged ...
const PING_EVERY: Duration = Duration::from_secs(30);
/// ... and how long a watcher may stay silent (no pong, no message) before it is dropped.
const SILENCE_LIMIT: Duration = Duration::from_secs(75);

/// Sends `msg`, within [`SEND_TIMEOUT`]; false when the watcher is gone or too slow.
async fn send(socket: &mut WebSocket, msg: Message) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, socket.send(msg)).await,
        Ok(Ok(()))
    )
}

/// Serves one watcher of `room` on `socket`: the state now, then every change.
///
/// A watcher can slow nobody else: changes go out through a bounded channel
/// (`CHANNEL_DEPTH` messages) that the publisher never waits on. A watcher that falls that far
/// behind, takes longer than `SEND_TIMEOUT` to accept a message, or stays silent for
/// `SILENCE_LIMIT` (it is pinged every `PING_EVERY`) is disconnected; the browser UI reconnects
/// and starts again from the current state.
pub async fn watch(mut socket: WebSocket, room: Arc<Room>) {
    let mut rx = room.subscribe();
    let hello = {
        let live = room.lock();
        json!({ "type": "update", "event": "hello", "game": room.view(&live) }).to_string()
    };
    if !send(&mut socket, Message::Text(hello.into())).await {
        return;
    }
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval_at((Instant::now() + PING_EVERY).into(), PING_EVERY);
    loop {
        tokio::select! {
            msg = rx.recv() => {
                let text = match msg {
                    Ok(text) => text,
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        // Too slow: tell it (briefly) and let it reconnect.
                        let close = Message::Close(Some(CloseFrame {
                            code: close_code::AGAIN,
                            reason: "too slow: reconnect".into(),
                        }));
                        let _ = tokio::time::timeout(Duration::from_secs(1), socket.send(close))
                            .await;
                        return;
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                if !send(&mut socket, Message::Text(text)).await {
                    return;
                }
            }
            incoming = socket.recv() => {
                match incoming {
                    // Watchers have nothing to say; pings are answered by the library.
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => heard = Instant::now(),
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENCE_LIMIT
                    || !send(&mut socket, Message::Ping(Bytes::new())).await
                {
                    return;
                }
            }
        }
    }
}
