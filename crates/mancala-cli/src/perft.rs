//! `mancala perft`: move-sequence counts to check other implementations.

use serde_json::json;

use crate::args::{self, Args};

pub fn run(args: &mut Args) -> Result<(), String> {
    let depth: u32 = args.parsed("--depth")?.ok_or("--depth is required")?;
    let game = args::game(args)?;
    args.done()?;
    for d in 1..=depth {
        println!("{}", json!({"depth": d, "nodes": mancala_core::perft(game.position(), d)}));
    }
    Ok(())
}
