use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// The flags a running search shares with the session that started it. The session sets
/// them from the protocol thread; every search thread reads them.
///
/// Two ways of ending differ: a search *halts* (its threads stop thinking) when a limit is
/// reached or `stop` arrives, but it may *answer* during `infinite` or `ponder` only after
/// `stop` (or, when pondering, `ponderhit`).
#[derive(Debug)]
pub struct Control {
    /// The threads stop thinking.
    halt: AtomicBool,
    /// The controller said `stop` (or `gameover`, `quit`): halt and answer.
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Set just before the final `BestMove` event: the search counts as over from then on
    /// (its helper threads may still be winding down: whoever starts the next search first
    /// waits for the thread that ran this one, which joins them).
    done: AtomicBool,
    /// Nanoseconds from `base` at which the clock started (search start or `ponderhit`).
    clock_start: AtomicU64,
    base: Instant,
}

impl Control {
    pub fn new(pondering: bool) -> Control {
        Control {
            halt: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            done: AtomicBool::new(false),
            clock_start: AtomicU64::new(0),
            base: Instant::now(),
        }
    }

    /// The controller's `stop`: every search thread finishes now and the search answers, also
    /// an `infinite` or `ponder` one.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
        self.halt.store(true, Relaxed);
    }

    /// A limit is reached: every search thread finishes now. An `infinite` or `ponder` search
    /// still holds its answer until [`Control::stop`] (or `ponderhit`).
    pub fn halt(&self) {
        self.halt.store(true, Relaxed);
    }

    /// Marks the search as over (it is about to report its best move).
    pub fn finish(&self) {
        self.done.store(true, Relaxed);
    }

    /// Whether the search has reported, or is reporting, its best move. Its threads may still
    /// be exiting (see [`crate::engine::Session::is_searching`], which joins them).
    pub fn finished(&self) -> bool {
        self.done.load(Relaxed)
    }

    /// Whether the search threads are to stop thinking ([`Control::halt`] or
    /// [`Control::stop`]).
    #[inline]
    pub fn halted(&self) -> bool {
        self.halt.load(Relaxed)
    }

    /// Whether the controller said `stop`.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The opponent played the predicted move: the clock starts now.
    pub fn ponderhit(&self) {
        self.clock_start.store(self.base.elapsed().as_nanos() as u64, Relaxed);
        self.pondering.store(false, Relaxed);
    }

    pub fn pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// Milliseconds on the clock (since the search started or since `ponderhit`).
    pub fn clock_ms(&self) -> u64 {
        let now = self.base.elapsed().as_nanos() as u64;
        now.saturating_sub(self.clock_start.load(Relaxed)) / 1_000_000
    }

    /// Milliseconds since the search started.
    pub fn elapsed_ms(&self) -> u64 {
        self.base.elapsed().as_millis() as u64
    }
}
