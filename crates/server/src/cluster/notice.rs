//! Change notices between server instances sharing one database (PostgreSQL's NOTIFY): what
//! changed, written in the notice's text so that the other instances can often apply it
//! without reading the database back.
//!
//! A notice's text is `INSTANCE KIND REST`: the sending instance (so that it can skip its own)
//! and one of the kinds of [`Notice`]. A receiver that cannot apply a notice about a game
//! (unknown kind, bad text, a move that is not the next of the game it holds) reads the game
//! back instead. The lobby's notices (see [`crate::store::pg_seeks`]) are `INSTANCE ~seeks`,
//! `INSTANCE ~game JSON` and `INSTANCE ~offer GAME`. A session ended is `INSTANCE ~revoked
//! DIGEST` (the token's digest in hexadecimal), so that no instance keeps it in memory.

use crate::store::records::MoveStamp;

/// Longest notice text PostgreSQL carries is 8000 bytes; longer ones are sent as
/// [`Notice::Changed`] (read back by the receivers).
pub const MAX_NOTICE: usize = 7900;

/// Sent when any game may have changed (notices may have been missed).
pub const ALL_GAMES: &str = "*";

/// What another instance changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Game `game` changed: read it back (`"*"`, [`ALL_GAMES`]: any game may have).
    Changed {
        /// The game.
        game: String,
    },
    /// Move number `ply` (0-based) of game `game` was recorded.
    Moved {
        /// The game.
        game: String,
        /// The move's number.
        ply: usize,
        /// The move as the rules core writes it.
        mv: String,
        /// Its clock stamp (timed games).
        stamp: Option<MoveStamp>,
    },
    /// The lobby's seeks changed.
    Seeks,
    /// A game was started from the lobby: `message` is what the lobby's sockets are sent.
    Started {
        /// The lobby's message (JSON).
        message: String,
    },
    /// The draw or agreement offer standing in game `game` changed.
    Offer {
        /// The game.
        game: String,
    },
    /// The session whose token has digest `digest` (64 hexadecimal digits) was ended (logged
    /// out, or its password changed): every instance forgets it.
    Revoked {
        /// The token's digest in hexadecimal.
        digest: String,
    },
}

impl Notice {
    /// The game the notice is about (`None` for [`Notice::Seeks`] and [`Notice::Started`]).
    #[must_use]
    pub fn game(&self) -> Option<&str> {
        match self {
            Notice::Changed { game } | Notice::Moved { game, .. } | Notice::Offer { game } => {
                Some(game)
            }
            Notice::Seeks | Notice::Started { .. } | Notice::Revoked { .. } => None,
        }
    }

    /// The notice's text as instance `from` sends it; a move too long to carry is sent as
    /// [`Notice::Changed`].
    #[must_use]
    pub fn encode(&self, from: &str) -> String {
        let text = match self {
            Notice::Changed { game } => format!("{from} changed {game}"),
            Notice::Seeks => return format!("{from} ~seeks"),
            // Too long a message to carry is told as a change of the seeks.
            Notice::Started { message } if message.len() + from.len() + 7 > MAX_NOTICE => {
                return format!("{from} ~seeks")
            }
            Notice::Started { message } => return format!("{from} ~game {message}"),
            Notice::Offer { game } => format!("{from} ~offer {game}"),
            Notice::Revoked { digest } => return format!("{from} ~revoked {digest}"),
            Notice::Moved {
                game,
                ply,
                mv,
                stamp,
            } => {
                let opt = |v: Option<i64>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
                match stamp {
                    None => format!("{from} moved {game} {ply} {mv}"),
                    Some(s) => format!(
                        "{from} moved {game} {ply} {mv} {} {} {} {}",
                        s.at_ms,
                        s.left_ms[0],
                        s.left_ms[1],
                        opt(s.deadline_ms)
                    ),
                }
            }
        };
        let game = self.game().unwrap_or_default();
        if text.len() > MAX_NOTICE || game.contains(' ') {
            return format!("{from} changed {game}");
        }
        text
    }

    /// Reads a notice's text: the sending instance and the notice (`None` when the text is
    /// not one). A move that does not read back whole is told as [`Notice::Changed`] of its
    /// game.
    #[must_use]
    pub fn parse(text: &str) -> Option<(&str, Notice)> {
        let (from, rest) = text.split_once(' ')?;
        if rest == "~seeks" {
            return Some((from, Notice::Seeks));
        }
        if let Some(message) = rest.strip_prefix("~game ") {
            let message = message.to_string();
            return Some((from, Notice::Started { message }));
        }
        let mut words = text.split(' ');
        let from = words.next()?;
        let kind = words.next()?;
        let game = words.next()?.to_string();
        let changed = |game: String| Some((from, Notice::Changed { game }));
        match kind {
            "moved" => {
                let rest: Vec<&str> = words.collect();
                let Some(moved) = read_move(&game, &rest) else {
                    return changed(game);
                };
                Some((from, moved))
            }
            "~offer" => Some((from, Notice::Offer { game })),
            "~revoked" => Some((from, Notice::Revoked { digest: game })),
            _ => changed(game),
        }
    }
}

/// A [`Notice::Moved`] of game `game` from the words after the game.
fn read_move(game: &str, words: &[&str]) -> Option<Notice> {
    let int = |w: &str| w.parse::<i64>().ok();
    let (ply, mv) = (words.first()?.parse().ok()?, (*words.get(1)?).to_string());
    if mv.is_empty() {
        return None;
    }
    let stamp = match words.len() {
        2 => None,
        6 => Some(MoveStamp {
            at_ms: int(words[2])?,
            left_ms: [int(words[3])?, int(words[4])?],
            deadline_ms: match words[5] {
                "-" => None,
                w => Some(int(w)?),
            },
        }),
        _ => return None,
    };
    Some(Notice::Moved {
        game: game.to_string(),
        ply,
        mv,
        stamp,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moved(stamp: Option<MoveStamp>) -> Notice {
        Notice::Moved {
            game: "0123456789abcdef0123".into(),
            ply: 7,
            mv: "C".into(),
            stamp,
        }
    }

    #[test]
    fn notices_read_back_as_sent() {
        let stamps = [
            None,
            Some(MoveStamp {
                at_ms: 1_700_000_000_000,
                left_ms: [-5, 180_000],
                deadline_ms: Some(1_700_000_180_000),
            }),
            Some(MoveStamp {
                at_ms: 5,
                left_ms: [1, 2],
                deadline_ms: None,
            }),
        ];
        for stamp in stamps {
            let n = moved(stamp);
            assert_eq!(Notice::parse(&n.encode("me")), Some(("me", n.clone())));
        }
        let c = Notice::Changed { game: "g1".into() };
        assert_eq!(Notice::parse(&c.encode("i2")), Some(("i2", c)));
        let lobby = [
            Notice::Seeks,
            Notice::Started {
                message: r#"{"type": "game", "id": "g1"}"#.into(),
            },
            Notice::Offer { game: "g1".into() },
            Notice::Revoked {
                digest: "ab".repeat(32),
            },
        ];
        for n in lobby {
            assert_eq!(Notice::parse(&n.encode("i3")), Some(("i3", n.clone())));
        }
        assert_eq!(Notice::Seeks.encode("i3"), "i3 ~seeks");
        assert_eq!(
            Notice::Offer { game: "g1".into() }.encode("i3"),
            "i3 ~offer g1"
        );
    }

    #[test]
    fn notices_that_do_not_read_whole_become_read_backs() {
        let changed = |g: &str| Notice::Changed { game: g.into() };
        assert_eq!(Notice::parse("me moved g1 7"), Some(("me", changed("g1"))));
        assert_eq!(
            Notice::parse("me moved g1 x C"),
            Some(("me", changed("g1")))
        );
        assert_eq!(
            Notice::parse("me moved g1 7 C 1 2"),
            Some(("me", changed("g1")))
        );
        // A kind this program does not know yet.
        assert_eq!(
            Notice::parse("me seek g1 whatever"),
            Some(("me", changed("g1")))
        );
        assert_eq!(Notice::parse("me"), None);
        assert_eq!(Notice::parse("me moved"), None);
        // Too long to carry: sent as a change.
        let long = Notice::Moved {
            game: "g1".into(),
            ply: 1,
            mv: "x".repeat(MAX_NOTICE),
            stamp: None,
        };
        assert_eq!(long.encode("me"), "me changed g1");
    }
}
