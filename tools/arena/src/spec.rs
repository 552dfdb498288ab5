//! Engine specifications: `--engine key=value ...` and `--each key=value ...`, in the style of
//! cutechess-cli and fastchess.

use crate::limit::{parse_duration, Clock, Limit};
use std::path::PathBuf;

/// How to start one engine and how it plays.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name in progress lines, the summary and game records.
    pub name: String,
    /// The program to run.
    pub command: PathBuf,
    /// Its arguments, in order.
    pub args: Vec<String>,
    /// Its working directory (the arena's own when `None`).
    pub dir: Option<PathBuf>,
    /// `setoption name <id> value <x>` sent after `usiok`, in order.
    pub options: Vec<(String, String)>,
    /// What each `go` of this engine says.
    pub limit: Limit,
}

/// The keys an engine specification understands (the help text of `--engine` lists them).
pub const KEYS: &str = "cmd=PROGRAM name=NAME arg=ARG (repeatable) dir=DIR option.NAME=VALUE \
tc=BASE[+INC] byoyomi=T movetime=T depth=N nodes=N (T: 200ms, 1.5s or 2)";

impl EngineSpec {
    /// Builds an engine from its `key=value` items, the `--each` items applying first (so the
    /// engine's own items override them, except `arg` and `option.*`, which accumulate).
    pub fn parse(each: &[String], own: &[String]) -> Result<EngineSpec, String> {
        let mut command = None;
        let mut name = None;
        let mut args = Vec::new();
        let mut dir = None;
        let mut options: Vec<(String, String)> = Vec::new();
        let mut limit = Limit::default();
        for item in each.iter().chain(own) {
            let (key, value) =
                item.split_once('=').ok_or_else(|| format!("engine item {item:?} is not key=value ({KEYS})"))?;
            match key {
                "cmd" => command = Some(PathBuf::from(value)),
                "name" => name = Some(value.to_string()),
                "arg" => args.push(value.to_string()),
                "dir" => dir = Some(PathBuf::from(value)),
                "tc" => limit.clock = Some(Clock::parse_tc(value, limit.clock)?),
                "byoyomi" => limit.clock = Some(Clock::with_byoyomi(parse_duration(value)?, limit.clock)),
                "movetime" => limit.movetime = Some(parse_duration(value)?),
                "depth" => limit.depth = Some(parse_count(key, value)?),
                "nodes" => limit.nodes = Some(parse_count(key, value)?),
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.retain(|(known, _)| known != option);
                        options.push((option.to_string(), value.to_string()));
                    }
                    _ => return Err(format!("unknown engine key {key:?} (keys: {KEYS})")),
                },
            }
        }
        let command = command.ok_or_else(|| format!("an engine needs cmd=PROGRAM (keys: {KEYS})"))?;
        if limit.is_empty() {
            return Err(format!(
                "engine {} has no time control: give tc, byoyomi, movetime, depth or nodes",
                command.display()
            ));
        }
        let name = name.unwrap_or_else(|| {
            command.file_name().map_or_else(|| command.display().to_string(), |f| f.to_string_lossy().into_owned())
        });
        Ok(EngineSpec { name, command, args, dir, options, limit })
    }
}

impl EngineSpec {
    /// How the engine is started and set up, as items: `cmd=... arg=... dir=... option.X=Y`.
    pub fn setup(&self) -> String {
        let mut items = vec![format!("cmd={}", self.command.display())];
        items.extend(self.args.iter().map(|arg| format!("arg={arg}")));
        items.extend(self.dir.iter().map(|dir| format!("dir={}", dir.display())));
        items.extend(self.options.iter().map(|(name, value)| format!("option.{name}={value}")));
        items.join(" ")
    }
}

fn parse_count<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    match value.parse::<T>() {
        Ok(n) if !value.starts_with('0') => Ok(n),
        _ => Err(format!("{key}={value}: expected a positive whole number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn items(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn engine_items_become_a_spec() {
        let spec = EngineSpec::parse(
            &items("tc=10+0.1 option.Threads=1"),
            &items("cmd=/bin/engine arg=-x arg=y option.Threads=2 option.USI_Hash=16 depth=3"),
        )
        .unwrap();
        assert_eq!(spec.name, "engine");
        assert_eq!(spec.args, ["-x", "y"]);
        assert_eq!(spec.options, [("Threads".into(), "2".into()), ("USI_Hash".into(), "16".into())]);
        assert_eq!(spec.limit.depth, Some(3));
        let clock = spec.limit.clock.unwrap();
        assert_eq!((clock.base, clock.increment), (Duration::from_secs(10), Duration::from_millis(100)));
    }

    #[test]
    fn option_names_may_hold_blanks() {
        let own = ["cmd=/bin/engine".to_string(), "option.Skill Level=5".into(), "depth=1".into()];
        let spec = EngineSpec::parse(&[], &own).unwrap();
        assert_eq!(spec.options, [("Skill Level".into(), "5".into())]);
        assert_eq!(spec.setup(), "cmd=/bin/engine option.Skill Level=5");
    }

    #[test]
    fn bad_items_are_refused_with_a_reason() {
        for bad in [
            "name=x depth=1",
            "cmd=e",
            "cmd=e depth=0",
            "cmd=e depth=x",
            "cmd=e colour=red",
            "cmd=e tc=fast",
            "cmd=e nodes",
        ] {
            assert!(EngineSpec::parse(&[], &items(bad)).is_err(), "{bad}");
        }
    }
}
