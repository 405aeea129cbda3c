//! Searches over lines of play (AN-1, AN-2), one position at a time: the plain exhaustive search
//! that the tests hold the tables to, and the search that values a position inside the tables'
//! cycles with a line before it.

use mancala_core::{MAX_PITS, NoObserver, Position, Side};

use crate::{Bounds, Tables, lead, move_value, net};

/// The positions of a line, board and player to move (AN-2).
#[derive(Debug, Default, Clone)]
pub struct Line {
    keys: Vec<([u8; MAX_PITS], Side)>,
}

impl Line {
    fn key(pos: &Position) -> ([u8; MAX_PITS], Side) {
        let mut board = [0u8; MAX_PITS];
        board[..pos.board().len()].copy_from_slice(pos.board());
        (board, pos.turn())
    }

    /// Adds `pos` at the end of the line.
    pub fn push(&mut self, pos: &Position) {
        self.keys.push(Line::key(pos));
    }

    /// Takes the last position off the line.
    pub fn pop(&mut self) {
        self.keys.pop();
    }

    /// Whether `pos` is on the line.
    #[must_use]
    pub fn contains(&self, pos: &Position) -> bool {
        let key = Line::key(pos);
        self.keys.contains(&key)
    }
}

/// What a line that comes back to `pos` scores from `pos`'s player to move (AN-2): the game ends
/// there by repetition, with C-6's settlement.
#[must_use]
pub fn repetition(pos: &Position) -> i8 {
    let mut ended = *pos;
    ended.end_by_repetition(&mut NoObserver);
    lead(&ended, pos.turn()) - lead(pos, pos.turn())
}

/// The value of `pos` for its player to move after the positions of `line` (AN-1, AN-2), by
/// the plainest search: every line to the end of the game or its first repetition, no tables.
/// Exponential: for tiny boards, to check the tables with.
#[must_use]
pub fn exhaustive(pos: &Position, line: &mut Line) -> i8 {
    let most = pos.seeds_on_board() as i16;
    alpha_beta(pos, line, -most, most) as i8
}

/// [`exhaustive`] in the window `alpha ..= beta` (fail-hard: a value outside it is given as the
/// window's nearer end, exact inside it). No line can win more than the seeds on the board, so
/// the window `-b ..= b` loses nothing. (In 16 bits: a window shifted by a move's net can pass
/// 127 seeds.)
fn alpha_beta(pos: &Position, line: &mut Line, mut alpha: i16, beta: i16) -> i16 {
    if pos.is_over() {
        return 0.clamp(alpha, beta);
    }
    line.push(pos);
    for (_, after) in pos.children() {
        if alpha >= beta {
            break;
        }
        let (net, same) = (i16::from(net(pos, &after, pos.turn())), after.turn() == pos.turn());
        // The value of `after` for its own player to move.
        let then = if after.is_over() {
            0
        } else if line.contains(&after) {
            i16::from(repetition(&after))
        } else if same {
            alpha_beta(&after, line, alpha - net, beta - net)
        } else {
            alpha_beta(&after, line, net - beta, net - alpha)
        };
        let value = net + if same || after.is_over() { then } else { -then };
        alpha = alpha.max(value);
    }
    line.pop();
    alpha.min(beta)
}

/// The value of `pos` (in the tables, not over) after the positions of `line`, which lead to it
/// (AN-2). An entry that is not [`Tables::rooted`] is worth its entry whatever the line; one on
/// no cycle because no line from it comes back to the positions before it (they reach it, so it
/// would be on their cycle). Rooted ones are searched, line by line.
pub(crate) fn within(tables: &Tables, pos: &Position, line: &mut Line) -> Bounds {
    let entry = tables.value(pos).expect("a position in the tables");
    if tables.rooted(pos.board(), pos.turn()) != Some(true) {
        return entry;
    }
    line.push(pos);
    let best = pos
        .children()
        .map(|(_, after)| move_value(pos, &after, after_line(tables, pos, &after, line)))
        .reduce(Bounds::max)
        .expect("a position not over has a move (C-8)");
    line.pop();
    best
}

/// The value of `after`, a position after a move from `pos`, the line up to `pos` being `line`
/// (AN-2): nothing once over; the settlement if it repeats a position of the line; its entry
/// if the move captured (no line from a lower level comes back); else [`within`].
pub(crate) fn after_line(tables: &Tables, pos: &Position, after: &Position, line: &mut Line) -> Bounds {
    if after.is_over() {
        Bounds::exact(0)
    } else if line.contains(after) {
        Bounds::exact(repetition(after))
    } else if after.seeds_on_board() < pos.seeds_on_board() {
        tables.value(after).expect("a lower level")
    } else {
        within(tables, after, line)
    }
}
