#!/usr/bin/env python3
"""Print the serial elision of a Cilk-5 source file: the C program obtained by
deleting the keywords `cilk`, `spawn` and `inlet` (an inlet becomes a GNU C
nested function, which gcc compiles) and the statements `sync;` and
`abort;`, and reading SYNCHED as 1.

Comments and string/character literals are left alone, so the elision can be
compiled by any C compiler (the tests use gcc) and compared with the Cilk
program's output."""
import re
import sys

TOKEN = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r'|\b(?:sync|abort)\s*;|\bSYNCHED\b|\b(?:cilk|spawn|inlet)\b', re.S)


def elide(text):
    def repl(m):
        tok = m.group(0)
        if tok.startswith(("/", '"', "'")):
            return tok
        if tok == "SYNCHED":
            return "1"
        return ";" if tok.startswith(("sync", "abort")) else ""
    # #include <cilk.h> has no meaning in the elision.
    text = re.sub(r'^\s*#\s*include\s*[<"]cilk\.h[">][^\n]*', '', text,
                  flags=re.M)
    return TOKEN.sub(repl, text)


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        sys.stdout.write(elide(f.read()))
