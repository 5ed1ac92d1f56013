#!/usr/bin/env bash
# The differential test of the Dutch system: random tournaments paired by ours, every round
# checked against an independent implementation of the FIDE Dutch rules from PyPI
# (caissify-pairings, pinned), installed into target/ by this script.
#   bash crates/tournament/tests/differential/run.sh [COUNT] [SEED] [FLOOR]
# FLOOR: the fraction of rounds that must agree on the pairs (see compare.py).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
COUNT="${1:-300}"
SEED="${2:-1}"
FLOOR="${3:-0.8}"
VENV="$PWD/target/pairing-reference"
if ! "$VENV/bin/python" -c "import caissify_pairings" >/dev/null 2>&1; then
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check caissify-pairings==0.5.0
fi
DIR="$PWD/target/differential"
rm -rf "$DIR"
cargo run --profile ci --locked --quiet -p mancala-tournament --example random_tournaments -- "$DIR" "$COUNT" "$SEED"
"$VENV/bin/python" crates/tournament/tests/differential/compare.py "$DIR" "$FLOOR"
