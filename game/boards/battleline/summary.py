"""Battle Line's game-over summary: who holds which flag and how the game was won; in match
play a table of the games and the match result, the tie-break said in words (rules §1.11: most
points, then most games won, else a drawn match — ``BattleLineState.match_winner``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import t
from game.summary import Summary, said


def _how_key(result: dict) -> str:
    return str(result["how"]).replace(" ", "_")


def match_result(obs: Mapping[str, Any], names: list[str]) -> str:
    """The match's result in words, with the tie-break when the points are level."""
    match = obs["match"]
    points, wins = match["points"], match["wins"]
    if points[0] != points[1]:
        top = 0 if points[0] > points[1] else 1
        return said("summary.battleline.on_points", names, top, a=points[top], b=points[1 - top])
    if wins[0] != wins[1]:
        top = 0 if wins[0] > wins[1] else 1
        return said(
            "summary.battleline.on_games", names, top, p=points[0], w=wins[top], l=wins[1 - top]
        )
    return t("summary.battleline.drawn_match", p=points[0], w=wins[0])


def _flag_list(claimed: list[int], seat: int) -> str:
    held = [str(f + 1) for f, owner in enumerate(claimed) if owner == seat]
    return " ".join(held) if held else "–"


def _single(obs: Mapping[str, Any], names: list[str]) -> Summary:
    result = obs["match"]["results"][-1]
    claimed = result["claimed"]
    rows = [[names[s], str(result["flags"][s]), _flag_list(claimed, s)] for s in (0, 1)]
    notes = [t(f"battleline.how.{_how_key(result)}")]
    if -1 in claimed:
        notes.append(t("summary.battleline.open_flags", flags=_flag_list(claimed, -1)))
    return Summary(
        headings=["", t("summary.battleline.flags"), t("summary.battleline.which")],
        rows=rows,
        per_seat=True,
        notes=tuple(notes),
    )


def _games(obs: Mapping[str, Any], names: list[str]) -> Summary:
    match = obs["match"]
    rows = []
    for n, result in enumerate(match["results"], 1):
        winner = result["winner"]
        rows.append(
            [
                str(n),
                names[winner] if winner >= 0 else t("summary.battleline.draw"),
                t(f"summary.battleline.short.{_how_key(result)}"),
                *map(str, result["points"]),
            ]
        )
    rows.append([t("summary.battleline.total"), "", "", *map(str, match["points"])])
    return Summary(
        headings=[
            t("summary.battleline.game"),
            t("summary.battleline.winner"),
            t("summary.battleline.how"),
            *names,
        ],
        rows=rows,
        per_seat=False,
        notes=(match_result(obs, names),),
        widths=(0.11, 0.27, 0.22, 0.2, 0.2),
        total=True,
    )


def battleline_summary(obs: Mapping[str, Any], names: list[str]) -> Summary | None:
    """The summary of a finished single game or match (None before the end)."""
    if obs["phase"] != "over" or not obs["match"]["results"]:
        return None
    return _single(obs, names) if obs["match"]["games"] == 1 else _games(obs, names)
