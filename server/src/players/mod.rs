//! Who a player is: keys and signatures, names, and the codes that recover or link an account.

// Ed25519 keys and signatures over method, path, time and body (contract version 2).
pub mod identity;
// Player names.
pub mod names;
// Recovery and link codes.
pub mod codes;
