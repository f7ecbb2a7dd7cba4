"""``python -m bench.tsuno_bench [--quick]``: the AI bench rows of Tsuno Senki alone.

The same measurements as ``bench/ai_bench.py`` makes for every game (random playouts/s, our
MCTS iterations/s per level's rollouts against OpenSpiel's ``MCTSBot`` on our engine through
``bench/openspiel_adapter.py`` with the ratio, move latency per level), for one game, written to
``bench/tsuno_results.json`` so a Tsuno run does not overwrite the full table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
from pathlib import Path

from bench.__main__ import format_table
from bench.ai_bench import _row, latency_rows, random_playouts_per_second, search_speed_rows

RESULTS = Path(__file__).resolve().parent / "tsuno_results.json"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tsuno_bench", description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rate = random_playouts_per_second("tsuno", 1.0 if args.quick else 3.0)
    rows = [_row("tsuno", "random playouts/s", rate, "1/s")]
    rows += search_speed_rows("tsuno", args.quick)
    rows += latency_rows("tsuno", args.quick)
    print(format_table(rows))
    record = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "quick": args.quick,
        "python": platform.python_version(),
        "machine": platform.platform(),
        "rows": rows,
    }
    RESULTS.write_text(json.dumps(record, indent=2) + "\n")


if __name__ == "__main__":
    main()
