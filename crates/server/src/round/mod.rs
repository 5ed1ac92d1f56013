//! The live game: a [`room::Room`] per game in play, the [`hub::Hub`] that keeps them in memory,
//! and everything that changes a game — moves ([`api`]), the computer ([`computer`]), endings,
//! offers and rematches ([`play`], [`conclude`]), clocks and their timers ([`clock`],
//! [`timers`]) — with the archive of finished games ([`archive`]).

pub mod api;
pub mod archive;
pub mod clock;
pub mod computer;
pub mod conclude;
pub mod ending;
pub mod find;
pub mod hub;
pub mod json;
pub mod offers;
pub mod play;
pub mod room;
pub mod setup;
pub mod timers;
pub mod timing;
pub mod watch;
