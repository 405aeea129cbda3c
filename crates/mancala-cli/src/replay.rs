//! `mancala replay`: the start position, then the position after each move.

use mancala_core::Game;

use crate::args::{self, Args, position_json};

pub fn run(args: &mut Args) -> Result<(), String> {
    let mut game = Game::new(args::start(args)?);
    let moves = args::moves(args)?;
    args.done()?;
    println!("{}", position_json(game.position()));
    for (ply, m) in moves.into_iter().enumerate() {
        let pos = game.play(m).map_err(|e| args::illegal(ply + 1, m, &e))?;
        println!("{}", position_json(pos));
    }
    Ok(())
}
