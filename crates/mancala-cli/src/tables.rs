//! `mancala tables`: builds a game's endgame tables (issue 11 §1), and checks them with
//! `--verify`; `--levels` prints each level's figures before the summary; `--out FILE` writes
//! them as a file for the page to fetch (`Tables::to_file`); `--shipped DIR` writes every file
//! the site ships.

use std::time::Instant;

use mancala_core::{Options, Variant};
use mancala_tables::{LevelStats, MOST_POSITIONS, Tables, shipped};
use serde_json::{Value, json};

use crate::args::{self, Args};

pub fn run(args: &mut Args) -> Result<(), String> {
    if let Some(dir) = args.value("--shipped")? {
        args.done()?;
        return write_shipped(&dir);
    }
    let (variant, options) = args::variant_and_options(args)?;
    let max_seeds: usize = args.parsed("--max-seeds")?.unwrap_or(shipped::max_seeds(variant));
    let verify = args.flag("--verify");
    let levels = args.flag("--levels");
    let out = args.value("--out")?;
    args.done()?;
    if let Some(why) = mancala_tables::no_tables(variant, &options) {
        return Err(why.into());
    }
    let pits = u64::from(variant.pits_per_row()) * 2;
    // Boards of at most k seeds on m pits: C(k + m, m), each player to move.
    let positions = (1..=pits).fold(1u64, |c, i| c.saturating_mul(max_seeds as u64 + i) / i).saturating_mul(2);
    if positions > MOST_POSITIONS {
        return Err(format!(
            "--max-seeds {max_seeds}: {} has about {positions} positions of at most that many seeds, \
             more than this command builds ({MOST_POSITIONS})",
            variant.id()
        ));
    }
    let (mut summary, ok, tables) = build(variant, options, max_seeds, verify, levels);
    if let (true, Some(out)) = (ok, out) {
        write(&tables, &out, &mut summary)?;
    }
    if ok {
        println!("{summary}");
        Ok(())
    } else {
        Err(summary.to_string())
    }
}

/// `--shipped DIR`: every file the site ships (`shipped::all`) written into `dir`, built at once
/// (one thread a file: about 3 GiB at the peak), a summary line each.
fn write_shipped(dir: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("--shipped {dir}: {e}"))?;
    let lines: Vec<Result<Value, String>> = std::thread::scope(|s| {
        let builds: Vec<_> = shipped::all()
            .map(|(variant, options)| {
                s.spawn(move || {
                    let (mut summary, _, tables) = build(variant, options, shipped::max_seeds(variant), false, false);
                    write(&tables, &format!("{dir}/{}", shipped::file_name(variant)), &mut summary).map(|()| summary)
                })
            })
            .collect();
        builds.into_iter().map(|b| b.join().expect("a table build does not panic")).collect()
    });
    for line in lines {
        println!("{}", line?);
    }
    Ok(())
}

/// Builds (and checks, if `verify`) the tables: the summary line, whether they passed, and the
/// tables.
fn build(variant: Variant, options: Options, max_seeds: usize, verify: bool, levels: bool) -> (Value, bool, Tables) {
    let clock = Instant::now();
    let tables = Tables::build_with(variant, options, max_seeds, |s| {
        if levels {
            println!("{}", level_json(s));
        }
    });
    let failures = if verify { tables.verify(3) } else { Vec::new() };
    let mut summary = json!({
        "game": variant.id(), "max_seeds": max_seeds, "positions": tables.positions(),
        "seconds": (clock.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        "verified": verify && failures.is_empty(),
    });
    if failures.is_empty() {
        return (summary, true, tables);
    }
    summary["failures"] = failures
        .iter()
        .map(|f| {
            json!({"board": f.board, "turn": f.turn.name(), "entry": [f.entry.lo, f.entry.hi],
                   "expected": [f.expected.lo, f.expected.hi]})
        })
        .collect();
    (summary, false, tables)
}

/// Writes `tables` as a file to `out`, checked by decoding it again (entry by entry), and adds
/// its size and the seconds to encode and decode it to `summary`.
fn write(tables: &Tables, out: &str, summary: &mut Value) -> Result<(), String> {
    let clock = Instant::now();
    let bytes = tables.to_file()?;
    let encoded = clock.elapsed().as_secs_f64();
    let clock = Instant::now();
    let back = Tables::from_file(&bytes).map_err(|e| e.to_string())?;
    let decoded = clock.elapsed().as_secs_f64();
    if !back.same_entries(tables) {
        return Err("the file does not decode to the tables built".into());
    }
    std::fs::write(out, &bytes).map_err(|e| format!("--out {out}: {e}"))?;
    let ms = |s: f64| (s * 1000.0).round() / 1000.0;
    summary["file"] = json!(out);
    summary["bytes"] = json!(bytes.len());
    summary["encode_seconds"] = json!(ms(encoded));
    summary["decode_seconds"] = json!(ms(decoded));
    Ok(())
}

/// One level's figures.
fn level_json(s: &LevelStats) -> Value {
    json!({
        "seeds": s.seeds, "positions": s.positions, "moves_within": s.moves_within,
        "components": s.components, "in_cycles": s.in_cycles, "largest": s.largest,
        "exact": s.exact, "searched": s.searched, "given_up": s.given_up,
        "seconds": (s.seconds * 1000.0).round() / 1000.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 11 §2's line: the game, the seeds, the entries (boards of at most 3 seeds on 16
    /// pits: C(19, 16) = 969, each player to move), the time and whether they were checked.
    #[test]
    fn the_summary_is_the_contract() {
        let (summary, ok, _) = build(Variant::Sadeqa, Options::default(), 3, true, false);
        assert!(ok);
        let keys: Vec<&str> = summary.as_object().expect("an object").keys().map(String::as_str).collect();
        assert_eq!(keys, ["game", "max_seeds", "positions", "seconds", "verified"]);
        assert_eq!(
            (&summary["game"], &summary["max_seeds"], &summary["positions"], &summary["verified"]),
            (&json!("sadeqa-iii"), &json!(3), &json!(1938), &json!(true))
        );
        assert!(summary["seconds"].as_f64().is_some_and(|s| s >= 0.0));
        let (unchecked, ..) = build(Variant::Manqala, Options::default(), 2, false, false);
        assert_eq!((&unchecked["positions"], &unchecked["verified"]), (&json!(212), &json!(false)));
    }

    /// `--out FILE` writes the tables as a file that decodes to them (`Tables::from_file`).
    #[test]
    fn out_writes_the_file() {
        let file = std::env::temp_dir().join(format!("mancala-tables-{}.bin", std::process::id()));
        let words = ["--game", "al-manqala", "--max-seeds", "4", "--out", file.to_str().expect("a path")];
        run(&mut Args::new(words.iter().map(|&w| w.to_owned()).collect())).expect("written");
        let tables = Tables::from_file(&std::fs::read(&file).expect("read")).expect("decodes");
        std::fs::remove_file(&file).expect("removed");
        let built = Tables::build(Variant::Manqala, Options::default(), 4);
        assert_eq!((tables.max_seeds(), tables.positions()), (4, built.positions()));
        assert!(tables.entries().eq(built.entries()));
    }
}
