"""Frontline General's game-over summary: who won and how (rules §7: 51 VP at once, an overrun
after three qualifying end-of-combat checks, or our turn limit, where more VP win and level VP
draw), each army's VP split into what destroying and what capturing earned, the captures by
name, and the turn the game ended on.

Everything comes from the final observation. It carries each seat's VP and the part of it the
engine recorded as earned by capturing (double cost), its prisoners (crews and infantry taken)
and the captured vehicles and guns still in the Battle Area (``captured_from``); the rest of a
seat's VP was earned by destroying units and killing crews.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engines.frontline.options import NO_LIMIT, TURN_LIMIT, WIN_VP
from game.engines.frontline.words import unit_name
from game.i18n import get_language, t
from game.summary import Summary, said


def captured(obs: Mapping[str, Any], seat: int) -> list[int]:
    """The cards ``seat`` captured that the observation still shows: its prisoners, then the
    enemy units in the Battle Area that it took."""
    board = obs["board"]
    taken = [u["card"] for u in board if u["owner"] == seat and u["captured_from"] == 1 - seat]
    return list(obs["seats"][seat]["prisoners"]) + taken


def vp_sources(obs: Mapping[str, Any], seat: int) -> tuple[int, int]:
    """``seat``'s VP from destroying (units destroyed, crews killed) and from capturing (double
    the cost of every card taken, §7), as the engine recorded them."""
    info = obs["seats"][seat]
    return info["vp"] - info["vp_captured"], info["vp_captured"]


def card_name(card: int) -> str:
    """A card's name as the table shows it, in the player's language."""
    return unit_name(card, get_language())


def how_it_ended(obs: Mapping[str, Any], names: list[str]) -> str:
    """The winner and how, in words (a draw says why it is one)."""
    winner, reason, turn = obs["winner"], obs["end_reason"], obs["turn"]
    vp = [s["vp"] for s in obs["seats"]]
    if reason == "turn_limit":
        limit = obs["options"][TURN_LIMIT]
        if winner is None or winner < 0:
            return t("summary.frontline.level", limit=limit, vp=vp[0])
        return said("summary.frontline.on_vp", names, winner, limit=limit, a=vp[winner],
                     b=vp[1 - winner])  # fmt: skip
    if reason == "overrun":
        return said("summary.frontline.overrun", names, winner, turn=turn)
    return said("summary.frontline.vp", names, winner, vp=vp[winner], turn=turn, need=WIN_VP)


def frontline_summary(obs: Mapping[str, Any], names: list[str]) -> Summary | None:
    """The summary of a finished game (None before the end)."""
    if obs["phase"] != "over":
        return None
    rows, notes = [], [how_it_ended(obs, names)]
    for seat in (0, 1):
        destroyed, capture = vp_sources(obs, seat)
        mine = obs["seats"][seat]
        army = t(f"frontline.builder.army.{mine['army']}")
        rows.append([names[seat], army, str(mine["vp"]), str(destroyed), str(capture)])
        taken = captured(obs, seat)
        if taken:
            cards = ", ".join(card_name(card) for card in taken)
            notes.append(said("summary.frontline.taken", names, seat, cards=cards))
    return Summary(
        headings=[
            "",
            t("summary.frontline.army"),
            t("summary.frontline.vp_total"),
            t("summary.frontline.destroyed"),
            t("summary.frontline.captured"),
        ],
        rows=rows,
        per_seat=True,
        notes=tuple(notes),
        widths=(0.26, 0.24, 0.14, 0.18, 0.18),
        subtitle=_turns(obs),
    )


def _turns(obs: Mapping[str, Any]) -> str:
    """The turn the game ended on, with the turn limit where one was set."""
    limit = obs["options"][TURN_LIMIT]
    if limit == NO_LIMIT:
        return t("summary.frontline.turns_no_limit", n=obs["turn"])
    return t("summary.frontline.turns", n=obs["turn"], limit=limit)
