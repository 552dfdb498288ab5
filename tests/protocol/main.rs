//! The protocol (protocol-spec.md) against the real binary, driven over pipes as a controller
//! drives it:
//! - `transcripts`: every command and the replies the spec promises;
//! - `malformed_input`: bad lines, hand-written and generated, each refused with one error line.

#[path = "../harness/engine_process.rs"]
mod engine_process;
mod malformed_input;
mod transcripts;
