//! Helper threads take turns on the machine's cores when there are more of them than cores.
//!
//! With many more runnable threads than cores, the scheduler hands each thread the processor
//! only once every (threads / cores) time slices: the protocol thread, woken by `stop`, and the
//! main search thread, which answers it, would wait hundreds of milliseconds for their turn
//! (Threads 256 on two cores). So the search never has more runnable threads than cores (two
//! on a single core): the main thread always runs, and the helpers share the other cores (at
//! least one), handing their core on to the next waiting helper every 1,024 nodes (well under
//! a millisecond). With no more helpers than that none ever waits, and the only cost is one
//! atomic read per hand-over check.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::thread::Thread;

/// The cores the helpers of one search share, and the helpers waiting for one (in order).
pub struct Cores {
    queue: Mutex<Queue>,
    /// How many helpers wait (read without the lock on every hand-over check).
    waiting: AtomicUsize,
    /// Per helper id: a core has been handed to it.
    admitted: Vec<AtomicBool>,
}

struct Queue {
    free: usize,
    waiting: VecDeque<(usize, Thread)>,
}

impl Cores {
    /// Cores for helpers `1..threads` on a machine with `cores` cores: one is the main
    /// thread's, the helpers share the others (at least one).
    pub fn new(threads: usize, cores: usize) -> Cores {
        Cores {
            queue: Mutex::new(Queue { free: cores.saturating_sub(1).max(1), waiting: VecDeque::new() }),
            waiting: AtomicUsize::new(0),
            admitted: (0..threads).map(|_| AtomicBool::new(false)).collect(),
        }
    }

    /// The cores the machine lets this process use (asked once).
    pub fn available() -> usize {
        static CORES: OnceLock<usize> = OnceLock::new();
        *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A helper that panicked holding the lock left the queue consistent (no code between
        // its reads and writes can panic).
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Helper `id` waits for a core, which it holds until the returned guard is dropped (also
    /// when the helper panics: the helpers waiting behind it still get their turn).
    pub fn hold(&self, id: usize) -> Held<'_> {
        self.enter(id);
        Held(self)
    }

    /// Helper `id` waits for a core and holds it until [`leave`](Cores::leave).
    fn enter(&self, id: usize) {
        {
            let mut queue = self.lock();
            if queue.free > 0 {
                queue.free -= 1;
                return;
            }
            queue.waiting.push_back((id, std::thread::current()));
            self.waiting.fetch_add(1, Ordering::Relaxed);
        }
        while !self.admitted[id].swap(false, Ordering::Acquire) {
            std::thread::park();
        }
    }

    /// A helper gives its core to the first waiting helper, if any.
    fn leave(&self) {
        let mut queue = self.lock();
        match queue.waiting.pop_front() {
            Some((next, thread)) => {
                self.waiting.fetch_sub(1, Ordering::Relaxed);
                self.admitted[next].store(true, Ordering::Release);
                thread.unpark();
            }
            None => queue.free += 1,
        }
    }

    /// Helper `id`, holding a core, hands it on if another helper waits, and waits its turn.
    #[inline]
    pub fn take_turns(&self, id: usize) {
        if self.waiting.load(Ordering::Relaxed) > 0 {
            self.leave();
            self.enter(id);
        }
    }
}

/// A core held by a helper thread; dropping it hands the core on.
pub struct Held<'a>(&'a Cores);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.leave();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Twelve helpers on three cores (two for helpers): never more than two hold one at once,
    /// helpers do wait for their turn, and every helper gets all of its turns.
    #[test]
    fn helpers_take_turns_and_never_exceed_the_cores() {
        let cores = Cores::new(13, 3);
        let (running, most, queued) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
        let turns: Vec<AtomicUsize> = (0..13).map(|_| AtomicUsize::new(0)).collect();
        // On a loaded machine the first helpers could finish all their turns before the others
        // even ask for a core; so a helper starts its turns only once another is queued, or once
        // every helper has had a core (within ten seconds).
        let entered = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for id in 1..13 {
                let (cores, running, most, queued, turns, entered) =
                    (&cores, &running, &most, &queued, &turns, &entered);
                scope.spawn(move || {
                    let _core = cores.hold(id);
                    entered.fetch_add(1, Ordering::SeqCst);
                    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
                    while cores.waiting.load(Ordering::SeqCst) == 0
                        && entered.load(Ordering::SeqCst) < 12
                        && std::time::Instant::now() < deadline
                    {
                        std::thread::yield_now();
                    }
                    for _ in 0..200 {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        queued.fetch_max(cores.waiting.load(Ordering::SeqCst), Ordering::SeqCst);
                        turns[id].fetch_add(1, Ordering::SeqCst);
                        for _ in 0..1000 {
                            std::hint::spin_loop();
                        }
                        running.fetch_sub(1, Ordering::SeqCst);
                        cores.take_turns(id);
                    }
                });
            }
        });
        assert!(most.load(Ordering::SeqCst) <= 2, "{most:?}");
        assert!(queued.load(Ordering::SeqCst) > 0, "no helper ever waited");
        assert!(turns[1..].iter().all(|t| t.load(Ordering::SeqCst) == 200));
        // Everything handed back: two free cores, nobody waiting.
        assert_eq!(cores.lock().free, 2);
        assert_eq!(cores.waiting.load(Ordering::SeqCst), 0);
    }
}
