#!/usr/bin/env bash
# Runs the browser tests: installs Debian's chromium and playwright-core if missing, builds the
# release binary, and runs web/tests/browser.test.mjs (node's test runner).
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd ../.. && pwd)"

if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
npm ci --no-audit --no-fund --silent

if [ -z "${MANCALA_BIN:-}" ]; then
    (cd "$root" && cargo build --release --locked -p mancala --quiet)
    export MANCALA_BIN="$root/target/release/mancala"
fi
node --test --test-concurrency=1 browser.test.mjs
