//! Several instances sharing one PostgreSQL store: the change [`notice`]s they send each other,
//! following the others' changes ([`follow`]), the computer's leases ([`leases`]) and the
//! sweeps every instance runs ([`sweeps`]).

pub mod follow;
pub mod leases;
pub mod notice;
pub mod sweeps;
