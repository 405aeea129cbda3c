//! The legal moves of a position together with the position after each, one
//! sowing per move: the sowing that plays a move is the one that shows it is
//! not endless (C-5), so nothing is sown twice.

use crate::moves::PitSet;
use crate::sow::Sown;
use crate::{Move, NoObserver, Pit, Position, SplitMix64};

/// The legal sowing moves of a position, each with the position after it
/// (C-8 applied: passes and ends included), made by [`Position::children`].
/// As an iterator it yields them in increasing pit order, as
/// [`Position::legal_moves`] lists them; [`Children::choose`] draws one at
/// random instead. Al-manqala's split (AM-9), always allowed, is not among
/// them. Repetition (C-6) needs the history and is the caller's.
///
/// ```
/// use mancala_core::{Move, Options, Position, Variant};
///
/// let start = Position::new(Variant::Sadeqa, Options::default());
/// let moves: Vec<Move> = start.children().map(|(m, _)| m).collect();
/// assert_eq!(moves, start.legal_moves().iter().collect::<Vec<_>>());
/// for (m, after) in start.children() {
///     assert_eq!(start.play(m), Ok(after));
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Children<'a> {
    parent: &'a Position,
    /// The pits not yet tried that pass every rule but C-5.
    pits: PitSet,
}

impl Position {
    /// The legal moves with the position after each, sowing each move once
    /// (see [`Children`]). None once the game is over.
    #[must_use]
    pub fn children(&self) -> Children<'_> {
        self.children_among(self.sowable)
    }

    /// [`Position::children`] from `pits`, the position's sowable pits as the caller already
    /// holds them: a random playout keeps them from the move that made the position rather than
    /// read them back from it (the draw that starts the next move waits for them).
    pub(crate) fn children_among(&self, pits: PitSet) -> Children<'_> {
        debug_assert_eq!(pits, self.sowable, "not the position's sowable pits");
        Children { parent: self, pits }
    }

    /// The position after `m`, played without checks; `None` if its sowing
    /// is endless (C-5). Unless `prove`, the next player's sowable pits are
    /// not sown to show that one is not endless: a player who has some is
    /// taken to have a legal move (as [`crate::Children`]' random draws for
    /// playouts find out).
    pub(crate) fn child(&self, m: Move, prove: bool) -> Option<Position> {
        let mut next = *self;
        (next.apply(m, prove, &mut NoObserver) != Sown::Endless).then_some(next)
    }

    /// [`Position::child`] into `next`, the hot path's way (no position is copied twice); false
    /// if the sowing is endless, `next` then holding no position to use.
    pub(crate) fn child_into(&self, m: Move, prove: bool, next: &mut Position) -> bool {
        *next = *self;
        next.apply(m, prove, &mut NoObserver) != Sown::Endless
    }

    /// [`Position::child_into`] for a `next` of the same game with the same options as this
    /// position (a random draw's): only what play changes is copied. A copy of the whole
    /// position is, in wasm, a `memory.copy` that V8 makes a call (8–19 % of a playout move).
    pub(crate) fn sibling_into(&self, m: Move, prove: bool, next: &mut Position) -> bool {
        next.copy_play(self);
        next.apply(m, prove, &mut NoObserver) != Sown::Endless
    }

    /// Makes this position `from`, copying only what play changes (the board, the stores, the
    /// turn, what the rules remember, the end and the sowable pits): for a position of the same
    /// game with the same options, whose variant, options and rules no move changes.
    #[inline(always)]
    pub(crate) fn copy_play(&mut self, from: &Position) {
        debug_assert!(
            (self.variant, self.options, self.rules) == (from.variant, from.options, from.rules),
            "not a position of the same game"
        );
        let Position {
            variant: _,
            options: _,
            rules: _,
            board,
            stores,
            turn,
            last_mover,
            last_capture,
            first_final,
            end,
            sowable,
        } = *from;
        (self.board, self.stores, self.turn, self.sowable) = (board, stores, turn, sowable);
        (self.last_mover, self.last_capture, self.first_final, self.end) = (last_mover, last_capture, first_final, end);
    }
}

impl Children<'_> {
    /// Plays the move from `pit`, a pit not yet tried, into `child`; false if that sowing is
    /// endless (C-5). `prove` as for [`Position::child`]; `sibling` when `child` is known to be a
    /// position of the parent's game with its options, so that only what play changes is copied
    /// ([`Position::sibling_into`]).
    #[inline(always)]
    fn sow(&mut self, pit: usize, prove: bool, sibling: bool, child: &mut Position) -> bool {
        self.pits = self.pits.without(pit);
        let m = Move::Sow(pit as Pit);
        if sibling { self.parent.sibling_into(m, prove, child) } else { self.parent.child_into(m, prove, child) }
    }

    /// A move drawn uniformly among the legal moves not yet yielded, with the position after
    /// it, sowing only the pits drawn: an endless one (C-5) is dropped and the draw repeats
    /// among the rest. Under MG-4's forced play it is the one legal move, drawn from nothing.
    pub fn choose(&mut self, rng: &mut SplitMix64) -> Option<(Move, Position)> {
        let mut child = *self.parent;
        self.draw(rng, true, &mut child).map(|m| (m, child))
    }

    /// [`Children::choose`] for random playouts, the position after the move written into
    /// `child`. They need not know in advance that the next player has a legal move: the draw
    /// that picks it finds out. So unless `prove`, the position after the move takes a player
    /// with sowable pits to have a legal move (C-8); `None` from that position then means every
    /// one was endless (C-5), and [`Position::no_legal_move`] applies what C-8 would have.
    /// `child` is a position of the parent's game with its options (a copy of the parent, or a
    /// playout's other position), so only what play changes is copied into it. Inlined: a call
    /// here is a playout move's (a binary with more callers would keep it out of line, the
    /// move's state passed through memory).
    #[inline(always)]
    pub(crate) fn draw(&mut self, rng: &mut SplitMix64, prove: bool, child: &mut Position) -> Option<Move> {
        if self.parent.rules.forced_leftmost {
            return self.first(prove, child);
        }
        // The pits are the mover's, one row of at most twelve (C-1): counted from the lowest they
        // fit the sixteen that the draw's tables read in two bytes.
        while let Some(lowest) = self.pits.first() {
            let row = self.pits.counted_from(lowest);
            let pit = lowest + row.nth(rng.below(u64::from(row.len())) as u32);
            if self.sow(pit, prove, true, child) {
                return Some(Move::Sow(pit as Pit));
            }
        }
        None
    }

    /// The next legal move in pit order (only the first under MG-4), the position after it
    /// written into `child`.
    fn first(&mut self, prove: bool, child: &mut Position) -> Option<Move> {
        while let Some(pit) = self.pits.first() {
            if self.sow(pit, prove, false, child) {
                if self.parent.rules.forced_leftmost {
                    self.pits = PitSet::default(); // MG-4: the first that is not endless
                }
                return Some(Move::Sow(pit as Pit));
            }
        }
        None
    }
}

impl Children<'_> {
    /// The next child in pit order, as the iterator gives it, written into `child` (which then
    /// holds no position to use if there is none): the search's way, copying no position twice.
    pub fn next_into(&mut self, child: &mut Position) -> Option<Move> {
        self.first(true, child)
    }

    /// [`Children::next_into`] without proving that the child's player to move has a legal move
    /// (C-8): a player with sowable pits is taken to have one, as in random playouts. The search
    /// proves it only for the children it reaches, with [`Position::settle_no_move`]; the child
    /// is then the one [`Children::next_into`] gives.
    pub fn next_unproven_into(&mut self, child: &mut Position) -> Option<Move> {
        self.first(false, child)
    }
}

impl Iterator for Children<'_> {
    type Item = (Move, Position);

    fn next(&mut self) -> Option<(Move, Position)> {
        let mut child = *self.parent;
        self.first(true, &mut child).map(|m| (m, child))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BySide, Memory, MoveList, Options, Setup, Side, Variant};

    /// The Sadeqa III position of `tests/sadeqa.rs` whose pit 3 sows forever (C-5).
    fn endless() -> Position {
        let setup = Setup {
            variant: Variant::Sadeqa,
            options: Options::default(),
            board: vec![1, 0, 1, 2, 0, 1, 0, 1, 2, 1, 0, 2, 1, 0, 1, 0],
            stores: BySide { south: 42, north: 41 },
            turn: Side::South,
            memory: Memory::default(),
        };
        Position::from_setup(&setup).expect("valid")
    }

    fn moves(children: Children<'_>) -> Vec<Move> {
        children.map(|(m, _)| m).collect()
    }

    fn listed(list: MoveList) -> Vec<Move> {
        list.iter().collect()
    }

    /// C-5, C-8, MG-4: along random games of every game, with forced play and free choice, the
    /// children are the legal moves in order, each with the position `play` gives.
    #[test]
    fn children_are_the_legal_moves_with_the_positions_after_them() {
        let mut rng = SplitMix64::new(3);
        for variant in Variant::ALL {
            for free_choice in [false, true] {
                let mut pos = Position::new(variant, Options { free_choice, ..Options::default() });
                for _ in 0..200 {
                    assert_eq!(moves(pos.children()), listed(pos.legal_moves()), "{pos:?}");
                    for (m, after) in pos.children() {
                        assert_eq!(pos.play(m), Ok(after), "{m} in {pos:?}");
                    }
                    let Some((_, next)) = pos.children().choose(&mut rng) else { break };
                    pos = next;
                }
            }
        }
    }

    /// C-5: an endless move is no child, neither in order nor drawn.
    #[test]
    fn an_endless_move_is_no_child() {
        let pos = endless();
        let legal: Vec<Move> = [0, 2, 5, 7].map(Move::Sow).to_vec();
        assert_eq!(moves(pos.children()), legal);
        let mut rng = SplitMix64::new(1);
        let mut drawn = [0u32; 16];
        for _ in 0..400 {
            let (Move::Sow(pit), _) = pos.children().choose(&mut rng).expect("a legal move") else {
                panic!("a sowing move")
            };
            drawn[usize::from(pit)] += 1;
        }
        // Each legal move drawn about a quarter of the time (exact counts for this seed), pit 3 never.
        assert_eq!(drawn[..8], [109, 0, 105, 0, 0, 95, 0, 91]);
    }

    /// C-8 as playouts apply it: a position made without proving that its player to move can
    /// move is the proven one once that is checked, and C-8 applied when it fails.
    #[test]
    fn unproven_children_are_the_children_once_checked() {
        let mut rng = SplitMix64::new(5);
        for variant in Variant::ALL {
            for free_choice in [false, true] {
                let mut pos = Position::new(variant, Options { free_choice, ..Options::default() });
                for _ in 0..300 {
                    for m in pos.legal_moves().iter() {
                        let mut lazy = pos.child(m, false).expect("not endless");
                        if !lazy.is_over() && !lazy.proves_move() {
                            lazy.no_legal_move();
                        }
                        assert_eq!(Some(lazy), pos.child(m, true), "{m} in {pos:?}");
                    }
                    let Some((_, next)) = pos.children().choose(&mut rng) else { break };
                    pos = next;
                }
            }
        }
    }

    /// C-8: the children made without the proof that their player can move, once settled, are
    /// the children, along random games of every game (and a parent with an endless pit); a
    /// player whose every sowable pit is endless has C-8 applied.
    #[test]
    fn settled_unproven_children_are_the_children() {
        let mut rng = SplitMix64::new(6);
        let mut positions = vec![endless()];
        let mut checked = 0;
        for variant in Variant::ALL {
            for free_choice in [false, true] {
                let mut pos = Position::new(variant, Options { free_choice, ..Options::default() });
                for _ in 0..300 {
                    positions.push(pos);
                    let Some((_, next)) = pos.children().choose(&mut rng) else { break };
                    pos = next;
                }
            }
        }
        for pos in positions {
            let mut proven = pos.children();
            let mut unproven = pos.children();
            let (mut a, mut b) = (pos, pos);
            loop {
                let m = proven.next_into(&mut a);
                assert_eq!(unproven.next_unproven_into(&mut b), m, "{pos:?}");
                if m.is_none() {
                    break;
                }
                b.settle_no_move();
                assert_eq!(a, b, "{m:?} in {pos:?}");
                checked += 1;
            }
        }
        assert!(checked > 5_000, "{checked}");
        // Only the endless pit 3 sowable: the player to move has no legal move (SQ-5's end).
        let mut lacking = endless();
        lacking.sowable = PitSet(1 << 3);
        assert!(lacking.settle_no_move());
        assert_eq!(lacking.end().map(|e| e.reason), Some(crate::EndReason::NoMove));
        assert!(!lacking.settle_no_move(), "over: nothing left to settle");
    }

    /// C-5, C-8, SQ-5: when every pit the player to move may sow is endless, the draw finds no
    /// move, and the game's no-move rule applies (here the only sowable pit is taken to be the
    /// endless pit 3).
    #[test]
    fn a_draw_among_endless_pits_finds_no_move() {
        let mut pos = endless();
        pos.sowable = PitSet(1 << 3);
        assert!(!pos.proves_move());
        let mut child = pos;
        assert_eq!(pos.children().draw(&mut SplitMix64::new(1), false, &mut child), None);
        pos.no_legal_move();
        assert_eq!(pos.end().map(|e| e.reason), Some(crate::EndReason::NoMove));
        assert_eq!(pos.stores(), BySide { south: 42, north: 54 }); // the last mover (none: North) takes the board
    }

    /// Drawing takes each move at most once, and a finished game has no children.
    #[test]
    fn draws_exhaust_the_moves_and_a_finished_game_has_none() {
        let pos = endless();
        let mut rng = SplitMix64::new(9);
        let mut children = pos.children();
        let mut drawn: Vec<Move> = core::iter::from_fn(|| children.choose(&mut rng)).map(|(m, _)| m).collect();
        drawn.sort_by_key(|m| m.to_string());
        assert_eq!(drawn, [0, 2, 5, 7].map(Move::Sow));
        let mut done = Position::new(Variant::Manqala, Options::default());
        done.play_unchecked(Move::Split);
        assert!(done.is_over());
        assert_eq!(done.children().count(), 0);
        assert_eq!(done.children().choose(&mut rng), None);
    }
}
