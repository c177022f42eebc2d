#!/usr/bin/env python3
"""Print the serial elision of a Cilk-5 source file: the C program obtained by
deleting the keywords `cilk` and `spawn` and the statement `sync;`.

Comments and string/character literals are left alone, so the elision can be
compiled by any C compiler (the tests use gcc) and compared with the Cilk
program's output."""
import re
import sys

TOKEN = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r'|\bsync\s*;|\b(?:cilk|spawn)\b', re.S)


def elide(text):
    def repl(m):
        tok = m.group(0)
        if tok.startswith(("/", '"', "'")):
            return tok
        return ";" if tok.startswith("sync") else ""
    # #include <cilk.h> has no meaning in the elision.
    text = re.sub(r'^\s*#\s*include\s*[<"]cilk\.h[">][^\n]*', '', text,
                  flags=re.M)
    return TOKEN.sub(repl, text)


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        sys.stdout.write(elide(f.read()))
