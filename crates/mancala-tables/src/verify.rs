//! The check of every entry against its children and the end rules (AN-1), independent of how
//! the entries were found: it plays the moves again with [`Position::children`] and asks that
//! each entry be its best move's value (the net the move captures plus the entry it leads to),
//! a game over at once its settlement, and a pass the next player's entry negated. On a cycle
//! this local check cannot tell the values AN-2 gives from other values that agree with each
//! other round the cycle: the comparison with the plain search in the tests covers that.

use mancala_core::{Position, Side};

use crate::{Bounds, Tables, lead};

/// An entry that does not agree with its children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Its board and player to move.
    pub board: Vec<u8>,
    pub turn: Side,
    /// What the tables hold.
    pub entry: Bounds,
    /// What its children and the rules give.
    pub expected: Bounds,
}

/// Checks every entry; returns those that fail, at most `limit`. An entry that is exact must
/// equal the value its children give; one with bounds must hold it.
pub(crate) fn run(tables: &Tables, limit: usize) -> Vec<Failure> {
    let mut failures = Vec::new();
    let pits = tables.boards.pits();
    for seeds in (0..=tables.max_seeds).step_by(tables.step()) {
        for rank in 0..tables.boards.count(seeds) {
            let board = tables.board(seeds, rank);
            for turn in Side::ALL {
                let entry = tables.entry(&board[..pits], turn).expect("in the tables");
                let expected = expected(tables, &board[..pits], turn);
                let holds = if entry.is_exact() {
                    entry == expected
                } else {
                    entry.lo <= expected.lo && expected.hi <= entry.hi
                };
                if !holds && failures.len() < limit {
                    failures.push(Failure { board: board[..pits].to_vec(), turn, entry, expected });
                }
            }
        }
    }
    failures
}

/// The value of `board` with `turn` to move from its position's children and the end rules.
fn expected(tables: &Tables, board: &[u8], turn: Side) -> Bounds {
    let pos = Position::from_board(tables.variant, tables.options, board, turn);
    if pos.is_over() {
        // Over at once: the settlement (SQ-5, AM-6, AW-6, MG-7), from the empty stores.
        return Bounds::exact(lead(&pos, turn));
    }
    if pos.turn() != turn {
        // A pass (C-8: MG-7, AM-7, AW-2) captures nothing and hands the move on.
        return tables.value(&pos).expect("the same board").neg();
    }
    let moves = tables.moves(&pos).expect("in the tables");
    moves.into_iter().map(|(_, value)| value).reduce(Bounds::max).expect("a position not over has a move (C-8)")
}

#[cfg(test)]
mod tests {
    use mancala_core::{Options, Variant};

    use super::*;

    /// Changes the entry of `board` with `turn` to move by `delta`, and returns what it was.
    fn corrupt(tables: &mut Tables, board: &[u8], turn: Side, delta: i8) -> Bounds {
        let (level, index) = tables.locate(board, turn).expect("in the tables");
        let entry = &mut tables.levels[level].entries[index];
        let was = *entry;
        *entry = was.plus(delta);
        was
    }

    /// AN-1, SQ-4: the tables as built pass; an entry one seed off (South's capture of 2 with its
    /// last seed in its empty pit 1) fails, its children and the rules giving the right value.
    #[test]
    fn a_wrong_entry_fails_the_check() {
        let mut tables = Tables::build(Variant::Sadeqa, Options::default(), 3);
        assert_eq!(tables.verify(10), []);
        let mut board = [0u8; 16];
        (board[0], board[14]) = (1, 2);
        let was = corrupt(&mut tables, &board, Side::South, 1);
        assert_eq!(was, Bounds::exact(3));
        let failures = tables.verify(100);
        let failure = Failure { board: board.to_vec(), turn: Side::South, entry: Bounds::exact(4), expected: was };
        assert!(failures.contains(&failure), "{failures:?}");
    }

    /// AN-2, C-6: an entry on a cycle that is off fails too (Mangala IV's one seed, which loops
    /// round the board and comes back to its owner: +1).
    #[test]
    fn a_wrong_entry_on_a_cycle_fails_the_check() {
        let mut tables = Tables::build(Variant::Mangala, Options { free_choice: true, ..Options::default() }, 2);
        assert_eq!(tables.verify(10), []);
        let mut board = [0u8; 14];
        board[3] = 1;
        assert_eq!(tables.rooted(&board, Side::South), Some(true));
        let was = corrupt(&mut tables, &board, Side::South, -2);
        assert_eq!(was, Bounds::exact(1));
        let failures = tables.verify(100);
        let failure = Failure { board: board.to_vec(), turn: Side::South, entry: Bounds::exact(-1), expected: was };
        assert!(failures.contains(&failure), "{failures:?}");
    }
}
