"""``python -m bench [--quick] [--strength]``: run the bench sections, print, write
``bench/results.json`` and ``docs/benchmarks.md`` (its tables). ``--docs`` only rewrites the page
from the JSON; ``--check-docs`` exits 1 if the page does not match it."""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import platform
from pathlib import Path

from bench.report import render

RESULTS = Path(__file__).resolve().parent / "results.json"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
# Sections in run order; a section that cannot be imported (say, no pygame) is skipped.
SECTIONS = ("bench.ai_bench", "bench.flink_bench", "bench.ui_bench")
COLUMNS = ("game", "metric", "value", "error", "unit", "target")  # error: a standard error


def write_docs() -> None:
    DOCS.write_text(render(json.loads(RESULTS.read_text())), encoding="utf-8")
    print(f"wrote {DOCS}")


def docs_match() -> bool:
    """Whether docs/benchmarks.md is the page of bench/results.json."""
    current = DOCS.read_text(encoding="utf-8") if DOCS.exists() else ""
    return current == render(json.loads(RESULTS.read_text()))


def format_table(rows: list[dict]) -> str:
    cells = [[str(row.get(column, "")) for column in COLUMNS] for row in rows]
    widths = [max(len(c) for c in column) for column in zip(COLUMNS, *cells, strict=False)]
    lines = [
        "  ".join(text.ljust(width) for text, width in zip(line, widths, strict=True)).rstrip()
        for line in [list(COLUMNS), *cells]
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test)")
    parser.add_argument(
        "--strength", action="store_true", help="also play AI level tournaments (minutes)"
    )
    parser.add_argument("--docs", action="store_true", help="only rewrite docs/benchmarks.md")
    parser.add_argument(
        "--check-docs", action="store_true", help="exit 1 if docs/benchmarks.md is stale"
    )
    args = parser.parse_args(argv)
    if args.check_docs:
        fresh = docs_match()
        print(
            "docs/benchmarks.md matches bench/results.json"
            if fresh
            else "docs/benchmarks.md is stale: python -m bench --docs"
        )
        return 0 if fresh else 1
    if args.docs:
        write_docs()
        return 0
    strength = ["bench.strength", "bench.tsuno_strength", "bench.frontline_strength"]
    strength = strength if args.strength else []
    sections = list(SECTIONS) + strength
    rows: list[dict] = []
    for name in sections:
        try:
            module = importlib.import_module(name)
        except ImportError as err:
            print(f"skipping {name}: {err}")
            continue
        section_rows = module.run(args.quick)
        print(format_table(section_rows), end="\n\n", flush=True)
        rows.extend(section_rows)
    print(format_table(rows))
    RESULTS.write_text(
        json.dumps(
            {
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "quick": args.quick,
                "python": platform.python_version(),
                "machine": platform.platform(),
                "rows": rows,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"\nwrote {RESULTS}")
    write_docs()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
