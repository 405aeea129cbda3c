//! Mangala IV's opening ritual, "Tek mi, Çift mi?" (MG-3): the challenger
//! hides one or two counters, the other player guesses odd or even; a right
//! guess lets the guesser choose a side, a wrong one lets the challenger
//! assign the rows. South moves first, so a side is also a turn order.
//!
//! ```
//! use mancala_core::ritual::{Parity, Role, chooser};
//! assert_eq!(chooser(2, Parity::Even), Some(Role::Guesser));
//! assert_eq!(chooser(1, Parity::Even), Some(Role::Challenger));
//! ```

use crate::{BySide, Game, Move, Position, Side};

/// The guess: odd or even.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Parity {
    Odd,
    Even,
}

/// A player's part in the ritual.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Role {
    Challenger,
    Guesser,
}

/// Who decides the sides, given the counters hidden (1 or 2) and the guess;
/// `None` if `hidden` is not 1 or 2.
#[must_use]
pub fn chooser(hidden: u8, guess: Parity) -> Option<Role> {
    let parity = match hidden {
        1 => Parity::Odd,
        2 => Parity::Even,
        _ => return None,
    };
    Some(if parity == guess { Role::Guesser } else { Role::Challenger })
}

/// How the game from `start` ends under forced play (MG-4), played out: the one legal move each
/// turn, repetition (C-6) applied. The side choice of the ritual (MG-3) then decides the game,
/// and this says how before it is made (MG-9: with the even setup, the first mover wins 64–34).
/// `None` unless play is forced.
///
/// ```
/// use mancala_core::{BySide, Options, Position, Variant, ritual};
/// let end = ritual::forced_end(&Position::new(Variant::Mangala, Options::default())).unwrap();
/// assert_eq!(end.stores(), BySide { south: 64, north: 34 });
/// ```
#[must_use]
pub fn forced_end(start: &Position) -> Option<Position> {
    if !start.rules().forced_leftmost {
        return None;
    }
    let mut game = Game::new(*start);
    while let Some(&pit) = game.position().legal_moves().pits().first() {
        // The listed move is the legal one, so playing it cannot fail.
        let _ = game.play(Move::Sow(pit));
    }
    Some(*game.position())
}

/// Which role sits on each side once the chooser has taken `side` for
/// themselves (a challenger who assigns the rows gives the other one away).
#[must_use]
pub fn seats(chooser: Role, side: Side) -> BySide<Role> {
    let other = match chooser {
        Role::Challenger => Role::Guesser,
        Role::Guesser => Role::Challenger,
    };
    match side {
        Side::South => BySide { south: chooser, north: other },
        Side::North => BySide { south: other, north: chooser },
    }
}
