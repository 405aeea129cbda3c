# Thin aliases for the README's cargo commands (`just` is optional).

# Build dist/ and serve it on http://127.0.0.1:8000/ (pass e.g. `--port 8080`).
serve *args:
    cargo xtask serve {{args}}

# Every check: fmt, clippy, native, wasm, js, dist, budgets, e2e (pass e.g. `--only e2e`).
test *args:
    cargo xtask test {{args}}

# Build the deployable static site into dist/.
dist:
    cargo xtask dist

# Run the benchmarks.
bench *args:
    cargo xtask bench {{args}}
