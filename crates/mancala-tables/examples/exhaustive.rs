//! Times the plain exhaustive search on every position of one level: `-- GAME SEEDS`.
use mancala_core::{Options, Position, Side, Variant};
use mancala_tables::{Tables, search};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("a game id");
    let seeds: usize = args[1].parse().expect("a seed count");
    let options = Options { free_choice: variant == Variant::Mangala, ..Options::default() };
    let tables = Tables::build(variant, options, seeds);
    let pits = usize::from(variant.pits_per_row()) * 2;
    let clock = std::time::Instant::now();
    let (mut n, mut bad) = (0, 0);
    let mut board = vec![0u8; pits];
    // every board of `seeds` seeds
    fn each(board: &mut Vec<u8>, at: usize, left: u8, f: &mut dyn FnMut(&[u8])) {
        if at == board.len() - 1 {
            board[at] = left;
            f(board);
            return;
        }
        for k in 0..=left {
            board[at] = k;
            each(board, at + 1, left - k, f);
        }
    }
    each(&mut board, 0, seeds as u8, &mut |b| {
        for turn in Side::ALL {
            let pos = Position::from_board(variant, options, b, turn);
            let mut line = search::Line::default();
            let v = search::exhaustive(&pos, &mut line);
            let lead = |p: &Position| i16::from(*p.stores().get(turn)) - i16::from(*p.stores().get(turn.other()));
            let expected = lead(&pos) as i8
                + if pos.is_over() {
                    0
                } else if pos.turn() == turn {
                    v
                } else {
                    -v
                };
            let entry = tables.entry(b, turn).unwrap();
            n += 1;
            if entry.lo != expected || entry.hi != expected {
                bad += 1;
                if bad < 5 {
                    println!("{b:?} {turn:?} entry {entry:?} exhaustive {expected}");
                }
            }
        }
    });
    println!("{n} positions, {bad} differ, {:.2}s", clock.elapsed().as_secs_f64());
}
