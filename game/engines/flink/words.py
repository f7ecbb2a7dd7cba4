"""Flink's words: its log phrases, a turn's line ("lying flat on E5, height 2") and the status
line, in the player's language (``flink.*`` and ``log.flink.*`` keys). Everything in Flink is
public, so every viewer reads the same log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game import i18n
from game.turns import Step
from game.words import Words


def player_name(player: int) -> str:
    """A player by colour, as the board and the log name them (White, Black)."""
    return i18n.t(f"flink.player.{player}")


class FlinkWords(Words):
    def log_text(self, key: str, args: dict) -> str | None:
        words = dict(args)
        if "player" in words:
            words["player"] = player_name(words["player"])
        if "kind" in words:
            words["kind"] = i18n.t(f"flink.kind.{words['kind']}")
        return i18n.t(f"log.flink.{key}", **words)

    def turn_words(self, steps: Sequence[Step]) -> list[str]:
        """One line per turn: how the F lay and where it went; the turn's first step (how the F
        was turned) lends its kind to the second (where it went), and is said alone while the
        piece is not placed yet (a turn under way, the hint's first part)."""
        kind = ""
        out = []
        for step in steps:
            key, args = step.phrase
            if key == "orient":
                kind = i18n.t(f"flink.kind.{args['kind']}")
            elif key in ("place", "place_high"):
                words = {**args, "kind": kind or i18n.t(f"flink.kind.{args['kind']}")}
                out.append(i18n.t(f"log.flink.turn.{key}", **words))
                kind = ""
            elif key == "pass":
                out.append(i18n.t("log.flink.turn.pass"))
        if kind:
            out.append(i18n.t("log.flink.turn.orient", kind=kind))
        return out

    def status(
        self,
        obs: Mapping[str, Any],
        viewer: int,
        names: Sequence[str],
        legal: Sequence[int] | None = None,
    ) -> str:
        """Who won, or whose turn and what to do: the players go by their colours, as on the
        board's header (the seat names are on the seats panel). ``legal``: the viewer's actions
        (None: read from whose turn ``obs`` is)."""
        if obs.get("winner") is not None:
            return i18n.t("flink.status.won", player=player_name(obs["winner"]))
        if obs.get("draw"):
            return i18n.t("flink.status.draw")
        who = player_name(obs["to_move"])
        if not (obs["to_move"] == viewer if legal is None else legal):
            return i18n.t("flink.status.waiting", player=who)
        return i18n.t("flink.status.yours", player=who)

    def header(self, obs: Mapping[str, Any], threat: bool) -> tuple[list[str], str]:
        """The line over the board: each player's pieces left, and the warning while the
        player not to move could connect next turn (``threat``)."""
        left = [
            i18n.t("flink.pieces_left", player=player_name(who), n=n)
            for who, n in enumerate(obs["pieces_left"])
        ]
        warning = i18n.t("flink.threat", player=player_name(1 - obs["to_move"]))
        return left, warning if threat else ""

    def refusal(self, reason: tuple[str, dict[str, Any]]) -> str:
        """Why a placement is refused (``preview.Preview.reason``), in a sentence."""
        return i18n.t(reason[0], **reason[1])

    def picker(self) -> tuple[str, ...]:
        """The picker's title, its two lines of keys and its two groups' names."""
        keys = ("title", "keys", "view_keys", "flat", "standing")
        return tuple(i18n.t(f"flink.picker.{key}") for key in keys)

    def buttons(self) -> dict[str, str]:
        """The view's buttons: turn it left, right, show the best paths."""
        return {"left": "⟲", "right": "⟳", "paths": i18n.t("flink.paths")}

    def stack(self, colours: Sequence[int]) -> str:
        """A column's height and its colours, bottom first (the stack tooltip)."""
        names = ", ".join(player_name(who) for who in colours)
        return i18n.t("flink.stack", n=len(colours), colours=names)


WORDS = FlinkWords()
