"""Hostile inputs for `make bench`: the kinds of Markdown cmark's own pathological tests
use, inputs that once made collapse's reading quadratic, and table-specific ones.

Each entry is a name, what it is, and a function of a size that makes its text. The sizes
are set so that cmark-gfm takes a fraction of a second to a few seconds on each.
"""


def nested(open_, middle, close, n):
    return open_ * n + middle + close * n


MARKDOWN = [
    ("nested emphasis", "`*a **a ` ×N, `b`, ` a** a*` ×N",
     lambda n: nested("*a **a ", "b", " a** a*", n), 50_000),
    ("emphasis closers without openers", "`a**` ×N", lambda n: "a**" * n, 500_000),
    ("emphasis openers without closers", "`**a` ×N", lambda n: "**a" * n, 500_000),
    ("link closers without openers", "`a]` ×N", lambda n: "a]" * n, 500_000),
    ("link openers without closers", "`[a` ×N", lambda n: "[a" * n, 500_000),
    ("mismatched openers and closers", "`*a_ ` ×N", lambda n: "*a_ " * n, 500_000),
    ("link openers and emphasis closers", "`[ a_` ×N", lambda n: "[ a_" * n, 500_000),
    ("nested brackets", "`[` ×N, `a`, `]` ×N", lambda n: nested("[", "a", "]", n), 400_000),
    ("nested block quotes", "`>` ×N, ` a`", lambda n: ">" * n + " a\n", 400_000),
    ("nested lists", "a list item N deep", lambda n: "".join("  " * i + "- a\n" for i in range(n)),
     3_000),
    ("backtick runs", "`` ` `` to `` `×N ``, each once",
     lambda n: "".join("e" + "`" * i for i in range(1, n)), 6_000),
    ("unclosed comments", "`<!-- ` ×N in a paragraph", lambda n: "a" + "<!--" * n, 300_000),
    ("reference map collisions", "N definitions whose labels differ in case and space, used",
     lambda n: "".join(f"[A {i}]: /u{i}\n" for i in range(n)) + "\n"
     + "".join(f"[a  {i}] " for i in range(n)) + "\n", 50_000),
    ("emphasis and links in one paragraph", "`a *b* [c](d) e` on N lines of one paragraph",
     lambda n: "a *b* [c](d) e\n" * n, 4_000),
    ("a table of thousands of columns", "a header, delimiter and 100 rows of N columns",
     lambda n: "|" + "a|" * n + "\n|" + "-|" * n + "\n" + ("|" + "b|" * n + "\n") * 100, 3_000),
    ("table rows with mismatched cells", "a header of 1,000 columns, then N rows of one cell",
     lambda n: "|" + "a|" * 1000 + "\n|" + "-|" * 1000 + "\n" + "|b|\n" * n, 2_000),
]


def first_line(n):
    """A first line of n bytes, the old front-matter scan's worst case."""
    return "x" * n + "\n# a\n"


def nul_bytes(n):
    return "\0" * n


def json_string(n):
    return '{"a": "' + "x" * n + '"}\n'
