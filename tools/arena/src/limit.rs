//! Time controls and the clocks the arena keeps for each side.
//!
//! Clock rules (those of USI GUIs): a side's main time runs down while it thinks; once it is
//! used up, each move may take up to the byoyomi; after a move within time the increment is
//! added. A move that takes longer than the main time plus byoyomi plus the arena's margin loses
//! on time. `movetime` moves lose when they exceed `movetime + margin`. Depth- and node-limited
//! moves have no clock; they lose on time only after the arena's hang timeout.

use std::fmt;
use std::time::Duration;

/// A clock time control: main time, Fischer increment, byoyomi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub base: Duration,
    pub increment: Duration,
    pub byoyomi: Duration,
}

/// What an engine's `go` commands say. At least one part is set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    pub clock: Option<Clock>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// Parses `200ms`, `1.5s` or `2` (seconds) into a duration.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) =
        if let Some(ms) = text.strip_suffix("ms") { (ms, 1e-3) } else { (text.strip_suffix('s').unwrap_or(text), 1.0) };
    match number.parse::<f64>() {
        Ok(value) if value.is_finite() && value >= 0.0 && value * scale < 1e9 && !number.starts_with(['+', '-']) => {
            Ok(Duration::from_secs_f64(value * scale))
        }
        _ => Err(format!("{text:?} is not a duration (200ms, 1.5s or 2)")),
    }
}

impl Clock {
    /// `BASE[+INC]` (each a duration), keeping the byoyomi of `earlier`.
    pub fn parse_tc(text: &str, earlier: Option<Clock>) -> Result<Clock, String> {
        let (base, increment) = match text.split_once('+') {
            Some((base, increment)) => (parse_duration(base)?, parse_duration(increment)?),
            None => (parse_duration(text)?, Duration::ZERO),
        };
        Ok(Clock { base, increment, ..earlier.unwrap_or_default() })
    }

    /// `earlier` (or no main time) with this byoyomi.
    pub fn with_byoyomi(byoyomi: Duration, earlier: Option<Clock>) -> Clock {
        Clock { byoyomi, ..earlier.unwrap_or_default() }
    }
}

impl Limit {
    /// Whether nothing limits the search.
    pub fn is_empty(&self) -> bool {
        *self == Limit::default()
    }
}

impl fmt::Display for Limit {
    /// A short description for records and summaries: `10s+100ms byoyomi 1s`, `byoyomi 300ms`
    /// (no main time), `movetime 200ms`, `depth 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(clock) = self.clock {
            if !clock.base.is_zero() || !clock.increment.is_zero() || clock.byoyomi.is_zero() {
                let mut text = format!("{:?}", clock.base);
                if !clock.increment.is_zero() {
                    text += &format!("+{:?}", clock.increment);
                }
                parts.push(text);
            }
            if !clock.byoyomi.is_zero() {
                parts.push(format!("byoyomi {:?}", clock.byoyomi));
            }
        }
        if let Some(movetime) = self.movetime {
            parts.push(format!("movetime {movetime:?}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes {nodes}"));
        }
        f.write_str(&parts.join(" "))
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct SideClock {
    limit: Limit,
    /// Main time left (zero once in byoyomi).
    remaining: Duration,
}

/// The move took too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeForfeit;

impl SideClock {
    pub fn new(limit: Limit) -> SideClock {
        SideClock { limit, remaining: limit.clock.map_or(Duration::ZERO, |c| c.base) }
    }

    /// How long the side may think on this move before it loses on time.
    pub fn allowance(&self, margin: Duration, hang_timeout: Duration) -> Duration {
        match (self.limit.clock, self.limit.movetime) {
            (Some(clock), _) => self.remaining + clock.byoyomi + margin,
            (None, Some(movetime)) => movetime + margin,
            (None, None) => hang_timeout,
        }
    }

    /// Charges a move that took `elapsed`: loses on time beyond the allowance, else runs the
    /// main time down (into byoyomi if needed) and adds the increment.
    pub fn charge(&mut self, elapsed: Duration, margin: Duration, hang_timeout: Duration) -> Result<(), TimeForfeit> {
        if elapsed > self.allowance(margin, hang_timeout) {
            return Err(TimeForfeit);
        }
        if let Some(clock) = self.limit.clock {
            self.remaining = self.remaining.saturating_sub(elapsed) + clock.increment;
        }
        Ok(())
    }

    /// The `go` command for the side to move (`own`, `first_to_move` telling which of `btime` /
    /// `wtime` is its own) against the opponent's clock. A side without a clock is sent the
    /// other's numbers for the opponent's fields (or none, when neither has a clock).
    pub fn go_command(own: &SideClock, other: &SideClock, own_is_first: bool) -> String {
        let mut go = String::from("go");
        let ms = |d: Duration| d.as_millis();
        if let Some(clock) = own.limit.clock {
            let other_time = if other.limit.clock.is_some() { other.remaining } else { own.remaining };
            let other_inc = other.limit.clock.map_or(clock.increment, |c| c.increment);
            let (btime, wtime, binc, winc) = if own_is_first {
                (own.remaining, other_time, clock.increment, other_inc)
            } else {
                (other_time, own.remaining, other_inc, clock.increment)
            };
            go += &format!(" btime {} wtime {}", ms(btime), ms(wtime));
            if !clock.increment.is_zero() || !other_inc.is_zero() {
                go += &format!(" binc {} winc {}", ms(binc), ms(winc));
            }
            if !clock.byoyomi.is_zero() {
                go += &format!(" byoyomi {}", ms(clock.byoyomi));
            }
        }
        if let Some(movetime) = own.limit.movetime {
            go += &format!(" movetime {}", ms(movetime));
        }
        if let Some(depth) = own.limit.depth {
            go += &format!(" depth {depth}");
        }
        if let Some(nodes) = own.limit.nodes {
            go += &format!(" nodes {nodes}");
        }
        go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn durations_parse_in_three_spellings() {
        assert_eq!(parse_duration("200ms"), Ok(MS(200)));
        assert_eq!(parse_duration("1.5s"), Ok(MS(1500)));
        assert_eq!(parse_duration("2"), Ok(MS(2000)));
        for bad in ["", "ms", "-1", "+1", "1h", "nan", "inf", "1e12"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn descriptions_name_only_what_is_set() {
        let clock = |base, increment, byoyomi| Limit {
            clock: Some(Clock { base: MS(base), increment: MS(increment), byoyomi: MS(byoyomi) }),
            ..Limit::default()
        };
        assert_eq!(clock(10_000, 100, 1_000).to_string(), "10s+100ms byoyomi 1s");
        assert_eq!(clock(0, 0, 300).to_string(), "byoyomi 300ms");
        assert_eq!(clock(60_000, 0, 0).to_string(), "60s");
        let movetime = Limit { movetime: Some(MS(200)), depth: Some(3), ..Limit::default() };
        assert_eq!(movetime.to_string(), "movetime 200ms depth 3");
    }

    #[test]
    fn main_time_runs_into_byoyomi_then_forfeits() {
        let limit =
            Limit { clock: Some(Clock { base: MS(1000), increment: MS(0), byoyomi: MS(500) }), ..Limit::default() };
        let mut clock = SideClock::new(limit);
        let (margin, hang) = (MS(50), MS(60_000));
        assert_eq!(clock.allowance(margin, hang), MS(1550));
        assert_eq!(clock.charge(MS(700), margin, hang), Ok(()));
        assert_eq!(clock.charge(MS(700), margin, hang), Ok(()), "300 ms main time + 500 ms byoyomi covers 700 ms");
        assert_eq!(clock.allowance(margin, hang), MS(550));
        assert_eq!(clock.charge(MS(540), margin, hang), Ok(()), "within the margin");
        assert_eq!(clock.charge(MS(551), margin, hang), Err(TimeForfeit));
    }

    #[test]
    fn increments_are_added_after_the_move() {
        let limit =
            Limit { clock: Some(Clock { base: MS(1000), increment: MS(100), byoyomi: MS(0) }), ..Limit::default() };
        let mut clock = SideClock::new(limit);
        clock.charge(MS(400), MS(0), MS(0)).unwrap();
        let other = SideClock::new(Limit { depth: Some(2), ..Limit::default() });
        assert_eq!(SideClock::go_command(&clock, &other, false), "go btime 700 wtime 700 binc 100 winc 100");
        assert_eq!(SideClock::go_command(&other, &clock, true), "go depth 2");
    }

    #[test]
    fn movetime_and_untimed_moves() {
        let movetime = SideClock::new(Limit { movetime: Some(MS(200)), ..Limit::default() });
        assert_eq!(movetime.allowance(MS(50), MS(9000)), MS(250));
        let nodes = SideClock::new(Limit { nodes: Some(5000), ..Limit::default() });
        assert_eq!(nodes.allowance(MS(50), MS(9000)), MS(9000));
        assert_eq!(SideClock::go_command(&movetime, &nodes, true), "go movetime 200");
    }
}
