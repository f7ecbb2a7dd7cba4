"""Flat Front in the player's language: the move log, a turn's lines, forced-move and hint
sentences, the status line and the banner over the field (through the ``flatfront`` i18n keys;
no pygame), for the board, the log, the review and the network views alike."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, NamedTuple, cast

from game import i18n
from game.engines.base import State
from game.engines.flatfront.observation import FlatFrontObservation
from game.engines.flatfront.previews import can_attack, piece_mixes
from game.engines.flatfront.rules import POWERS, RED
from game.turns import Step
from game.words import Words


def side_name(side: int) -> str:
    return i18n.t(f"side.flatfront.{side}")


def squares_label(n: int) -> str:
    key = "no_squares" if n == 0 else "squares_one" if n == 1 else "squares"
    return i18n.t(f"flatfront.{key}", n=n)


def _named(key: str, args: dict) -> str:
    """Text ``key`` with the phrase's sides (``side``, ``target``) said by name."""
    sides = {k: side_name(v) for k, v in args.items() if k in ("side", "target")}
    return i18n.t(key, **{**args, **sides})


class BannerWords(NamedTuple):
    """The banner over the field: its lines, the side it speaks of (its colour and mark; None
    for a draw) and a key that changes when the banner should swap."""

    title: str
    subtitle: str
    side: int | None
    key: Hashable


class FlatFrontWords(Words):
    def log_text(self, key: str, args: dict) -> str | None:
        return _named(f"log.flatfront.{key}", args)

    def turn_words(self, steps: Sequence[Step]) -> list[str]:
        """Each step without its subject or coordinates (hovering the row marks the tile)."""
        out = []
        for i, step in enumerate(steps):
            key, args = step.phrase
            if key == "place" and i and steps[i - 1].phrase[0] == "turn_up":
                continue  # "places a 2-square tile" said it
            if key == "turn_up" and i + 1 < len(steps) and steps[i + 1].phrase[0] == "place":
                key = "places_tile"
            out.append(_named(f"log.turn.flatfront.{key}", args))
        return out

    def action_words(self, state: State, action: int) -> str:
        """The side, then the log's words for the action: no coordinates ("Blue places the
        tile")."""
        phrase = state.action_phrase(action)
        step = Step(len(state.history), state.current_player(), phrase, "")
        side = side_name(int(phrase[1].get("side", state.current_player())))
        return i18n.t("flatfront.said", side=side, words=self.turn_words([step])[0])

    def status(self, obs: Mapping[str, Any], viewer: int, names: Sequence[str]) -> str:
        """Whose turn and what to do: the viewer is told how; the others' turns are named."""
        ff = cast(FlatFrontObservation, obs)
        phase, mover = ff["phase"], ff["to_move"]
        if phase == "over":
            banner = self.banner(ff)
            return i18n.t("flatfront.status.over", result=banner.title if banner else "")
        if mover < 0:
            return i18n.t("flatfront.status.turn_up")
        mine = mover == viewer
        if phase == "placement":
            key = "place" if mine else "placing"
        elif phase == "pieces":
            key = "pieces" if mine else "choosing"
        else:
            key = "pass" if not can_attack(ff) else "attack" if mine else "attacking"
        n = len(piece_mixes(ff))
        return i18n.t(f"flatfront.status.{key}", side=side_name(mover), n=n)

    def banner(self, obs: FlatFrontObservation) -> BannerWords | None:
        """The banner for an observation: whose tile came up, who attacks, who won."""
        phase, tiles, fu = obs["phase"], obs["tiles"], obs["face_up"]
        if phase == "over":
            winner = obs["winner"]
            # The winner's numbers first ("Red wins! Tiles 5 to 4"), Blue's first on a draw.
            b, r = obs["score"][::-1] if winner == RED else obs["score"]
            numbers = {"blue": b["tiles"], "red": r["tiles"], "bp": b["power"], "rp": r["power"]}
            result = i18n.t("flatfront.banner.result", **numbers)
            if not isinstance(winner, int):
                return BannerWords(i18n.t("flatfront.banner.draw"), result, None, "over")
            title = i18n.t("flatfront.banner.wins", side=side_name(winner))
            return BannerWords(title, result, winner, "over")
        if phase == "placement" and fu is None:
            return None
        side = fu["owner"] if phase == "placement" and fu is not None else obs["to_move"]
        title, n = i18n.t("flatfront.banner.tile", side=side_name(side)), len(tiles)
        key: Hashable
        if phase == "combat":
            title, key = i18n.t("flatfront.banner.combat"), ("combat", side)
            fallen = any(not p["standing"] for t in tiles for p in t["pieces"])
            first = side == obs["first_attacker"] and not fallen
            sub = "attacks_first" if first else "attacks"
            sub = sub if can_attack(obs) else "cannot"
        elif phase == "pieces" and obs["pending_tile"] is not None:
            key, n = ("turn", obs["pending_tile"]), tiles[obs["pending_tile"]]["squares"]
            sub = "piece_one" if n == 1 else "pieces"
        else:
            key = ("turn", n)
            sub = "first" if not tiles else "again" if tiles[-1]["owner"] == side else "places"
        sub_text = i18n.t(f"flatfront.banner.{sub}", side=side_name(side), n=n)
        return BannerWords(title, sub_text, side, key)

    def odds(self, obs: FlatFrontObservation, tile: int) -> tuple[bool, str, str]:
        """An attack on ``tile`` now: whether it knocks it down, attack against defence, and
        the verdict in words."""
        attack, defence = obs["attacks"][str(tile)], obs["defence"][str(tile)]
        said = i18n.t("flatfront.attack_vs", attack=attack, defence=defence)
        ok = attack > defence
        return ok, said, i18n.t("flatfront.attack_ok" if ok else "flatfront.attack_short")

    def mix(self, mix: tuple[int, int, int]) -> tuple[str, str]:
        """A piece mix (ones, twos, fours) as a choice: its pieces, then its power."""
        powers = [power for power, n in zip(POWERS, mix, strict=True) for _ in range(n)]
        return " + ".join(map(str, powers)), i18n.t("flatfront.option_power", n=sum(powers))

    def passes(self, side: int) -> BannerWords:
        """The short banner of a pass."""
        title = i18n.t("flatfront.banner.passes", side=side_name(side))
        return BannerWords(title, i18n.t("flatfront.banner.passes_sub"), side, ("pass", side))
