"""Tsuno Senki's words in the player's language: the log, a turn's lines, the status line, the
action panel's prompt and each action's button with its exact preview (``preview``), the
banners, the dice tray's lines, the castle's caption and the game-over summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engines.base import CHANCE
from game.engines.tsuno import actions as act
from game.engines.tsuno import preview
from game.engines.tsuno.observation import LastRollView, RollView, TsunoObservation
from game.i18n import t
from game.summary import Summary
from game.turns import Step, Turn
from game.words import Words


def percent(p: float) -> str:
    """A probability for people: whole percent, but never "0%" or "100%" for what may happen."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    return f"{min(99, max(1, round(100 * p)))}%"


def name_of(names: Sequence[str], seat: int) -> str:
    """Who plays ``seat`` as the seat list names them; "Player n" where it names no one."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else t("seat.player_n", n=seat + 1)


def variant(key: str, args: Mapping[str, Any]) -> str:
    """The form of ``key`` that says no filler: a soldier sent to the area's own unit comes
    from the castle; an absorption names only the pieces it uses, or none."""
    if key.endswith("replenish") and args.get("target") == args.get("area", args.get("own")):
        return f"{key}.self"
    if key.endswith("absorb"):
        soldiers, reinforcements = args["soldiers"], args["reinforcements"]
        if not soldiers or not reinforcements:
            part = "soldiers" if soldiers else "reinforcements" if reinforcements else "none"
            return f"{key}.{part}"
    return key


class TsunoWords(Words):
    def log_text(self, key: str, args: dict) -> str | None:
        key = variant(key, args)
        if key == "die":
            args = {
                **args,
                "colour": t(f"tsuno.die.{args['colour']}"),
                "roll": t(f"tsuno.roll.{args['roll']}"),
            }
        return t(f"log.tsuno.{key}", **args)

    def turn_words(self, steps: Sequence[Step]) -> list[str]:
        """Decisions in words; the dice of a roll as one line (their faces are the icons)."""
        if len(steps) == 1 and steps[0].phrase[0] == "die":  # a die of a chance-only row
            args = steps[0].phrase[1]
            return [t("log.tsuno.face", colour=t(f"tsuno.die.{args['colour']}"),
                      face=args["face"])]  # fmt: skip
        words: list[str] = []
        faces: list[str] = []
        kind = ""
        for step in steps:
            key, args = step.phrase
            if key == "die":
                faces.append(str(args["face"]))
                kind = str(args["roll"])
                continue
            if faces:
                words.append(
                    t("log.tsuno.roll", roll=t(f"tsuno.roll.{kind}"), faces=" ".join(faces))
                )
                faces = []
            words.append(self.log_text(key, args) or step.text)
        if faces:
            words.append(t("log.tsuno.roll", roll=t(f"tsuno.roll.{kind}"), faces=" ".join(faces)))
        return words

    def recap(self, turns: Sequence[Turn], names: Sequence[str]) -> list[tuple[int, int, str]]:
        """Each teammate's turn in the log's words without its dice (a seat commanding several
        areas acts for each in one turn), with its seat and the area where it ended."""
        notes = []
        for turn in turns:
            decisions = [s for s in turn.steps if s.player != CHANCE]
            words = " · ".join(w for w in self.turn_words(decisions) if w)
            area = decisions[-1].phrase[1].get("area") if decisions else None
            if words and isinstance(area, int):
                notes.append((turn.player, area, f"{name_of(names, turn.player)}: {words}"))
        return notes

    def status(self, obs: Mapping[str, Any], viewer: int, names: Sequence[str]) -> str:
        if obs["phase"] == "over":
            return t(f"tsuno.status.{obs['result']}")
        if obs["phase"] == "roll":
            return t("tsuno.status.roll", roll=t(f"tsuno.roll.{obs['roll']['kind']}"))
        name = name_of(names, obs["to_move"])
        return t("tsuno.status.act", name=name, area=obs["area"], day=obs["day"])

    def prompt(self, obs: TsunoObservation, names: Sequence[str], deciding: bool) -> str:
        """The action panel's heading: who acts (``deciding``: the viewer, or a past position
        reviewed), who is waited for (the viewer, the one human, said as "you"), or the outcome."""
        if obs["phase"] == "over":
            key = "tsuno.panel.victory" if obs["result"] == "victory" else "tsuno.panel.defeat"
            return t(key, area=obs["area"])
        if obs["phase"] == "roll":
            return t("tsuno.panel.rolling")
        seat = obs["to_move"] if obs["to_move"] is not None else -1
        if deciding:
            return t("tsuno.panel.acts", area=obs["area"], name=name_of(names, seat))
        if 0 <= seat < len(names) and names[seat] == t("seat.you"):
            return t("tsuno.panel.waiting.you", area=obs["area"])
        return t("tsuno.panel.waiting", name=name_of(names, seat), area=obs["area"])

    def action_label(self, obs: TsunoObservation, action: int) -> tuple[str, str]:
        """A button's words and its preview line."""
        me = obs["areas"][obs["area"] - 1]
        if action == act.DEFEND:
            loss = preview.defend_loss(obs)
            return t("tsuno.act.defend"), t("tsuno.preview.defend", chips=loss, loss=loss)
        own = {"own": obs["area"]}
        if action == act.ATTACK or act.is_relief(action):
            return self.attack_label(obs, action)
        if act.is_replenish(action):
            words = {**own, "target": act.target_of(action)}
            return (
                t(variant("tsuno.act.replenish", words), **words),
                t(variant("tsuno.preview.replenish", words), **words),
            )
        if act.is_rest(action):
            n = action - act.REST_BASE
            return t("tsuno.act.rest", count=n), t("tsuno.preview.rest", count=n)
        if act.is_lure(action):
            target = act.target_of(action)
            return t("tsuno.act.lure", target=target), t("tsuno.preview.lure", target=target)
        if action == act.HEAL:
            return t("tsuno.act.heal"), t("tsuno.preview.heal")
        if act.is_absorb(action):
            soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
            after = preview.absorb_after(obs, action)
            key = "tsuno.preview.absorb" if after >= 1 else "tsuno.preview.absorb_retreat"
            pieces = {"soldiers": soldiers, "reinforcements": reinforcements}
            return (
                t(variant("tsuno.act.absorb", pieces), **pieces),
                t(key, before=me["morale"], after=after),
            )
        return t("tsuno.act.wait"), t("tsuno.preview.wait")

    def attack_label(self, obs: TsunoObservation, action: int) -> tuple[str, str]:
        """An Attack's or a Relief's button: the odds first (where a narrow button cuts the
        line, it cuts the counts); from the castle with no chip before it, a return."""
        me = obs["areas"][obs["area"] - 1]
        target = obs["area"] if action == act.ATTACK else act.target_of(action)
        if action == act.ATTACK and me["unit"] == "castle" and not me["chips"]:
            return t("tsuno.act.return"), t("tsuno.preview.return")
        odds = preview.attack_preview(obs, target)
        label = (
            t("tsuno.act.attack") if action == act.ATTACK else t("tsuno.act.relief", target=target)
        )
        worst = "tsuno.preview.retreat" if me["unit"] == "area" else "tsuno.preview.fall"
        dice = int(odds["dice"])
        return label, t(
            "tsuno.preview.attack" if odds["chips"] else "tsuno.preview.attack.none",
            chips=odds["chips"],
            dice=t("tsuno.preview.dice.one") if dice == 1 else t("tsuno.preview.dice", n=dice),
            morale=percent(odds["morale"]),
            worst=t(worst, p=percent(odds["worst"])),
        )

    def banner(self, obs: TsunoObservation) -> tuple[str, str] | None:
        """A banner's title and line: victory (the cheer), defeat (which unit fell), a forced
        Defence (the morale its chips cost); None when there is nothing to announce."""
        me = obs["areas"][obs["area"] - 1]
        if obs["result"] == "victory":
            return t("tsuno.banner.victory"), t("tsuno.banner.victory_sub")
        if obs["result"] == "defeat":
            return t("tsuno.banner.defeat"), t("tsuno.banner.defeat_sub", area=obs["area"])
        if obs["phase"] == "action" and me["chips"] >= 2:
            return (
                t("tsuno.banner.defend", area=obs["area"]),
                t("tsuno.banner.defend_sub", chips=me["chips"], loss=me["chips"] - 1),
            )
        return None

    def roll_title(self, roll: RollView | LastRollView) -> str:
        """The dice tray's heading: which roll it shows."""
        if roll["kind"] == "attack":
            return t("tsuno.tray.attack", area=roll["area"])
        return t(f"tsuno.roll.{roll['kind']}")

    def roll_result(self, last: LastRollView) -> str:
        """What a roll did: the morale an attack cost, or the chips that appeared where; the
        areas a triple reinforced."""
        if last["kind"] == "attack":
            text = t("tsuno.tray.loss", loss=last.get("loss", 0))
        else:
            parts = [f"{a}:{c}" for a, c in enumerate(last["counts"], 1) if c]
            text = t("tsuno.tray.chips", counts="  ".join(parts) or "—")
        if last["triples"]:
            text += "  " + t("tsuno.tray.triples", areas=", ".join(map(str, last["triples"])))
        return text

    def castle_caption(self, obs: TsunoObservation) -> str:
        """The castle's name and the game's difficulty."""
        return "半山城 · " + t(f"option.tsuno.difficulty.{obs['difficulty']}")

    def hint_chance(self, chance: float | None) -> str:
        """The team AI's estimated chance to hold the castle after its hinted action."""
        return "" if chance is None else t("tsuno.hint_chance", p=percent(chance))

    def summary(self, obs: Mapping[str, Any], names: Sequence[str]) -> Summary | None:
        """Each area's unit as the game ended, and the game's own length: the days the castle
        held, or the day it fell (a count of turns said "after 1 turns" of a solo game)."""
        rows = []
        solo = len(names) == 1  # every area is the one player's: no name to repeat
        for e in obs["areas"]:
            if not e.get("active", True):
                continue
            morale = str(e["morale"]) if e["unit"] == "area" else t("tsuno.summary.in_castle")
            pieces = str(e["soldiers"] + e["reinforcements"])
            area = t("tsuno.summary.area_alone" if solo else "tsuno.summary.area", area=e["area"],
                     name=name_of(names, e["seat"]))  # fmt: skip
            rows.append([area, morale, pieces, str(e["chips"])])
        if obs["result"] == "victory":
            length = t("tsuno.summary.held", n=obs["day"])
        else:
            length = t("tsuno.summary.fell", day=obs["day"])
        headings = ["", *(t(f"tsuno.summary.{k}") for k in ("morale", "beside", "chips"))]
        return Summary(headings, rows, False, widths=(2.4, 1, 1, 1), subtitle=length)
