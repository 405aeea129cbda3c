//! Tunes the evaluation of one game by self-play, reproducibly:
//!
//! ```text
//! cargo run --release -p mancala-ai --example tune -- --game sadeqa-iii \
//!     [--games 300] [--nodes 3000] [--rounds 2] [--check 200] [--seed 1] [--free-choice]
//! ```
//!
//! Each round, the engine plays `--games` games against itself (a fixed node
//! budget per move, the first four plies at random) with the current
//! weights, starting from material only. Every position after the opening
//! is a sample: its [`features`] and the final margin of its game, in
//! centiseeds, for the player to move. Least squares (with a little ridge)
//! fits the weights that best predict that margin; the next round plays with
//! them. Finally the tuned weights play `--check` games against material
//! only (same budget, openings paired with sides swapped), and the result is
//! printed with the weights as a Rust array for `eval.rs`.

use mancala_ai::eval::{FEATURE_NAMES, FEATURES};
use mancala_ai::selfplay::{SearchPlayer, play_out, random_opening, seat};
use mancala_ai::{Limits, Linear, features};
use mancala_core::{BySide, Options, Outcome, Position, Side, Variant};

struct Config {
    variant: Variant,
    options: Options,
    games: u32,
    nodes: u64,
    rounds: u32,
    check: u32,
    seed: u64,
}

fn parse() -> Result<Config, String> {
    let mut args = std::env::args().skip(1);
    let mut c = Config {
        variant: Variant::Sadeqa,
        options: Options::default(),
        games: 300,
        nodes: 3000,
        rounds: 2,
        check: 200,
        seed: 1,
    };
    while let Some(flag) = args.next() {
        if flag == "--free-choice" {
            c.options.free_choice = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let num = || value.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--game" => c.variant = value.parse().map_err(|e| format!("{e}"))?,
            "--games" => c.games = num()? as u32,
            "--nodes" => c.nodes = num()?,
            "--rounds" => c.rounds = num()? as u32,
            "--check" => c.check = num()? as u32,
            "--seed" => c.seed = num()?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(c)
}

/// Plays `games` self-play games with `weights`; returns (features, margin).
fn samples(c: &Config, weights: Linear, round: u32) -> Vec<([i32; FEATURES], f64)> {
    let start = Position::new(c.variant, c.options);
    let limits = Limits { nodes: Some(c.nodes), ..Limits::default() };
    let mut out = Vec::new();
    for g in 0..c.games {
        let opening = random_opening(start, 4, c.seed ^ (u64::from(round) << 40) ^ u64::from(g));
        let skip = opening.moves().len();
        let mut south = SearchPlayer::new(limits, weights);
        let mut north = SearchPlayer::new(limits, weights);
        let played = play_out(opening, BySide { south: &mut south, north: &mut north }, 1000);
        let stores = played.last.stores();
        let south_margin = f64::from(stores.south) - f64::from(stores.north);
        for pos in &played.game.positions()[skip..] {
            if pos.is_over() {
                continue;
            }
            let margin = if pos.turn() == Side::South { south_margin } else { -south_margin };
            out.push((features(pos), margin * 100.0));
        }
    }
    out
}

/// Least squares with a small ridge on every weight but `tempo`: solves
/// (XᵀX + λI) w = Xᵀy by Gaussian elimination.
fn fit(data: &[([i32; FEATURES], f64)]) -> [f64; FEATURES] {
    let mut a = [[0f64; FEATURES]; FEATURES];
    let mut b = [0f64; FEATURES];
    for (x, y) in data {
        for i in 0..FEATURES {
            b[i] += f64::from(x[i]) * y;
            for j in 0..FEATURES {
                a[i][j] += f64::from(x[i]) * f64::from(x[j]);
            }
        }
    }
    let ridge = 1.0 + data.len() as f64 * 1e-3;
    for (i, row) in a.iter_mut().enumerate().take(FEATURES - 1) {
        row[i] += ridge;
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col].abs() < 1e-12 {
            continue;
        }
        for row in col + 1..FEATURES {
            let f = a[row][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut w = [0f64; FEATURES];
    for col in (0..FEATURES).rev() {
        let s: f64 = (col + 1..FEATURES).map(|k| a[col][k] * w[k]).sum();
        w[col] = if a[col][col].abs() < 1e-12 { 0.0 } else { (b[col] - s) / a[col][col] };
    }
    w
}

/// Root-mean-square error of `weights` on `data`, in seeds.
fn rmse(data: &[([i32; FEATURES], f64)], weights: &Linear) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|(x, y)| {
            let e: f64 = x.iter().zip(weights.0).map(|(&f, w)| f64::from(f) * f64::from(w)).sum::<f64>() - y;
            e * e
        })
        .sum();
    (sum / data.len() as f64).sqrt() / 100.0
}

/// `a` against `b`, `games` games in pairs with sides swapped; returns a's
/// (wins, draws, losses).
fn duel(c: &Config, a: Linear, b: Linear, games: u32) -> (u32, u32, u32) {
    let start = Position::new(c.variant, c.options);
    let limits = Limits { nodes: Some(c.nodes), ..Limits::default() };
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in 0..games {
        let opening = random_opening(start, 2, c.seed.wrapping_mul(7919) ^ u64::from(g / 2));
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let mut pa = SearchPlayer::new(limits, a);
        let mut pb = SearchPlayer::new(limits, b);
        let players = seat(&mut pa, &mut pb, a_side);
        match play_out(opening, players, 1000).outcome {
            Outcome::Win(s) if s == a_side => w += 1,
            Outcome::Win(_) => l += 1,
            Outcome::Draw => d += 1,
        }
    }
    (w, d, l)
}

fn main() {
    let c = match parse() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    println!(
        "game {} (free choice: {}), {} games a round at {} nodes a move, {} rounds, seed {}",
        c.variant.id(),
        c.options.free_choice,
        c.games,
        c.nodes,
        c.rounds,
        c.seed
    );
    let mut weights = Linear::MATERIAL;
    for round in 1..=c.rounds {
        let data = samples(&c, weights, round);
        let fitted = fit(&data);
        let next = Linear(fitted.map(|w| w.round() as i32));
        println!(
            "round {round}: {} positions; rmse {:.2} seeds with the playing weights, {:.2} fitted; weights {:?}",
            data.len(),
            rmse(&data, &weights),
            rmse(&data, &next),
            next.0
        );
        weights = next;
    }
    for (name, w) in FEATURE_NAMES.iter().zip(weights.0) {
        println!("  {name:>9}: {w}");
    }
    let (w, d, l) = duel(&c, weights, Linear::MATERIAL, c.check);
    println!(
        "tuned against material only, {} games: {w} wins, {d} draws, {l} losses ({:.1}% of decided)",
        c.check,
        100.0 * f64::from(w) / f64::from((w + l).max(1))
    );
    println!("Linear({:?})", weights.0);
}
