//! Checks the perft counts of `tests/fixtures/perft.txt`, the numbers any
//! implementation of these rules can be compared against.

use mancala_core::{MangalaSetup, Options, Position, SadeqaSeeds, Side, Variant, perft};

fn options(spec: &str) -> Options {
    let mut options = Options::default();
    for item in spec.split(',').filter(|s| *s != "-") {
        match item.split_once('=') {
            None if item == "free-choice" => options.free_choice = true,
            Some(("random-setup", seed)) => options.setup = MangalaSetup::Random(seed.parse().unwrap()),
            Some(("seeds-per-pit", "4")) => options.sadeqa_seeds = SadeqaSeeds::Four,
            Some(("first", "north")) => options.first = Side::North,
            _ => panic!("unknown option {item}"),
        }
    }
    options
}

#[test]
fn perft_counts_match_the_fixture() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/perft.txt");
    let text = std::fs::read_to_string(path).expect("the perft fixture");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [game, spec, depth, nodes] = fields[..] else { panic!("bad line {line}") };
        let variant: Variant = game.parse().unwrap();
        let start = Position::new(variant, options(spec));
        assert_eq!(perft(&start, depth.parse().unwrap()), nodes.parse::<u64>().unwrap(), "{line}");
        checked += 1;
    }
    assert_eq!(checked, 54);
}
