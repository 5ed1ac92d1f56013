"""Compares the pairings of TRF files made by our Dutch system with those of an independent
implementation of the FIDE Dutch rules (the PyPI package py4swiss, whose authors test it to give
the same pairings as bbpPairings, the reference program FIDE endorses), round by round: the same
pairs, the same colours, the same bye.

For round R, the reference is given the file cut after round R - 1, with the round-R entries of
players who are not to be paired (requested byes, absences, withdrawals: `0000 - H/Z/F`) kept,
which is how pairing programs learn who is not there.

Prints every difference and a summary line (with the figures per 1,000 rounds); exits 1 when
fewer rounds than the floors given agree (fractions: pairs, then pairs and colours)."""

import glob
import os
import sys
import tempfile
from pathlib import Path

from py4swiss.engines import DutchEngine
from py4swiss.trf import TrfParser

ROUND_START = 89  # a round block is "  OOOO C R", its opponent in columns 92-95 for round 1
BLOCK = 10
VALUE = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "H": 0.5, "D": 0.5}


def blocks(line):
    body = line.rstrip("\n")
    out = []
    i = ROUND_START
    while i < len(body):
        out.append(body[i : i + BLOCK].ljust(BLOCK))
        i += BLOCK
    return body[:ROUND_START].ljust(ROUND_START), out


def absent(block):
    """A round entry that keeps a player out of the pairing."""
    return block[2:6].strip() in ("0000", "0", "") and block[9] in "HZF"


def played_pairs(lines, rnd):
    """The pairs and bye of round `rnd` as written in the file."""
    pairs = set()
    bye = None
    for line in lines:
        if not line.startswith("001"):
            continue
        head, bl = blocks(line)
        me = int(head[4:8])
        if rnd > len(bl):
            continue
        b = bl[rnd - 1]
        opp = b[2:6].strip()
        if b[9] == "U":
            bye = me
        elif opp not in ("", "0", "0000") and b[7] == "w":
            pairs.add((me, int(opp)))
    return pairs, bye


def cut(lines, rnd):
    """The file as it was before round `rnd` was paired."""
    out = []
    for line in lines:
        if not line.startswith("001"):
            out.append(line.rstrip("\n"))
            continue
        head, bl = blocks(line)
        keep = bl[: rnd - 1]
        if len(bl) >= rnd and absent(bl[rnd - 1]):
            keep.append(bl[rnd - 1])
        points = sum(VALUE.get(b[9], 0.0) for b in keep)
        head = head[:80] + ("%4.1f" % points) + head[84:]
        out.append(head + "".join(keep))
    return "\n".join(out) + "\n"


def reference(text):
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        trf = TrfParser.parse(Path(path))
        got = DutchEngine.generate_pairings(trf)
    finally:
        os.unlink(path)
    pairs = set()
    bye = None
    for p in got:
        if p.black == 0:
            bye = p.white
        else:
            pairs.add((p.white, p.black))
    return pairs, bye


def main():
    directory = sys.argv[1]
    floor = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    colour_floor = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    files = sorted(glob.glob(os.path.join(directory, "*.trf")))
    compared = same_pairs = same_colours = 0
    differences = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        rounds = max(
            (len(blocks(l)[1]) for l in lines if l.startswith("001")), default=0
        )
        for rnd in range(1, rounds + 1):
            ours, our_bye = played_pairs(lines, rnd)
            if not ours and our_bye is None:
                continue
            compared += 1
            try:
                theirs, their_bye = reference(cut(lines, rnd))
            except Exception as e:  # the reference refused the round
                differences.append(
                    "%s round %d: reference error %s" % (os.path.basename(path), rnd, e)
                )
                continue
            unordered = lambda s: {tuple(sorted(p)) for p in s}
            if unordered(ours) == unordered(theirs) and our_bye == their_bye:
                same_pairs += 1
                if ours == theirs:
                    same_colours += 1
                    continue
            differences.append(
                "%s round %d: ours only %s, reference only %s, byes %s %s"
                % (
                    os.path.basename(path),
                    rnd,
                    sorted(ours - theirs),
                    sorted(theirs - ours),
                    our_bye,
                    their_bye,
                )
            )
    for d in differences:
        print(d)
    per = lambda x: 1000.0 * x / compared if compared else 0.0
    print(
        "differential: %d tournaments, %d rounds compared, %d with the same pairs (%.0f per 1,000), "
        "%d with the same pairs and colours (%.0f per 1,000)"
        % (len(files), compared, same_pairs, per(same_pairs), same_colours, per(same_colours))
    )
    if compared == 0 or same_pairs < floor * compared or same_colours < colour_floor * compared:
        print(
            "differential: below the floors of %.1f%% (pairs) and %.1f%% (pairs and colours)"
            % (100 * floor, 100 * colour_floor)
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
