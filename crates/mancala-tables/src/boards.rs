//! Boards ranked combinatorially: the boards of `n` seeds over `m` pits are the weak compositions
//! of `n` into `m` parts, which stars and bars turn into the `m - 1` bar places among `n + m - 1`;
//! their colex rank numbers them `0 .. C(n + m - 1, m - 1)` with no gaps.

use mancala_core::MAX_PITS;

/// Binomials up to the largest board of a table (24 pits, a few dozen seeds).
const ROWS: usize = 64;

/// Ranks and unranks the boards of one game's `pits` pits.
#[derive(Debug, Clone)]
pub(crate) struct Boards {
    pits: usize,
    /// `binomial[a][b]` = C(a, b), for `b < MAX_PITS`.
    binomial: Vec<[u64; MAX_PITS]>,
}

impl Boards {
    /// The ranking of boards of `pits` pits (2 ..= 24).
    pub(crate) fn new(pits: usize) -> Boards {
        let mut binomial = vec![[0u64; MAX_PITS]; ROWS];
        for a in 0..ROWS {
            binomial[a][0] = 1;
            for b in 1..MAX_PITS.min(a + 1) {
                binomial[a][b] = binomial[a - 1][b - 1] + if b < a { binomial[a - 1][b] } else { 0 };
            }
        }
        Boards { pits, binomial }
    }

    /// Pits on the board.
    pub(crate) fn pits(&self) -> usize {
        self.pits
    }

    /// How many boards hold exactly `seeds` seeds.
    pub(crate) fn count(&self, seeds: usize) -> usize {
        self.binomial[seeds + self.pits - 1][self.pits - 1] as usize
    }

    /// The rank of `board` (its first `pits` pits) among the boards with as many seeds.
    pub(crate) fn rank(&self, board: &[u8]) -> usize {
        let mut bar = 0; // the place of bar `j`: the seeds before it plus `j`
        let mut rank = 0;
        for (j, &seeds) in board[..self.pits - 1].iter().enumerate() {
            bar += usize::from(seeds);
            rank += self.binomial[bar + j][j + 1];
        }
        rank as usize
    }

    /// Writes the board of `seeds` seeds with this `rank` into `board[..pits]`.
    pub(crate) fn unrank(&self, seeds: usize, rank: usize, board: &mut [u8]) {
        let mut rest = rank as u64;
        let mut after = seeds + self.pits - 1; // the place just after the bar found last
        for j in (0..self.pits - 1).rev() {
            let mut place = after - 1;
            while self.binomial[place][j + 1] > rest {
                place -= 1;
            }
            rest -= self.binomial[place][j + 1];
            board[j + 1] = (after - place - 1) as u8;
            after = place;
        }
        board[0] = after as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of up to 5 seeds on 14 pits and up to 3 on 24 unranks to a board of that
    /// rank, all different, and the counts are stars and bars (C(n + 13, 13): 1, 14, 105, …).
    #[test]
    fn ranks_are_a_bijection() {
        for (pits, most) in [(14, 5), (16, 4), (24, 3)] {
            let boards = Boards::new(pits);
            for seeds in 0..=most {
                let mut seen = std::collections::HashSet::new();
                for rank in 0..boards.count(seeds) {
                    let mut board = [0u8; MAX_PITS];
                    boards.unrank(seeds, rank, &mut board);
                    assert_eq!(board.iter().map(|&s| usize::from(s)).sum::<usize>(), seeds);
                    assert_eq!(boards.rank(&board), rank, "{board:?}");
                    assert!(seen.insert(board));
                }
            }
        }
        let boards = Boards::new(14);
        assert_eq!((0..4).map(|n| boards.count(n)).collect::<Vec<_>>(), [1, 14, 105, 560]);
        assert_eq!(Boards::new(24).count(8), 7_888_725);
        assert_eq!(boards.count(12), 5_200_300);
    }

    /// The boards in rank order: colex on the bar places, so the seeds start in the last pit.
    #[test]
    fn rank_order_is_colex() {
        let boards = Boards::new(3);
        let order: Vec<[u8; 3]> = (0..boards.count(2))
            .map(|rank| {
                let mut board = [0u8; MAX_PITS];
                boards.unrank(2, rank, &mut board);
                [board[0], board[1], board[2]]
            })
            .collect();
        assert_eq!(order, [[0, 0, 2], [0, 1, 1], [1, 0, 1], [0, 2, 0], [1, 1, 0], [2, 0, 0]]);
    }
}
