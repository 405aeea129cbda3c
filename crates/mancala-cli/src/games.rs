//! `mancala games`: each game with its options, one JSON object a line — the description the
//! page reads from the wasm's `variants()`.

use mancala_core::VariantInfo;

use crate::args::Args;

pub fn run(args: &mut Args) -> Result<(), String> {
    args.done()?;
    for info in VariantInfo::all() {
        println!("{}", serde_json::to_string(&info).map_err(|e| e.to_string())?);
    }
    Ok(())
}
