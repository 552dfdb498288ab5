//! The protocol (protocol-spec.md) against the real binary, driven over pipes as a controller
//! drives it:
//! - `transcripts`: every command and the replies the spec promises;
//! - `malformed_input`: bad lines, hand-written and generated, each refused with one error line;
//! - `fuzz`: the protocol fuzz: seeded random and mutated lines in every variant's own syntax
//!   (moves of random games mutated, position strings, `go`, `setoption`, `variant`, queries,
//!   lines sent while a search runs), each checked for at most one error line, a reply of the
//!   command's shape and, when refused, the `d`, `moves` and `result` replies unchanged. A few
//!   seconds in `cargo test`; `scripts/fuzz.sh [lines] [seed]` runs a million lines or more;
//! - `replies`: what each command may print and the state a controller observes, shared by
//!   `malformed_input` and `fuzz`;
//! - `levels`: the strength-level options and what a weakened level plays, in every variant.

#[path = "../harness/engine_process.rs"]
mod engine_process;
mod fuzz;
mod levels;
mod malformed_input;
mod replies;
mod transcripts;
