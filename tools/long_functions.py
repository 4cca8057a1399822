#!/usr/bin/env python3
"""Functions longer than a limit, longest first: the guide's "functions that fit on a screen
(<= 60 lines in src/app)" measured. A function's length is its lines from the `fn` line to its
closing brace, both counted (doc comments and attributes above it are not); test modules
(`#[cfg(test)]` to the end of a file) are left out.

Usage: tools/long_functions.py [DIR] [LIMIT]     (default src/app 60)
Prints `LINES path:line name` for each function over LIMIT, then the count and the longest."""

import os
import re
import sys

FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def code_only(text):
    """The text with comments, strings and character literals blanked (newlines kept), so the
    braces left are the code's."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            j = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i : j + 1]))
            i = j + 1
        elif c == "'":
            # A character literal ('{', '\n', '\u{7b}'), not a lifetime ('a).
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(name, first line, lines) of every function with a body in the file, tests left out."""
    text = code_only(open(path, encoding="utf-8").read())
    text = text.split("#[cfg(test)]")[0]
    found = []
    for m in FN.finditer(text):
        # The body opens at the first `{` not inside the signature's parentheses or angle
        # brackets' where-clause; a `;` first means no body (a trait's declaration).
        depth, j = 0, m.end()
        while j < len(text):
            ch = text[j]
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif depth == 0 and ch == ";":
                j = -1
                break
            elif depth == 0 and ch == "{":
                break
            j += 1
        if j < 0 or j >= len(text):
            continue
        braces, k = 0, j
        while k < len(text):
            if text[k] == "{":
                braces += 1
            elif text[k] == "}":
                braces -= 1
                if braces == 0:
                    break
            k += 1
        first = text.count("\n", 0, m.start()) + 1
        last = text.count("\n", 0, k) + 1
        found.append((m.group(1), first, last - first + 1))
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "src/app"
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    long = []
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".rs"):
                path = os.path.join(folder, name)
                long += [(lines, path, line, fn) for fn, line, lines in functions(path) if lines > limit]
    long.sort(key=lambda f: (-f[0], f[1], f[2]))
    for lines, path, line, fn in long:
        print(f"{lines:4} {path}:{line} {fn}")
    longest = f"{long[0][3]} ({long[0][0]} lines)" if long else "none"
    print(f"{len(long)} functions in {root} over {limit} lines; the longest: {longest}")


if __name__ == "__main__":
    main()
