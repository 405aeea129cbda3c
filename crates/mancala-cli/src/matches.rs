//! Placeholder until the search lands.

use crate::args::Args;

pub fn run(_args: &mut Args) -> Result<(), String> {
    Err("not available yet".into())
}
