//! The plain search over lines of play (AN-1, AN-2), one position at a time, that the tests hold
//! the tables to.

use mancala_core::{MAX_PITS, NoObserver, Position, Side};

use crate::{Tables, lead, net};

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
    let mut search = Search { known: &|_: &Position, _: &Position| None, budget: u64::MAX };
    search.window(pos, line).unwrap_or_default()
}

/// [`exhaustive`] with the tables valuing each move that captures (no line from a lower level
/// comes back to the line), within `budget` positions: the value of `pos` after `line` (AN-2)
/// for an entry found by a search over lines, whose moves' values as AN-1 gives them (the net
/// plus the entry they lead to) need not give its own. `None` past the budget, or if an entry
/// it needs is not exact.
pub(crate) fn within_level(tables: &Tables, pos: &Position, line: &mut Line, budget: u64) -> Option<i8> {
    let known = |before: &Position, after: &Position| {
        (after.seeds_on_board() < before.seeds_on_board())
            .then(|| tables.value(after).filter(|b| b.is_exact()).map(|b| i16::from(b.lo)))
    };
    Search { known: &known, budget }.window(pos, line)
}

/// A search over lines: `known` gives the value of a position after a move (for its own player
/// to move) that need not be searched, or `Some(None)` where the search must give up.
struct Search<'a> {
    known: &'a dyn Fn(&Position, &Position) -> Option<Option<i16>>,
    budget: u64,
}

impl Search<'_> {
    /// The value of `pos` in the window `-b ..= b`: no line can win more than the seeds on the
    /// board, so it loses nothing.
    fn window(&mut self, pos: &Position, line: &mut Line) -> Option<i8> {
        let most = pos.seeds_on_board() as i16;
        self.alpha_beta(pos, line, -most, most).map(|v| v as i8)
    }

    /// The value of `pos` in the window `alpha ..= beta` (fail-hard: a value outside it is given
    /// as the window's nearer end, exact inside it). In 16 bits: a window shifted by a move's
    /// net can pass 127 seeds.
    fn alpha_beta(&mut self, pos: &Position, line: &mut Line, mut alpha: i16, beta: i16) -> Option<i16> {
        if pos.is_over() {
            return Some(0.clamp(alpha, beta));
        }
        self.budget = self.budget.checked_sub(1)?;
        line.push(pos);
        for (_, after) in pos.children() {
            if alpha >= beta {
                break;
            }
            let (net, same) = (i16::from(net(pos, &after, pos.turn())), after.turn() == pos.turn());
            // The value of `after` for its own player to move.
            let then = if after.is_over() {
                Some(0)
            } else if line.contains(&after) {
                Some(i16::from(repetition(&after)))
            } else if let Some(known) = (self.known)(pos, &after) {
                known
            } else if same {
                self.alpha_beta(&after, line, alpha - net, beta - net)
            } else {
                self.alpha_beta(&after, line, net - beta, net - alpha)
            };
            let Some(then) = then else {
                line.pop();
                return None;
            };
            let value = net + if same || after.is_over() { then } else { -then };
            alpha = alpha.max(value);
        }
        line.pop();
        Some(alpha.min(beta))
    }
}
