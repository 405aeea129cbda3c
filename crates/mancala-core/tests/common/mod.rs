//! Helpers shared by the rule tests.
#![allow(dead_code)]

use mancala_core::{BySide, Move, Options, Position, Setup, Side, Trace, Variant};

/// A position from a board, stores and the player to move.
pub fn position(variant: Variant, options: Options, board: &[u32], stores: [u32; 2], turn: Side) -> Position {
    let setup = Setup {
        variant,
        options,
        board: board.to_vec(),
        stores: BySide { south: stores[0], north: stores[1] },
        turn,
        memory: Default::default(),
    };
    Position::from_setup(&setup).expect("a valid test setup")
}

/// Plays a move that must be legal.
pub fn play(pos: &Position, pit: u8) -> Position {
    pos.play(Move::Sow(pit)).unwrap_or_else(|e| panic!("pit {pit}: {e}"))
}

/// Plays a move that must be legal, with its trace.
pub fn traced(pos: &Position, m: Move) -> (Position, Trace) {
    let mut trace = Trace::default();
    let next = pos.play_traced(m, &mut trace).unwrap_or_else(|e| panic!("{m}: {e}"));
    (next, trace)
}

/// Board and stores as plain numbers, for exact comparisons.
pub fn snapshot(pos: &Position) -> (Vec<u8>, [u8; 2]) {
    (pos.board().to_vec(), [pos.stores().south, pos.stores().north])
}
