//! Command-line arguments and the position options shared by every
//! subcommand: `--game`, `--board`, `--stores`, `--first`, the game options
//! and `--moves`.

use mancala_core::{
    BySide, Game, LastFour, MangalaSetup, Move, Options, Position, PositionView, SadeqaSeeds, Setup, Side, Variant,
};
use serde_json::{Value, json};

/// The arguments after the subcommand, consumed as they are read.
#[derive(Debug)]
pub struct Args(Vec<String>);

impl Args {
    pub fn new(items: Vec<String>) -> Args {
        Args(items)
    }

    /// Removes `--name` and returns whether it was there.
    pub fn flag(&mut self, name: &str) -> bool {
        let found = self.0.iter().position(|a| a == name);
        if let Some(i) = found {
            self.0.remove(i);
        }
        found.is_some()
    }

    /// Removes `--name VALUE` and returns the value.
    pub fn value(&mut self, name: &str) -> Result<Option<String>, String> {
        let Some(i) = self.0.iter().position(|a| a == name) else { return Ok(None) };
        if i + 1 >= self.0.len() {
            return Err(format!("{name} needs a value"));
        }
        let value = self.0.remove(i + 1);
        self.0.remove(i);
        Ok(Some(value))
    }

    /// Removes `--name VALUE` and parses the value.
    pub fn parsed<T: std::str::FromStr>(&mut self, name: &str) -> Result<Option<T>, String>
    where
        T::Err: std::fmt::Display,
    {
        match self.value(name)? {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|e| format!("{name} {v}: {e}")),
        }
    }

    /// Fails if anything was not understood; call it once every option is read.
    pub fn done(&self) -> Result<(), String> {
        match self.0.first() {
            None => Ok(()),
            Some(extra) => Err(format!("unknown argument {extra}")),
        }
    }
}

fn numbers(name: &str, text: &str) -> Result<Vec<u32>, String> {
    text.split(',')
        .map(|s| s.trim().parse::<u32>().map_err(|_| format!("{name}: \"{s}\" is not a seed count")))
        .collect()
}

/// The game and options of `--game ID` and the option flags.
pub fn variant_and_options(args: &mut Args) -> Result<(Variant, Options), String> {
    let variant: Variant =
        args.parsed("--game")?.ok_or("--game is required (mangala-iv, sadeqa-iii, al-manqala, anywoli)")?;
    let mut options = Options::default();
    if let Some(first) = args.parsed::<Side>("--first")? {
        options.first = first;
    }
    options.free_choice = args.flag("--free-choice");
    if let Some(seed) = args.parsed::<u64>("--random-setup")? {
        options.setup = MangalaSetup::Random(seed);
    }
    match args.parsed::<u8>("--seeds-per-pit")? {
        None | Some(6) => {}
        Some(4) => options.sadeqa_seeds = SadeqaSeeds::Four,
        Some(n) => return Err(format!("--seeds-per-pit {n}: Sadeqa III has 6 or 4 seeds per pit")),
    }
    if let Some(rule) = args.parsed::<LastFour>("--last-four")? {
        options.last_four = rule;
    }
    if let Some(seed) = args.parsed::<u64>("--lot-seed")? {
        options.lot_seed = seed;
    }
    Ok((variant, options))
}

/// The start position: the game's own, or `--board`/`--stores` as given.
pub fn start(args: &mut Args) -> Result<Position, String> {
    let (variant, options) = variant_and_options(args)?;
    let board = args.value("--board")?;
    let stores = args.value("--stores")?;
    if board.is_none() && stores.is_none() {
        return Ok(Position::new(variant, options));
    }
    let mut setup = Setup::new(variant, options);
    if let Some(board) = board {
        setup.board = numbers("--board", &board)?;
    }
    if let Some(stores) = stores {
        match numbers("--stores", &stores)?[..] {
            [south, north] => setup.stores = BySide { south, north },
            _ => return Err("--stores takes two counts: south,north".into()),
        }
    }
    Position::from_setup(&setup).map_err(|e| e.to_string())
}

/// The moves of `--moves 3,9,split,…` on a board of `pits_per_row` pits a row: pit numbers, or
/// the letters the page's move list shows (`c,E,b`), or both.
pub fn moves(args: &mut Args, pits_per_row: u8) -> Result<Vec<Move>, String> {
    match args.value("--moves")? {
        None => Ok(Vec::new()),
        Some(text) if text.trim().is_empty() => Ok(Vec::new()),
        Some(text) => {
            text.split(',').map(|m| Move::from_notation(m, pits_per_row).map_err(|e| e.to_string())).collect()
        }
    }
}

/// A move that could not be played, as the JSON error object.
pub fn illegal(ply: usize, m: Move, reason: &dyn std::fmt::Display) -> String {
    json!({"error": "illegal move", "ply": ply, "move": m.to_string(), "reason": reason.to_string()}).to_string()
}

/// The start position with `--moves` played, stopping at the first illegal
/// move with its JSON error.
pub fn game(args: &mut Args) -> Result<Game, String> {
    let mut game = Game::new(start(args)?);
    let pits_per_row = game.position().variant().pits_per_row();
    for (ply, m) in moves(args, pits_per_row)?.into_iter().enumerate() {
        game.play(m).map_err(|e| illegal(ply + 1, m, &e))?;
    }
    Ok(game)
}

/// A position as the command line prints it.
pub fn position_json(pos: &Position) -> Value {
    serde_json::to_value(PositionView::from(pos)).unwrap_or_default()
}
