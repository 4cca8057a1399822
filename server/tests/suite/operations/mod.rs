//! Running it: the `latu-server admin` commands and backups while a server serves, several
//! servers starting together on one database, and `deploy/` with HAProxy in front of three.

pub mod haproxy;
pub mod operating;
pub mod together;
