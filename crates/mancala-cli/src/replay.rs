//! `mancala replay`: the start position, then the position after each move.

use mancala_core::Game;
use serde_json::Value;

use crate::args::{self, Args, position_json};

pub fn run(args: &mut Args) -> Result<(), String> {
    replay(args, &mut |line| println!("{line}"))
}

/// Gives `out` each line as it is known, the start first; stops at the
/// first illegal move with its JSON error.
fn replay(args: &mut Args, out: &mut dyn FnMut(Value)) -> Result<(), String> {
    let mut game = Game::new(args::start(args)?);
    let moves = args::moves(args, game.position().variant().pits_per_row())?;
    args.done()?;
    out(position_json(game.position()));
    for (ply, m) in moves.into_iter().enumerate() {
        let pos = game.play(m).map_err(|e| args::illegal(ply + 1, m, &e))?;
        out(position_json(pos));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Args, replay};

    /// The lines `mancala replay` prints for these arguments.
    fn lines(args: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let mut args = Args::new(args.split(' ').map(String::from).collect());
        replay(&mut args, &mut |line| lines.push(line.to_string())).expect("a legal replay");
        lines
    }

    /// C-1: moves in the page's letters (South a… from its left, North A… from North's left)
    /// replay as their pit numbers do.
    #[test]
    fn letters_are_moves_too() {
        assert_eq!(lines("--game sadeqa-iii --moves c,E,b"), lines("--game sadeqa-iii --moves 2,12,1"));
        assert_eq!(lines("--game anywoli --moves l,A"), lines("--game anywoli --moves 11,12"));
    }

    /// AM-8: the capture that reaches fifty also empties the board; the end
    /// is fifty, not board-empty.
    #[test]
    fn replay_reports_fifty_when_the_fiftieth_seed_empties_the_board() {
        let lines = lines("--game al-manqala --board 0,0,0,0,0,2,1,1,0,0,0,0,0,0 --stores 46,48 --moves 5");
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[1],
            r#"{"board":[0,0,0,0,0,0,0,0,0,0,0,0,0,0],"stores":{"south":50,"north":48},"toMove":null,"legal":[],"over":true,"end":{"winner":"south","reason":"fifty"}}"#
        );
    }
}
