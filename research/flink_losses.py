"""Why did a Flink level lose or draw? Read the games it did not win, move by move, from the
strength runner's pair log.

``python -m research.flink_losses [--first-seed S] [--board B] [--match NAME] [--all]`` replays
the logged actions (``research.flink_strength.PAIR_LOG``; no search is run) and prints, for each
game the first-named side drew or lost, the turns where something decided it: a win in one
missed, a win in one handed to the opponent, a threat (the opponent's win in one) left open,
and the threats each side made. Where the level left a threat open it also counts, over every
legal placement, those that would have left the opponent no win in one: none means the
position was already lost (a fork), so the mistake was earlier. ``--all`` lists every turn
with both players' plan-view distances.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

from game.engines.flink import ANCHOR, PASS, FlinkState
from game.engines.flink.paths import crossing
from research.flink_strength import MATCHES, PAIR_LOG, SQUARE, opening


def saving_placements(state: FlinkState) -> tuple[int, int]:
    """(placements that leave the opponent no win in one, legal placements) for the mover."""
    mover = state.current_player()
    saves = tried = 0
    for orientation in state.legal_actions():
        if orientation == PASS:
            continue
        turned = state.clone()
        turned.apply_action(orientation)
        for cell in turned.legal_actions():
            after = turned.clone()
            after.apply_action(cell)
            tried += 1
            if after.is_terminal() or not after.winning_placements(1 - mover, first=True):
                saves += 1
    return saves, tried


def turns(entry: dict, seating: int) -> Iterator[tuple[int, str, str, list[str], FlinkState]]:
    """Each placement of one logged game after the opening: turn number, mover's name, the
    placement in words, what it did (flags), and the position before it."""
    names = entry["names"] if seating == 0 else entry["names"][::-1]
    actions = entry["games"][seating]
    state = opening(entry["seed"], entry.get("board", SQUARE), 0)
    skip = 2 * entry.get("opening", 0)  # placements of the random opening
    turn = placed = 0
    i = 0
    while i < len(actions):
        if actions[i] == PASS:
            state.apply_action(PASS)
            i += 1
            continue
        before = state.clone()
        mover = state.current_player()
        orientation, cell = actions[i], actions[i + 1]
        pid = orientation * state.board.cells_total + cell - ANCHOR
        mine = state.winning_placements(mover)
        theirs = state.winning_placements(1 - mover)
        words = f"{state.action_to_string(orientation)} at cell {cell - ANCHOR}"
        state.apply_action(orientation)
        state.apply_action(cell)
        i += 2
        placed += 1
        if placed <= skip:
            continue
        turn += 1
        flags = []
        if mine and pid not in mine:
            flags.append(f"missed a win in one ({len(mine)} there)")
        if not state.is_terminal():
            left = state.winning_placements(1 - mover)
            if left and theirs:
                flags.append(f"left the threat open ({len(theirs)} -> {len(left)} wins)")
            elif left:
                flags.append(f"handed the opponent a win in one ({len(left)})")
            made = state.winning_placements(mover)
            if made:
                flags.append(f"threatens ({len(made)} wins)")
        yield turn, names[mover], words, flags, before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m research.flink_losses", description=__doc__)
    parser.add_argument("--first-seed", type=int, default=100_000)
    parser.add_argument("--board", choices=[SQUARE, "diamond"], default=SQUARE)
    parser.add_argument("--match", choices=list(MATCHES), default="hard-greedy")
    parser.add_argument("--opening", type=int, default=0)
    parser.add_argument("--all", action="store_true", help="every turn, with distances")
    args = parser.parse_args(argv)
    level = MATCHES[args.match][0]
    for line in PAIR_LOG.read_text().splitlines():
        entry = json.loads(line)
        if (
            tuple(entry["names"]) != MATCHES[args.match]
            or "games" not in entry
            or entry["seed"] < args.first_seed
            or entry.get("board", SQUARE) != args.board
            or entry.get("opening", 0) != args.opening
        ):
            continue
        for seating in (0, 1):
            result = entry["returns"][seating]
            if result > 0:
                continue
            outcome = "draw" if result == 0 else "loss"
            print(f"seed {entry['seed']}, {level} seat {seating}: {outcome}")
            count = 0
            for turn, name, words, flags, before in turns(entry, seating):
                count = turn
                if not (flags or args.all):
                    continue
                note = "; ".join(flags)
                if name == level and "open" in note:
                    saves, tried = saving_placements(before)
                    note += f"; {saves} of {tried} placements would have saved"
                if args.all:
                    board, heights, grid = before.board, before.heights, before.colours
                    distance = [crossing(board, heights, grid, p) for p in (0, 1)]
                    note = f"distances {distance[0]}/{distance[1]} before; {note}"
                print(f"  turn {turn:2d} {name:7s} {words}: {note}")
            print(f"  {count} placements")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
