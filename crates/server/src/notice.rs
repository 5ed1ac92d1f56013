//! Change notices between server instances sharing one database (PostgreSQL's NOTIFY): what
//! changed, written in the notice's text so that the other instances can often apply it
//! without reading the database back.
//!
//! A notice's text is `INSTANCE KIND REST`: the sending instance (so that it can skip its own)
//! and one of the kinds of [`Notice`]. A receiver that cannot apply a notice (unknown kind,
//! bad text, a move that is not the next of the game it holds) reads the game back instead.

use crate::store::MoveStamp;

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
}

impl Notice {
    /// The game the notice is about.
    #[must_use]
    pub fn game(&self) -> &str {
        match self {
            Notice::Changed { game } | Notice::Moved { game, .. } => game,
        }
    }

    /// The notice's text as instance `from` sends it; a move too long to carry is sent as
    /// [`Notice::Changed`].
    #[must_use]
    pub fn encode(&self, from: &str) -> String {
        let text = match self {
            Notice::Changed { game } => format!("{from} changed {game}"),
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
        if text.len() > MAX_NOTICE || self.game().contains(' ') {
            return format!("{from} changed {}", self.game());
        }
        text
    }

    /// Reads a notice's text: the sending instance and the notice (`None` when the text is
    /// not one). A move that does not read back whole is told as [`Notice::Changed`] of its
    /// game.
    #[must_use]
    pub fn parse(text: &str) -> Option<(&str, Notice)> {
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
