//! Change notices between the instances sharing a database: each change is sent on one
//! channel with `pg_notify` (delivered when its transaction commits), and each instance listens
//! for the others'.

use std::time::Duration;

use tokio_postgres::NoTls;

use super::connection::{PgStore, CHANNEL};
use crate::cluster::notice::{Notice, ALL_GAMES};
use crate::store::traits::MoveRecord;

impl PgStore {
    /// The change notice of game `game` (read back by the other instances).
    pub(super) fn notice(&self, game: &str) -> String {
        Notice::Changed {
            game: game.to_string(),
        }
        .encode(&self.instance)
    }

    /// The notice of move `m` (applied by the other instances without a read-back).
    pub(super) fn move_notice(&self, m: &MoveRecord) -> String {
        Notice::Moved {
            game: m.game.clone(),
            ply: m.ply,
            mv: m.mv.clone(),
            stamp: m.stamp,
        }
        .encode(&self.instance)
    }

    /// Listens for the change notices of the other instances and sends them to `tx` (and a
    /// change of [`ALL_GAMES`] after the listening connection was lost and made again: notices
    /// may have been missed meanwhile), until `tx` is closed.
    pub(super) async fn listen(
        config: tokio_postgres::Config,
        me: String,
        tx: tokio::sync::mpsc::UnboundedSender<Notice>,
        ready: std::sync::mpsc::SyncSender<()>,
    ) {
        let mut lost = false;
        while !tx.is_closed() {
            if let Ok((client, mut conn)) = config.connect(NoTls).await {
                let listening = async {
                    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
                    Ok::<_, tokio_postgres::Error>(())
                };
                let mut listening = std::pin::pin!(listening);
                let mut listened = false;
                loop {
                    tokio::select! {
                        r = &mut listening, if !listened => {
                            if r.is_err() {
                                break;
                            }
                            listened = true;
                            let _ = ready.try_send(());
                            let all = Notice::Changed { game: ALL_GAMES.into() };
                            if std::mem::take(&mut lost) && tx.send(all).is_err() {
                                return;
                            }
                        }
                        msg = std::future::poll_fn(|cx| conn.poll_message(cx)) => {
                            match msg {
                                Some(Ok(tokio_postgres::AsyncMessage::Notification(n))) => {
                                    let Some((from, notice)) = Notice::parse(n.payload()) else {
                                        continue;
                                    };
                                    if from != me && tx.send(notice).is_err() {
                                        return;
                                    }
                                }
                                Some(Ok(_)) => {}
                                Some(Err(_)) | None => break,
                            }
                        }
                        () = tx.closed() => return,
                    }
                }
            }
            lost = true;
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

/// How long [`Store::changes`](crate::store::Store::changes) waits for the listener to start.
pub(super) const LISTEN_WAIT: Duration = Duration::from_secs(10);
