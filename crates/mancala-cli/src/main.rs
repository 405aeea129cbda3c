//! `mancala`: the engine on the command line, JSON out, one object a line.

mod ai;
mod analyse;
mod args;
mod bench;
mod games;
mod matches;
mod perft;
mod replay;
mod tables;

use args::Args;

const USAGE: &str = "usage: mancala <replay|ai|analyse|match|bench|perft|tables|games> [options]
  replay --game ID [--board N,N,…] [--stores S,N] [--first south|north] [options] --moves 3,9,… (or letters: c,E,…)
  ai     --game ID [position and --moves as replay] (--level L | --time-ms T)
  analyse --game ID [position and --moves as replay] [--level L | --nodes N] [--table-seeds K]
         the value of every legal move (AN-1): exact from the endgame tables, else searched
  match  --game ID --a L1 --b L2 --games N [--seed S]
  bench  [--game ID] [--games N] [--seed S]
  perft  --game ID [position and --moves as replay] --depth D
  tables --game ID [--max-seeds K] [--verify] [--levels]   endgame tables: build, count, check
  games  each game with its options (id, rules, values, defaults)
options: --free-choice, --random-setup SEED, --seeds-per-pit 4,
         --last-four second-to-last|first-final|lot, --lot-seed N";

fn main() {
    let mut items: Vec<String> = std::env::args().skip(1).collect();
    if items.is_empty() || items[0] == "--help" || items[0] == "-h" {
        println!("{USAGE}");
        return;
    }
    let command = items.remove(0);
    let mut args = Args::new(items);
    let result = match command.as_str() {
        "replay" => replay::run(&mut args),
        "ai" => ai::run(&mut args),
        "analyse" => analyse::run(&mut args),
        "match" => matches::run(&mut args),
        "bench" => bench::run(&mut args),
        "perft" => perft::run(&mut args),
        "tables" => tables::run(&mut args),
        "games" => games::run(&mut args),
        other => Err(format!("unknown command \"{other}\"\n{USAGE}")),
    }
    .and_then(|()| args.done());
    if let Err(message) = result {
        // Errors that are already JSON objects pass through as they are.
        if message.starts_with('{') {
            println!("{message}");
        } else {
            println!("{}", serde_json::json!({ "error": message }));
        }
        std::process::exit(1);
    }
}
