"""Compares the pairings of TRF files made by our Dutch system with those of an independent
implementation of the FIDE Dutch rules (the PyPI package caissify-pairings), round by round:
the same pairs, the same colours, the same bye. Prints every difference and a summary line;
exits 1 when fewer rounds than the floor given as the second argument (a fraction, 1 by
default) agree on the pairs: the floor keeps the agreement from falling back while the
remaining differences are worked through.

Colours are compared and reported but not held to the floor: the reference ranks the two
players of a pair by pairing number alone when it allocates colours (rules E.4 and E.5), where
the rules' order (A.2) is the score first, then the pairing number; the two differ whenever
the players of a pair have different scores and the same preference."""

import glob
import os
import sys

from caissify_pairings.fpc import check_trf


def pairs(pairings):
    out = set()
    for p in pairings:
        out.add((p["white"], p.get("black")))
    return out


def main():
    directory = sys.argv[1]
    floor = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    files = sorted(glob.glob(os.path.join(directory, "*.trf")))
    compared = same_pairs = same_colours = 0
    differences = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            report = check_trf(f.read())
        for r in report["rounds"]:
            compared += 1
            ours = pairs(r["trf_pairings"])
            theirs = pairs(r["engine_pairings"])
            unordered = lambda s: {(min(a, b or 0), max(a, b or 0)) for a, b in s}
            if unordered(ours) == unordered(theirs):
                same_pairs += 1
                if ours == theirs:
                    same_colours += 1
                    continue
            differences.append(
                "%s round %d: ours only %s, reference only %s%s"
                % (
                    os.path.basename(path),
                    r["round"],
                    sorted(ours - theirs, key=str),
                    sorted(theirs - ours, key=str),
                    " (%s)" % r["engine_error"] if "engine_error" in r else "",
                )
            )
    for d in differences:
        print(d)
    print(
        "differential: %d tournaments, %d rounds compared, %d with the same pairs, "
        "%d with the same pairs and colours, %d differ"
        % (len(files), compared, same_pairs, same_colours, compared - same_colours)
    )
    if compared == 0 or same_pairs < floor * compared:
        print("differential: below the floor of %.0f%% agreement" % (100 * floor))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
