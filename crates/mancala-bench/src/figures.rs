//! The figures a section reports: rows of cells in a unit, against an optional target.

use serde_json::{Value, json};

use crate::GAMES;

/// How a figure is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    PerSecond,
    Nanos,
    Millis,
    Ratio,
    Bytes,
    Count,
    /// A plain number to three decimals (a layout-shift score).
    Decimal,
}

impl Unit {
    pub fn id(self) -> &'static str {
        match self {
            Unit::PerSecond => "per_s",
            Unit::Nanos => "ns",
            Unit::Millis => "ms",
            Unit::Ratio => "ratio",
            Unit::Bytes => "bytes",
            Unit::Count => "count",
            Unit::Decimal => "number",
        }
    }

    /// `x` in this unit, short.
    pub fn show(self, x: f64) -> String {
        let si = |x: f64, unit: &str| {
            if x >= 1e6 {
                format!("{:.2} M{unit}", x / 1e6)
            } else if x >= 1e3 {
                format!("{:.1} k{unit}", x / 1e3)
            } else {
                format!("{x:.0} {unit}")
            }
        };
        match self {
            Unit::PerSecond => si(x, "/s"),
            Unit::Nanos if x >= 1e6 => format!("{:.2} ms", x / 1e6),
            Unit::Nanos if x >= 1e3 => format!("{:.2} µs", x / 1e3),
            Unit::Nanos => format!("{x:.0} ns"),
            Unit::Millis if x >= 100.0 => format!("{x:.0} ms"),
            Unit::Millis => format!("{x:.1} ms"),
            Unit::Ratio => format!("{x:.2}×"),
            Unit::Bytes => format!("{:.1} kB", x / 1000.0),
            Unit::Count => format!("{x:.0}"),
            Unit::Decimal => format!("{x:.3}"),
        }
    }
}

/// A target a figure should meet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    /// At least `value` (else at most).
    pub at_least: bool,
    pub value: f64,
    /// Allowed beyond `value` for the measurement's resolution (shown in the note, not the target).
    pub slack: f64,
    /// The column it applies to; `None` for every cell.
    pub column: Option<usize>,
}

impl Target {
    pub fn at_least(value: f64) -> Target {
        Target { at_least: true, value, slack: 0.0, column: None }
    }
    pub fn at_most(value: f64) -> Target {
        Target { at_least: false, value, slack: 0.0, column: None }
    }
    pub fn on(self, column: usize) -> Target {
        Target { column: Some(column), ..self }
    }
    pub fn slack(self, slack: f64) -> Target {
        Target { slack, ..self }
    }
    fn met(&self, x: f64) -> bool {
        if self.at_least { x >= self.value - self.slack } else { x <= self.value + self.slack }
    }
}

/// One line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub metric: String,
    pub unit: Unit,
    /// One per column of the section; `None` is shown as n/a.
    pub cells: Vec<Option<f64>>,
    pub target: Option<Target>,
    pub note: String,
}

impl Row {
    pub fn new(metric: impl Into<String>, unit: Unit, cells: Vec<Option<f64>>) -> Row {
        Row { metric: metric.into(), unit, cells, target: None, note: String::new() }
    }
    pub fn target(self, target: Target) -> Row {
        Row { target: Some(target), ..self }
    }
    pub fn note(self, note: impl Into<String>) -> Row {
        Row { note: note.into(), ..self }
    }

    /// `Some(true)` when every measured cell the target covers meets it, `None` without a
    /// target or without any measured cell.
    pub fn met(&self) -> Option<bool> {
        let t = self.target?;
        let cells: Vec<f64> = self
            .cells
            .iter()
            .enumerate()
            .filter(|(i, _)| t.column.is_none_or(|c| c == *i))
            .filter_map(|(_, c)| *c)
            .collect();
        if cells.is_empty() { None } else { Some(cells.iter().all(|&x| t.met(x))) }
    }

    pub fn target_text(&self) -> String {
        match self.target {
            None => String::new(),
            Some(t) => format!("{} {}", if t.at_least { "≥" } else { "≤" }, self.unit.show(t.value)),
        }
    }

    /// The verdict column: `yes`, `NO (which)`, `n/a` or empty.
    pub fn verdict(&self, columns: &[String]) -> String {
        let Some(t) = self.target else { return String::new() };
        match self.met() {
            None => "n/a".into(),
            Some(true) => "yes".into(),
            Some(false) => {
                let failed: Vec<&str> = self
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|(i, c)| t.column.is_none_or(|col| col == *i) && c.is_some_and(|x| !t.met(x)))
                    .map(|(i, _)| columns.get(i).map_or("?", String::as_str))
                    .collect();
                if t.column.is_some() || failed.len() == self.cells.len() {
                    "NO".into()
                } else {
                    format!("NO: {}", failed.join(", "))
                }
            }
        }
    }

    pub fn json(&self, columns: &[String]) -> Value {
        let num = |x: &Option<f64>| x.filter(|x| x.is_finite()).map_or(Value::Null, Value::from);
        let values: serde_json::Map<String, Value> = columns.iter().cloned().zip(self.cells.iter().map(num)).collect();
        let target = self.target.map(|t| {
            let column = t.column.and_then(|c| columns.get(c));
            json!({ "at_least": t.at_least, "value": t.value, "slack": t.slack, "column": column })
        });
        json!({
            "metric": self.metric, "unit": self.unit.id(), "values": values, "target": target,
            "met": self.met(), "note": self.note,
        })
    }
}

/// What a section reports.
#[derive(Debug, Default)]
pub struct Section {
    /// Column labels of the rows (at most 4); per-game sections use [`GAMES`].
    pub columns: Vec<String>,
    pub rows: Vec<Row>,
    /// Details, printed to stderr and kept as a string in the JSON file.
    pub output: String,
    /// A JSON value kept as is in the JSON file.
    pub data: Value,
}

impl Section {
    pub fn per_game(&mut self) {
        self.columns = GAMES.iter().map(|g| (*g).to_owned()).collect();
    }
    pub fn columns(&mut self, labels: &[&str]) {
        self.columns = labels.iter().map(|g| (*g).to_owned()).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_units() {
        assert_eq!(Unit::PerSecond.show(2_358_174.6), "2.36 M/s");
        assert_eq!(Unit::PerSecond.show(848_363.0), "848.4 k/s");
        assert_eq!(Unit::PerSecond.show(990.2), "990 /s");
        assert_eq!(Unit::Nanos.show(325.6), "326 ns");
        assert_eq!(Unit::Nanos.show(5711.3), "5.71 µs");
        assert_eq!(Unit::Millis.show(16.68), "16.7 ms");
        assert_eq!(Unit::Millis.show(512.4), "512 ms");
        assert_eq!(Unit::Ratio.show(0.614), "0.61×");
        assert_eq!(Unit::Bytes.show(55_268.0), "55.3 kB");
        assert_eq!(Unit::Count.show(3.0), "3");
        assert_eq!(Unit::Decimal.show(0.0114), "0.011");
    }

    #[test]
    fn judges_targets() {
        let row = Row::new("moves/s", Unit::PerSecond, vec![Some(2e6), Some(0.8e6), None, Some(1e6)])
            .target(Target::at_least(1e6));
        assert_eq!(row.met(), Some(false));
        let columns: Vec<String> = GAMES.iter().map(|g| (*g).to_owned()).collect();
        assert_eq!(row.verdict(&columns), "NO: sadeqa-iii");
        let p95 = Row::new("frame", Unit::Millis, vec![Some(16.7), Some(16.8)]).target(Target::at_most(16.7).on(1));
        assert_eq!(p95.met(), Some(false));
        assert_eq!(p95.clone().target(Target::at_most(16.7).on(1).slack(0.3)).met(), Some(true));
        assert_eq!(Row::new("x", Unit::Count, vec![None]).target(Target::at_most(0.0)).verdict(&[]), "n/a");
        assert_eq!(Row::new("x", Unit::Count, vec![Some(1.0)]).verdict(&[]), "");
        assert_eq!(
            row.json(&columns),
            json!({
                "metric": "moves/s", "unit": "per_s",
                "values": { "mangala-iv": 2e6, "sadeqa-iii": 0.8e6, "al-manqala": null, "anywoli": 1e6 },
                "target": { "at_least": true, "value": 1e6, "slack": 0.0, "column": null },
                "met": false, "note": "",
            })
        );
    }
}
