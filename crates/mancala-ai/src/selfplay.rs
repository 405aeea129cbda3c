//! Games between two players: the `mancala match` command, the tuning of
//! the evaluation, and the level tests all play through here.

use mancala_core::{BySide, Game, Move, NoObserver, Outcome, Position, Side, SplitMix64};

use crate::eval::{Evaluate, Linear};
use crate::{Computer, Level, Limits, NoClock, Thought, split_score};

/// Something that chooses moves.
pub trait Player {
    /// The move for the last position of `history` (not over).
    fn choose(&mut self, history: &[Position]) -> Option<Thought>;

    /// Al-manqala: whether `side` accepts the opponent's proposal to split
    /// the board (AM-9).
    fn accepts_split(&mut self, history: &[Position], side: Side) -> bool;
}

/// A level of the computer opponent, searched without a clock (node and
/// depth budgets only), so that every game replays exactly.
#[derive(Debug)]
pub struct LevelPlayer {
    pub computer: Computer,
    pub level: Level,
    pub seed: u64,
}

impl LevelPlayer {
    #[must_use]
    pub fn new(level: Level, seed: u64) -> LevelPlayer {
        LevelPlayer { computer: Computer::new(), level, seed }
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, history: &[Position]) -> Option<Thought> {
        self.computer.play(history, self.level, self.seed, &mut NoClock)
    }

    fn accepts_split(&mut self, history: &[Position], side: Side) -> bool {
        if let Some(pos) = history.last().filter(|_| self.level.searches()) {
            let limits = self.level.limits(pos.variant());
            self.computer.split_advice(history, side, &limits, &mut NoClock).is_some_and(|a| a.accept)
        } else {
            // Without a search: accept a split that wins.
            history.last().and_then(|p| split_score(p, side)).is_some_and(|s| s > 0)
        }
    }
}

/// A search with given limits and evaluation (for tuning).
#[derive(Debug)]
pub struct SearchPlayer<E> {
    pub computer: Computer,
    pub limits: Limits,
    pub eval: E,
}

impl<E: Evaluate> Player for SearchPlayer<E> {
    fn choose(&mut self, history: &[Position]) -> Option<Thought> {
        self.computer.think_with(history, &self.limits, &self.eval, &mut NoClock)
    }

    fn accepts_split(&mut self, history: &[Position], side: Side) -> bool {
        self.computer.split_advice_with(history, side, &self.limits, &self.eval, &mut NoClock).is_some_and(|a| a.accept)
    }
}

impl SearchPlayer<Linear> {
    #[must_use]
    pub fn new(limits: Limits, eval: Linear) -> SearchPlayer<Linear> {
        SearchPlayer { computer: Computer::new(), limits, eval }
    }
}

/// Seats `a` on `a_side` and `b` on the other side.
pub fn seat<'a>(a: &'a mut dyn Player, b: &'a mut dyn Player, a_side: Side) -> BySide<&'a mut dyn Player> {
    match a_side {
        Side::South => BySide { south: a, north: b },
        Side::North => BySide { south: b, north: a },
    }
}

/// `start` followed by `plies` moves chosen uniformly at random from the
/// legal ones (fewer if the game ends): a varied opening.
#[must_use]
pub fn random_opening(start: Position, plies: usize, seed: u64) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(start);
    for _ in 0..plies {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let pit = legal.pits()[rng.below(legal.len() as u64) as usize];
        // A listed move is legal, so play cannot fail.
        let _ = game.play(Move::Sow(pit));
    }
    game
}

/// A varied but fair opening: random openings (as [`random_opening`]) are
/// drawn from `seed`, `seed + 1`, … until a search within `limits` scores
/// one within `±margin` for the player to move; after `tries` draws the
/// most balanced is taken. Random plies often leave one side far ahead, and
/// a lopsided opening played with both sides is one win each whatever the
/// players' skill. Returns the opening and the draws it took.
pub fn balanced_opening(
    start: Position,
    plies: usize,
    seed: u64,
    limits: &Limits,
    margin: i32,
    tries: u32,
) -> (Game, u32) {
    let mut computer = Computer::with_table_bits(16);
    let mut best: Option<(i32, Game)> = None;
    for k in 0..tries.max(1) {
        let game = random_opening(start, plies, seed.wrapping_add(u64::from(k)));
        let score = match computer.think(game.positions(), limits, &mut NoClock) {
            Some(t) => t.score.abs(),
            None => i32::MAX,
        };
        if score <= margin {
            return (game, k + 1);
        }
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, game));
        }
    }
    (best.map_or_else(|| Game::new(start), |(_, g)| g), tries.max(1))
}

/// Fixed positions for measuring the search (`mancala ai --bench`, the
/// browser benchmark): `count` games from `start`, game `i` after `6 i`
/// random plies (seeded), skipping games that ended.
#[must_use]
pub fn sample_games(start: Position, count: usize, seed: u64) -> Vec<Game> {
    (0..count)
        .map(|i| random_opening(start, 6 * i, seed.wrapping_add(i as u64)))
        .filter(|g| !g.position().is_over())
        .collect()
}

/// How a game between two players went.
#[derive(Debug, Clone)]
pub struct Played {
    pub game: Game,
    pub outcome: Outcome,
    /// The final position (settled as by repetition if the game was cut).
    pub last: Position,
    /// The game reached `max_plies` and was settled as by repetition (C-6).
    pub cut: bool,
    /// Splits agreed (AM-9).
    pub split: bool,
    /// Every split proposed (AM-9), in order.
    pub proposals: Vec<Proposal>,
}

/// A split proposed during a game (AM-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proposal {
    /// Moves played before it.
    pub ply: usize,
    /// Who proposed.
    pub side: Side,
    /// Seeds on the board.
    pub seeds: u32,
    /// Whether the other player accepted (which ends the game).
    pub accepted: bool,
}

/// Plays `game` on to its end, `players.south` and `players.north` choosing;
/// a game longer than `max_plies` is cut and settled as by repetition. A
/// player whose proposal of the split is declined proposes again only after
/// a capture (as the page does).
pub fn play_out(mut game: Game, players: BySide<&mut dyn Player>, max_plies: usize) -> Played {
    let BySide { south, north } = players;
    let mut players: BySide<&mut dyn Player> = BySide { south, north };
    // Seeds captured when each player's proposal was last declined: like the
    // page, a player proposes again only once a capture has happened.
    let mut declined: BySide<Option<u32>> = BySide::default();
    let mut split = false;
    let mut proposals = Vec::new();
    while let Some(side) = game.position().to_move() {
        let ply = game.moves().len();
        if ply >= max_plies {
            break;
        }
        let Some(thought) = players.get_mut(side).choose(game.positions()) else { break };
        let captured = captured(game.position());
        let may_propose = declined.get(side).is_none_or(|at| captured != at);
        if thought.propose_split && may_propose {
            let accepted = players.get_mut(side.other()).accepts_split(game.positions(), side.other());
            proposals.push(Proposal { ply, side, seeds: game.position().seeds_on_board(), accepted });
            if accepted {
                let _ = game.play(Move::Split);
                split = true;
                break;
            }
            *declined.get_mut(side) = Some(captured);
        }
        if game.play(thought.best).is_err() {
            break;
        }
    }
    let mut last = *game.position();
    let cut = !last.is_over();
    if cut {
        last.end_by_repetition(&mut NoObserver);
    }
    let outcome = last.outcome().unwrap_or(Outcome::Draw);
    Played { game, outcome, last, cut, split, proposals }
}

/// Seeds captured by both players.
fn captured(pos: &Position) -> u32 {
    u32::from(pos.stores().south) + u32::from(pos.stores().north)
}
