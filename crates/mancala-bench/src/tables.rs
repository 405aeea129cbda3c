//! The endgame tables natively (issue 11's benchmarks): each game's default tables (`mancala
//! tables --game G`: Mangala IV free choice ≤ 11 seeds, Sadeqa III ≤ 10, Al-manqala ≤ 12, Anywoli's
//! 8-seed level) built once, with their build time, positions/s and size at one byte an entry.
//! One run each: a build takes from seconds to a minute (docs/tables.md has medians of three).

use std::process::Command;

use serde_json::Value;
use xtask::util::{self, Result};

use crate::{Ctx, GAMES, Row, Section, Unit};

pub fn native(ctx: &mut Ctx, section: &mut Section) -> Result {
    let bin = ctx.mancala()?;
    section.per_game();
    let mut built: Vec<Option<Value>> = Vec::new();
    for game in GAMES {
        let mut cmd = Command::new(&bin);
        cmd.args(["tables", "--game", game]);
        // Forced play has one move a position and no tables (MG-4): Mangala IV's are free choice's.
        if game == "mangala-iv" {
            cmd.arg("--free-choice");
        }
        let out = util::output(&mut cmd)?;
        let line: Option<Value> = out.lines().last().and_then(|l| serde_json::from_str(l).ok());
        util::say(format_args!("{game}: {}", out.trim()));
        built.push(line);
    }
    let field = |key: &str| built.iter().map(|b| b.as_ref().and_then(|v| v[key].as_f64())).collect::<Vec<_>>();
    let (positions, seconds) = (field("positions"), field("seconds"));
    let rate = positions.iter().zip(&seconds).map(|(p, s)| Some(p.as_ref()? / s.filter(|s| *s > 0.0)?)).collect();
    section.rows = vec![
        Row::new("tables: seeds on the board, at most", Unit::Count, field("max_seeds")),
        Row::new("tables: positions", Unit::Count, positions.clone()),
        Row::new("tables: build time", Unit::Millis, seconds.iter().map(|s| s.map(|s| s * 1000.0)).collect()),
        Row::new("tables: positions/s", Unit::PerSecond, rate),
        Row::new("tables: raw size, one byte an entry", Unit::Bytes, positions)
            .note("compressed sizes (gzip, xz, South's entries only) in docs/tables.md"),
    ];
    section.data = Value::Array(built.into_iter().map(Option::unwrap_or_default).collect());
    Ok(())
}
