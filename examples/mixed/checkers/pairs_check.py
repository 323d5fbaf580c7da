#!/usr/bin/python3
# The checker of the mixed example's "pairs" problem, in testlib's protocol:
#   pairs_check.py INPUT OUTPUT ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error,
#   3 the checker's own failure; the message on stderr.
# The judge runs it sandboxed, with its files at /check/input, /check/output and /check/answer.
import sys


def verdict(code, message):
    sys.stderr.write(message + "\n")
    sys.exit(code)


def integers(path, what):
    words = open(path, encoding="ascii", errors="replace").read().split()
    try:
        return [int(w) for w in words]
    except ValueError:
        verdict(2 if what == "output" else 3, f"{what}: expected integers, found {' '.join(words)[:40]!r}")


def main():
    if len(sys.argv) != 4:
        verdict(3, "usage: pairs_check.py INPUT OUTPUT ANSWER")
    (n,) = integers(sys.argv[1], "input")
    if len(integers(sys.argv[3], "answer")) != 2:
        verdict(3, "answer: expected two integers")
    found = integers(sys.argv[2], "output")
    if len(found) != 2:
        verdict(2, f"expected two integers, found {len(found)}")
    a, b = found
    if a < 1 or b < 1:
        verdict(1, f"expected positive integers, found {a} and {b}")
    if a > b:
        verdict(1, f"expected a <= b, found {a} > {b}")
    if a + b != n:
        verdict(1, f"{a} + {b} = {a + b}, expected {n}")
    verdict(0, f"{a} + {b} = {n}")


main()
