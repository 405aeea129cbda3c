//! Micro-benchmarks of the engine's hot path on fixed positions per game:
//! `play_unchecked`, `legal_moves`, and endless-sowing detection (C-5).
//! Run with `cargo bench -p mancala-core` (or `cargo xtask bench`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mancala_core::{BySide, Memory, Move, Options, Position, Setup, Side, Variant};

/// A mid-game position of each game, reached by a fixed line of play.
fn midgame(variant: Variant) -> Position {
    let mut pos = Position::new(variant, Options { free_choice: true, ..Options::default() });
    for i in 0..8 {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(Move::Sow(legal.pits()[(i * 5 + 3) % legal.len()]));
    }
    pos
}

/// A Sadeqa III move that would sow forever (from the rule tests).
fn endless() -> (Position, Move) {
    let setup = Setup {
        variant: Variant::Sadeqa,
        options: Options::default(),
        board: vec![1, 0, 1, 2, 0, 1, 0, 1, 2, 1, 0, 2, 1, 0, 1, 0],
        stores: BySide { south: 42, north: 41 },
        turn: Side::South,
        memory: Memory::default(),
    };
    (Position::from_setup(&setup).expect("valid"), Move::Sow(3))
}

fn engine(c: &mut Criterion) {
    for variant in Variant::ALL {
        let pos = midgame(variant);
        let first = pos.legal_moves().iter().next().expect("a move");
        c.bench_function(&format!("{}/legal_moves", variant.id()), |b| b.iter(|| black_box(&pos).legal_moves()));
        c.bench_function(&format!("{}/play_unchecked", variant.id()), |b| {
            b.iter(|| {
                let mut p = *black_box(&pos);
                p.play_unchecked(black_box(first));
                p
            })
        });
    }
    let (pos, m) = endless();
    c.bench_function("sadeqa-iii/endless_detection", |b| b.iter(|| black_box(&pos).play(black_box(m))));
}

criterion_group!(benches, engine);
criterion_main!(benches);
