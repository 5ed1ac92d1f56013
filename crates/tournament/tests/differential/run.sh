#!/usr/bin/env bash
# The differential test of the Dutch system: random tournaments paired by ours, every round
# checked against an independent implementation of the FIDE Dutch rules from PyPI (py4swiss,
# pinned, which its authors test to pair as bbpPairings does), installed into target/ by this
# script.
#   bash crates/tournament/tests/differential/run.sh [COUNT] [SEED] [FLOOR] [COLOUR_FLOOR]
# FLOOR, COLOUR_FLOOR: the fractions of rounds that must agree on the pairs, and on the pairs
# and colours (see compare.py).
set -euo pipefail
cd "$(dirname "$0")/../../../.."
COUNT="${1:-300}"
SEED="${2:-1}"
FLOOR="${3:-1}"
COLOUR_FLOOR="${4:-1}"
VENV="$PWD/target/pairing-reference-py4swiss"
if ! "$VENV/bin/python" -c "import py4swiss" >/dev/null 2>&1; then
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check py4swiss==0.3.1
fi
DIR="$PWD/target/differential"
rm -rf "$DIR"
cargo run --profile ci --locked --quiet -p mancala-tournament --example random_tournaments -- "$DIR" "$COUNT" "$SEED"
"$VENV/bin/python" crates/tournament/tests/differential/compare.py "$DIR" "$FLOOR" "$COLOUR_FLOOR"
