//! Faults the server must tell and survive: impossible flags, a damaged SQLite file, bad
//! connections, a full disk, a server killed -9 and the database going away.

pub mod faults;
pub mod full;
pub mod kill;
