//! Game-tree search over the rules of `mancala-core`.
