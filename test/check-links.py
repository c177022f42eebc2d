#!/usr/bin/env python3
"""check-links.py - relative links of the project's Markdown files.

usage: check-links.py [ROOT]   (default: the repository above this script)

Scans every *.md file under ROOT (but the build trees at the top, build*/
and install/, .git and other hidden directories) and checks each inline link [text](target) whose target
is relative (no scheme such as https:, no mailto:): the file or directory it
names must exist, and a #anchor (also a bare #anchor, into the same file)
must be the slug of a heading of the target Markdown file, as GitHub makes
them: lowercase, punctuation but '-' and '_' dropped, spaces made '-', and
a repeated slug numbered -1, -2, ... Links and headings inside fenced code
blocks and inline code spans do not count. Prints each broken link as
FILE:LINE: message and exits 1 if there is any, else prints a summary and
exits 0.
"""
import os
import re
import sys
import unicodedata

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target "title"); the text may hold one level of brackets.
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^)\s>]*)>?"
                  r"(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def skip_dir(name, top):
    """Hidden directories, caches, and the build trees at the top."""
    return name.startswith(".") or name == "__pycache__" or \
        (top and (name.startswith("build") or name == "install"))


def markdown_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        top = os.path.samefile(dirpath, root)
        dirnames[:] = sorted(d for d in dirnames if not skip_dir(d, top))
        for f in sorted(filenames):
            if f.endswith(".md"):
                yield os.path.join(dirpath, f)


def strip_code_spans(line):
    """The line with each inline code span blanked out (same length)."""
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def prose_lines(text):
    """(line number, line) of the lines outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and \
                    len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield n, line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = heading
    # Links and images keep their text; emphasis and code marks go.
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.strip().lower()
    out = []
    for ch in text:
        if ch in "-_" or ch.isalnum():
            out.append(ch)
        elif ch == " ":
            out.append("-")
        elif unicodedata.category(ch).startswith(("L", "N", "M")):
            out.append(ch)
        # everything else (punctuation, symbols) is dropped
    return "".join(out)


_anchors = {}


def anchors(path):
    """The set of heading anchors of the Markdown file at path."""
    if path not in _anchors:
        seen = {}
        result = set()
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for _, line in prose_lines(text):
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            result.add(base if n == 0 else f"{base}-{n}")
        _anchors[path] = result
    return _anchors[path]


def links(text):
    """(line number, target) of every inline link outside code."""
    lines = list(prose_lines(text))
    # Join the prose so that a link may wrap across lines; keep line numbers.
    starts, joined, pos = [], [], 0
    for n, line in lines:
        starts.append((pos, n))
        stripped = strip_code_spans(line)
        joined.append(stripped)
        pos += len(stripped) + 1
    body = "\n".join(joined)
    for m in LINK.finditer(body):
        at = m.start()
        line = 0
        for p, n in starts:
            if p > at:
                break
            line = n
        yield line, m.group(2)


def check(root):
    root = os.path.abspath(root)
    errors, count, files = [], 0, 0
    for md in markdown_files(root):
        files += 1
        with open(md, encoding="utf-8") as f:
            text = f.read()
        rel = os.path.relpath(md, root)
        for line, target in links(text):
            if not target or SCHEME.match(target) or target.startswith("//"):
                continue
            count += 1
            path, _, anchor = target.partition("#")
            dest = md if not path else os.path.normpath(
                os.path.join(os.path.dirname(md), path))
            if path and not os.path.exists(dest):
                errors.append(f"{rel}:{line}: '{target}': no file "
                              f"{os.path.relpath(dest, root)}")
                continue
            if not anchor:
                continue
            if os.path.isdir(dest) or not dest.endswith(".md"):
                errors.append(f"{rel}:{line}: '{target}': an anchor into "
                              f"something that is not a Markdown file")
                continue
            if anchor not in anchors(dest):
                errors.append(f"{rel}:{line}: '{target}': no heading "
                              f"'#{anchor}' in {os.path.relpath(dest, root)}")
    if files == 0:
        print(f"check-links: no Markdown files under {root}")
        return 1
    for e in errors:
        print(e)
    if errors:
        print(f"check-links: {len(errors)} broken of {count} relative links "
              f"in {files} Markdown files")
        return 1
    print(f"check-links: {count} relative links in {files} Markdown files, "
          f"all good")
    return 0


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1
                   else os.path.join(here, "..")))
