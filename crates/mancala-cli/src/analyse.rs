//! `mancala analyse`: the value of every legal move of a position (issue 11 §2), from the mover's
//! side as AN-1 defines it: exact from the endgame tables when the board has few enough seeds
//! (`--table-seeds`), or from the played-out line under Mangala IV's forced play (MG-4); else the
//! computer's search (`--level`, `--nodes`), whose values are estimates.

use mancala_ai::{Computer, Level, Limits, NoClock, SEED, WIN};
use mancala_core::{Move, Position, Variant};
use mancala_tables::{Bounds, Tables, search};
use serde_json::{Value, json};

use crate::args::{self, Args};

/// Plies of a principal line read from the tables, at most.
const PV_PLIES: usize = 24;

/// The largest tables `analyse` builds by default, per game: about a second each natively
/// (docs/tables.md); `--table-seeds` asks for more or fewer.
fn default_table_seeds(variant: Variant) -> usize {
    match variant {
        Variant::Mangala | Variant::Sadeqa => 8,
        Variant::Manqala => 10,
        Variant::Anywoli => 4,
    }
}

/// One legal move as analysed.
struct Analysed {
    m: Move,
    /// From the mover's side, in seeds.
    value: f64,
    exact: bool,
    pv: Vec<Move>,
}

pub fn run(args: &mut Args) -> Result<(), String> {
    let level: Option<Level> = args.parsed("--level")?;
    let nodes: Option<u64> = args.parsed("--nodes")?;
    let table_seeds: Option<usize> = args.parsed("--table-seeds")?;
    let game = args::game(args)?;
    args.done()?;
    let pos = *game.position();
    if pos.is_over() {
        return Err("the game is over: there is no move to analyse".into());
    }
    let variant = pos.variant();
    let limits = match (level, nodes) {
        (Some(_), Some(_)) => return Err("give either --level or --nodes, not both".into()),
        (Some(level), None) => level.limits(variant),
        (None, Some(nodes)) => Limits { nodes: Some(nodes), ..Limits::default() },
        (None, None) => Level::Hard.limits(variant),
    };
    let seeds = pos.seeds_on_board() as usize;
    let moves = if pos.rules().forced_leftmost {
        forced(&pos)
    } else if mancala_tables::no_tables(variant, pos.options()).is_none()
        && seeds <= table_seeds.unwrap_or(default_table_seeds(variant))
    {
        let tables = Tables::build(variant, *pos.options(), seeds);
        from_tables(&tables, &pos)
    } else {
        searched(game.positions(), &limits)
    };
    let best = moves.iter().max_by(|a, b| a.value.total_cmp(&b.value).then(b.m.to_string().cmp(&a.m.to_string())));
    let best = best.ok_or("no legal move")?;
    let out = json!({
        "to_move": pos.turn().name(), "best": best.m.to_string(), "value": number(best.value, best.exact),
        "exact": best.exact, "moves": moves.iter().map(move_json).collect::<Vec<_>>(),
    });
    println!("{out}");
    Ok(())
}

/// MG-4: the one legal move, its value found by playing the game out (AN-2: up to the end, or the
/// first position the line repeats).
fn forced(pos: &Position) -> Vec<Analysed> {
    let value = search::exhaustive(pos, &mut search::Line::default());
    let mut pv = Vec::new();
    let mut line = search::Line::default();
    let mut at = *pos;
    while let Some((m, after)) = at.children().next().filter(|_| pv.len() < PV_PLIES && !line.contains(&at)) {
        line.push(&at);
        pv.push(m);
        at = after;
    }
    pos.children().next().map(|(m, _)| Analysed { m, value: f64::from(value), exact: true, pv }).into_iter().collect()
}

/// Every legal move valued by the tables (AN-1, AN-2 with `pos` the root of the line), with a
/// principal line: at each position the first move of the best value, until the game ends, a
/// position repeats or [`PV_PLIES`].
fn from_tables(tables: &Tables, pos: &Position) -> Vec<Analysed> {
    let moves = tables.moves(pos).unwrap_or_default();
    moves
        .into_iter()
        .map(|(m, value)| {
            let mut line = search::Line::default();
            line.push(pos);
            let mut pv = vec![m];
            let mut at = pos.play(m).expect("a legal move");
            while pv.len() < PV_PLIES && !at.is_over() && !line.contains(&at) {
                line.push(&at);
                let Some((next, _)) = best_move(tables, &at) else { break };
                pv.push(next);
                at = at.play(next).expect("a legal move");
            }
            Analysed { m, value: f64::from(value.lo), exact: value.is_exact(), pv }
        })
        .collect()
}

/// The first move of the best value at `pos`, by the tables.
fn best_move(tables: &Tables, pos: &Position) -> Option<(Move, Bounds)> {
    let moves = tables.moves(pos)?;
    let top = moves.iter().map(|(_, v)| v.lo).max()?;
    moves.into_iter().find(|(_, v)| v.lo == top)
}

/// Every legal move valued by the computer's search within `limits`: its score less the seeds
/// already captured (AN-1 counts from here on), in seeds; never marked exact (the search plays
/// C-6's third repetition and AM-8's fifty, which AN-1 and AN-2 do not).
fn searched(history: &[Position], limits: &Limits) -> Vec<Analysed> {
    let pos = history.last().expect("a position");
    let mover = pos.turn();
    let lead = f64::from(i32::from(*pos.stores().get(mover)) - i32::from(*pos.stores().get(mover.other())));
    Computer::new()
        .hints(history, limits, &mut NoClock)
        .into_iter()
        .filter_map(|hint| {
            let score = hint.score?;
            // Beyond ±WIN a score is a decided game: WIN plus the final margin.
            let margin = if score >= WIN / 2 {
                score - WIN
            } else if score <= -WIN / 2 {
                score + WIN
            } else {
                score
            };
            let value = (f64::from(margin) / f64::from(SEED) - lead) * 100.0;
            Some(Analysed { m: Move::Sow(hint.pit), value: value.round() / 100.0, exact: false, pv: hint.pv })
        })
        .collect()
}

/// A value in JSON: an integer when exact.
fn number(value: f64, exact: bool) -> Value {
    if exact { json!(value as i64) } else { json!(value) }
}

fn move_json(a: &Analysed) -> Value {
    json!({
        "move": a.m.to_string(), "value": number(a.value, a.exact), "exact": a.exact,
        "pv": a.pv.iter().map(Move::to_string).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use mancala_core::{BySide, Options, Setup, Side};

    use super::*;

    fn moves(list: &[Analysed]) -> Vec<(String, f64, bool)> {
        list.iter().map(|a| (a.m.to_string(), a.value, a.exact)).collect()
    }

    /// MG-4, MG-9, AN-1: under forced play the one move of the even start is worth the first
    /// mover's 64–34, +30, played out.
    #[test]
    fn forced_play_is_played_out() {
        let start = Position::new(Variant::Mangala, Options::default());
        let analysed = forced(&start);
        assert_eq!(moves(&analysed), [("0".to_string(), 30.0, true)]);
        assert_eq!(analysed[0].pv.len(), PV_PLIES);
    }

    /// AN-1, SQ-4, SQ-5: from the tables, South's one move takes the 2 opposite pit 1 and then
    /// the last seed (North cannot move): +3, whatever the stores.
    #[test]
    fn tables_value_each_move() {
        let mut board = vec![0; 16];
        (board[0], board[14]) = (1, 2);
        let setup =
            Setup { board, stores: BySide { south: 40, north: 53 }, ..Setup::new(Variant::Sadeqa, Options::default()) };
        let pos = Position::from_setup(&setup).expect("a position");
        let tables = Tables::build(Variant::Sadeqa, Options::default(), 3);
        let analysed = from_tables(&tables, &pos);
        assert_eq!(moves(&analysed), [("0".to_string(), 3.0, true)]);
        assert_eq!(analysed[0].pv, [Move::Sow(0)]);
        assert_eq!(pos.turn(), Side::South);
    }

    /// Outside the tables the search's values are estimates, never exact, one a legal move.
    #[test]
    fn searched_values_are_not_exact() {
        let start = Position::new(Variant::Sadeqa, Options::default());
        let analysed = searched(&[start], &Limits { nodes: Some(2_000), ..Limits::default() });
        assert_eq!(analysed.len(), start.legal_moves().len());
        assert!(analysed.iter().all(|a| !a.exact && a.value.abs() <= 96.0));
    }
}
