"""``python -m bench [--quick] [--strength]``: run the bench sections, print, write JSON."""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import platform
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results.json"
# Sections in run order; a section that cannot be imported (say, no pygame) is skipped.
SECTIONS = ("bench.ai_bench", "bench.flink_bench", "bench.ui_bench")
COLUMNS = ("game", "metric", "value", "error", "unit", "target")  # error: a standard error


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
    args = parser.parse_args(argv)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
