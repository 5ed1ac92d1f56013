//! Accounts: users and their sessions ([`users`]) with the handlers ([`api`]), the account pages
//! ([`pages`]) and settings ([`settings`]), and the players' Glicko-2 ratings ([`glicko`]).

pub mod api;
pub mod glicko;
pub mod pages;
pub mod settings;
pub mod users;
