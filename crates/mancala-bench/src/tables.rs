//! The endgame tables (issue 11's benchmarks). Natively: each game's default tables (`mancala
//! tables --game G --out FILE`: Mangala IV free choice ≤ 11 seeds, Sadeqa III ≤ 10, Al-manqala
//! ≤ 12, Anywoli's 8-seed level) built once, with their build time, positions/s, raw size, and
//! the file the site ships (its size, encoded and decoded natively), and the analysis of a
//! position at each level (`mancala analyse`). In the browser: the worker's quick tables built in
//! its wasm, the files fetched and decoded there, and the same analyses. One run each: a build
//! takes from seconds to a minute (docs/tables.md has medians of three).

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use serde_json::Value;
use xtask::util::{self, Context, Result};

use crate::{Ctx, GAMES, Row, Section, Unit};

/// The levels analysed, weakest first (mancala-ai's ids).
const LEVELS: [&str; 5] = ["beginner", "easy", "medium", "hard", "expert"];

/// One endgame position per game within its shipped tables (link notation: board, stores, the
/// player to move), analysed at each level natively and in the browser.
const POSITIONS: [&str; 4] = [
    "2,1,0,1,0,1,0,0,2,0,1,1,0,2 44,43 south",
    "1,1,1,0,0,1,1,0,0,1,0,0,1,1,1,0 43,44 south",
    "1,0,2,0,1,1,0,0,2,0,1,2,1,1 44,42 south",
    "0,0,1,0,2,0,0,0,0,1,0,0,0,0,0,3,0,0,0,1,0,0,0,0 44,44 south",
];

/// Where the native section writes the files, for the browser section to serve.
fn files_dir() -> PathBuf {
    util::target_dir().join("bench/tables")
}

/// `mancala tables` (or `analyse`) for `game`, Mangala IV with free choice (MG-4: forced play
/// has one move a position and no tables).
fn mancala(bin: &PathBuf, what: &str, game: &str) -> Command {
    let mut cmd = Command::new(bin);
    cmd.args([what, "--game", game]);
    if game == "mangala-iv" {
        cmd.arg("--free-choice");
    }
    cmd
}

pub fn native(ctx: &mut Ctx, section: &mut Section) -> Result {
    let bin = ctx.mancala()?;
    section.per_game();
    let dir = files_dir();
    std::fs::create_dir_all(&dir).at(&dir)?;
    let mut built: Vec<Option<Value>> = Vec::new();
    for game in GAMES {
        let file = dir.join(format!("{game}.bin"));
        let out = util::output(mancala(&bin, "tables", game).arg("--out").arg(&file))?;
        let line: Option<Value> = out.lines().last().and_then(|l| serde_json::from_str(l).ok());
        util::say(format_args!("{game}: {}", out.trim()));
        built.push(line);
    }
    let field = |key: &str| built.iter().map(|b| b.as_ref().and_then(|v| v[key].as_f64())).collect::<Vec<_>>();
    let ms = |key: &str| field(key).iter().map(|s| s.map(|s| s * 1000.0)).collect::<Vec<_>>();
    let (positions, seconds) = (field("positions"), field("seconds"));
    let rate = positions.iter().zip(&seconds).map(|(p, s)| Some(p.as_ref()? / s.filter(|s| *s > 0.0)?)).collect();
    let bytes = field("bytes");
    let total: f64 = bytes.iter().flatten().sum();
    section.rows = vec![
        Row::new("tables: seeds on the board, at most", Unit::Count, field("max_seeds")),
        Row::new("tables: positions", Unit::Count, positions.clone()),
        Row::new("tables: build time", Unit::Millis, ms("seconds")),
        Row::new("tables: positions/s", Unit::PerSecond, rate),
        Row::new("tables: raw size, one byte an entry", Unit::Bytes, positions)
            .note("compressed sizes (gzip, xz, South's entries only) in docs/tables.md"),
        Row::new("tables: the file shipped (tables/G.bin)", Unit::Bytes, bytes)
            .note(format!("{:.0} kB for all four (issue 11's goal: 2 MB)", total / 1000.0)),
        Row::new("tables: file encoded", Unit::Millis, ms("encode_seconds")),
        Row::new("tables: file decoded", Unit::Millis, ms("decode_seconds")),
    ];
    for level in LEVELS {
        let cells = GAMES
            .iter()
            .zip(POSITIONS)
            .map(|(game, pos)| {
                let [board, stores, turn] = pos.split(' ').collect::<Vec<_>>()[..] else { return None };
                let mut cmd = mancala(&bin, "analyse", game);
                cmd.args(["--board", board, "--stores", stores, "--first", turn]);
                cmd.args(["--level", level, "--table-seeds", "0"]);
                let clock = Instant::now();
                util::output(&mut cmd).ok()?;
                Some(clock.elapsed().as_secs_f64() * 1000.0)
            })
            .collect();
        section.rows.push(
            Row::new(format!("analysis of an endgame, {level} (no tables)"), Unit::Millis, cells)
                .note("`mancala analyse`, one run, the process included"),
        );
    }
    section.data = Value::Array(built.into_iter().map(Option::unwrap_or_default).collect());
    Ok(())
}

pub fn browser(ctx: &mut Ctx, section: &mut Section) -> Result {
    section.per_game();
    // The files the native section wrote, if the site has none of its own.
    let site = ctx.site_dir()?.join("tables");
    if !site.is_dir() && files_dir().is_dir() {
        std::fs::create_dir_all(&site).at(&site)?;
        for game in GAMES {
            let from = files_dir().join(format!("{game}.bin"));
            if from.is_file() {
                std::fs::copy(&from, site.join(format!("{game}.bin"))).at(&from)?;
            }
        }
    }
    let positions = POSITIONS.join(";");
    let out = ctx.browser("tables", &[("POSITIONS", positions), ("LEVELS", LEVELS.join(","))])?;
    let games = |key: &str| GAMES.iter().map(|g| out["games"][g][key].as_f64()).collect::<Vec<_>>();
    section.rows = vec![
        Row::new("quick tables in the worker's wasm: seeds, at most", Unit::Count, games("quick_seeds")),
        Row::new("quick tables: build time", Unit::Millis, games("quick_ms")),
        Row::new("quick tables: positions/s", Unit::PerSecond, games("quick_per_s")),
        Row::new("tables file: fetched", Unit::Millis, games("fetch_ms")),
        Row::new("tables file: decoded", Unit::Millis, games("decode_ms")),
        Row::new("tables file: positions/s decoded", Unit::PerSecond, games("decode_per_s")),
    ];
    for (key, what) in [("analysis_no_tables_ms", "no tables"), ("analysis_ms", "shipped tables")] {
        for level in LEVELS {
            let cells = GAMES.iter().map(|g| out["games"][g][key][level].as_f64()).collect();
            section.rows.push(
                Row::new(format!("analysis of an endgame, {level} ({what})"), Unit::Millis, cells)
                    .note("the worker's hints for every move, its wasm on the page's thread"),
            );
        }
    }
    section.data = out;
    Ok(())
}
