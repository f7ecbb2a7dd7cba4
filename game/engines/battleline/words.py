"""Battle Line in the player's language: the move log's phrases as the viewer saw them, a turn in
short, the status line, the step of a tactics card being resolved, a claim's verdict, the result
of a game or match and its game-over summary (``game.words`` says why words live beside the
engine). No pygame here: the board, the log, the review and the network views share these."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engines.base import State
from game.engines.battleline import knowledge
from game.engines.battleline.actions import DISCARD, DONE, PASS
from game.engines.battleline.cards import (
    DESERTER,
    ENVIRONMENT,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    TRAITOR,
    card_name,
    colour_of,
    value_of,
)
from game.engines.battleline.observation import BattleLineObservation, FlagView, FormationView
from game.engines.battleline.state import BattleLineState
from game.i18n import t
from game.summary import Summary, said
from game.turns import Phrase, Step
from game.words import Words

# The six troop colours' symbols, as the cards show them ("♦7"): every colour has its own.
SUIT_SYMBOLS = ("♦", "★", "☀", "♣", "♠", "♛")
# The tactics cards whose choice of a card or deck is a step of its own (status and step panel).
SPECIAL = {SCOUT: "scout", REDEPLOY: "redeploy", DESERTER: "deserter", TRAITOR: "traitor"}
STEPS = {  # phase: the tactics card resolved and the step reached
    "redeploy_from": (REDEPLOY, "choose_card"),
    "redeploy_to": (REDEPLOY, "choose_flag"),
    "deserter": (DESERTER, "choose_card"),
    "traitor_from": (TRAITOR, "choose_card"),
    "traitor_to": (TRAITOR, "choose_flag"),
}


def card_label(card: int) -> str:
    """A card in words: "♦7" for a troop card, the tactics card's full name otherwise."""
    if card < NUM_TROOPS:
        return f"{SUIT_SYMBOLS[colour_of(card)]}{value_of(card)}"
    return t(f"battleline.tactic.{card}")


def short_name(key: int | str) -> str:
    """The name on a card's face: a tactics card's (by id) or a family's (``"guile"``)."""
    if isinstance(key, int):
        return t(f"battleline.card.{key}")
    return t(f"battleline.family.{key}")


def formation_label(formation: FormationView | Mapping[str, Any]) -> str:
    """A formation and its total: "Wedge 27"."""
    return f"{t('battleline.formation.' + str(formation['rank']))} {formation['total']}"


def explained(tactic: int) -> str:
    """A tactics card's name and what it does."""
    return f"{t(f'battleline.tactic.{tactic}')}: {t(f'battleline.help.{tactic}')}"


def _how_key(result: Mapping[str, Any]) -> str:
    return str(result["how"]).replace(" ", "_")


def how_words(result: Mapping[str, Any]) -> str:
    """How a game was won ("Breakthrough: three adjacent flags")."""
    return t(f"battleline.how.{_how_key(result)}")


def _log_card_name(card: int) -> str:
    """A card as the move log's long form names it ("Red 7", a tactics card's log name)."""
    tactic = t(f"log.battleline.card.{card}") if card >= NUM_TROOPS else ""
    return tactic or card_name(card)


def _args(args: Mapping[str, Any], card: Callable[[int], str] = card_label) -> dict[str, Any]:
    """A phrase's arguments in words: ``card`` names a card, decks and players by name."""
    words = dict(args)
    if "player" in args:
        words["player"] = t("battleline.player", n=args["player"] + 1)
    if "card" in args:
        words["card"] = card(args["card"])
    if "deck" in args:
        words["deck"] = t(f"log.battleline.deck.{args['deck']}")
    return words


BUTTONS = {  # the side column's button of the moment
    PASS: "battleline.button.pass",
    DONE: "battleline.button.done",
    DISCARD: "battleline.button.discard",  # Redeploy's card
}


def button_label(action: int) -> str:
    """Pass, Done (claiming) or Discard, on the side column's button."""
    return t(BUTTONS[action])


def plate_counters(obs: BattleLineObservation, side: int) -> tuple[str, ...]:
    """A side's counters on its name plate: flags held, tactics played (when tactics are in
    play), points (in a match)."""
    held = sum(f["claimed_by"] == side for f in obs["flags"])
    counters = [t("battleline.flags_held", n=held)]
    if obs["options"].get("tactics", "on") == "on":
        counters.append(t("battleline.tactics_played", n=obs["tactics_played"][side]))
    if obs["match"]["games"] > 1:
        counters.append(t("battleline.points", n=obs["match"]["points"][side]))
    return tuple(counters)


def claim_words(flag: FlagView, n: int, me: int, opponent: str, claiming: bool) -> str:
    """Why flag ``n`` (0-based) can or cannot be claimed by ``me`` (their side is complete)."""
    claim = flag["claim"]
    mine, theirs = flag["formation"][me], flag["formation"][1 - me]
    assert claim is not None and mine is not None
    args = {"n": n + 1, "mine": formation_label(mine), "name": opponent}
    if claim["provable"]:
        when = "battleline.tip.claim_now" if claiming else "battleline.tip.after_play"
        return f"{t('battleline.tip.provable', **args)} {t(when)}"
    if theirs is not None:
        if (theirs["rank"], theirs["total"]) == (mine["rank"], mine["total"]):
            return t("battleline.tip.tie_lost", **args)
        return t("battleline.tip.beaten", **args, theirs=formation_label(theirs))
    beaten = claim["beaten_by"]
    return t(
        "battleline.tip.could_reach", **args, theirs=formation_label(beaten) if beaten else "?"
    )


def resolving(obs: BattleLineObservation, selected: int | None) -> tuple[int, str] | None:
    """The tactics card whose decisions are being made (or ``selected`` in the hand), and the
    step reached, in words."""
    phase, pending = obs["phase"], obs["pending"]
    if phase == "scout_return":
        return SCOUT, t("battleline.step.scout_return", n=pending["scout_returns_left"])
    if phase == "scout_draw" or (phase == "draw_card" and pending["scout_draws_left"]):
        return SCOUT, t("battleline.step.scout_draw", n=4 - pending["scout_draws_left"])
    if phase in STEPS:
        card, step = STEPS[phase]
        return card, t(f"battleline.step.{step}")
    waiting = pending["card"]
    if phase == "flag" and waiting is not None and waiting >= NUM_TROOPS:
        return waiting, t("battleline.step.choose_flag")
    if phase == "play" and selected is not None and selected >= NUM_TROOPS:
        if selected == SCOUT:  # its target is a deck
            return SCOUT, t("battleline.step.selected_scout")
        return selected, t("battleline.step.selected")
    return None


def _wins(winner: int, names: Sequence[str]) -> str:
    if winner < 0:
        return t("battleline.banner.draw")
    if names[winner] == t("seat.you"):
        return t("battleline.banner.you_win")
    return t("battleline.banner.wins", name=names[winner])


def result_words(
    obs: BattleLineObservation, me: int, names: Sequence[str]
) -> tuple[str, str, int | None] | None:
    """The result over a finished board (title, second line, winner or None): between the games
    of a match the game's, at the end the game's, or the match's on points (then on games won,
    the tie-break); None while a game is played."""
    if obs["phase"] not in ("over", "next_game"):
        return None
    match = obs["match"]
    result = match["results"][-1]
    winner: int = result["winner"]
    how = how_words(result)
    a, b = match["points"][me], match["points"][1 - me]
    score = f"{how} · {t('battleline.banner.score', a=a, b=b)}"
    if obs["phase"] == "next_game":
        title = t(
            "battleline.banner.game_result", n=len(match["results"]), result=_wins(winner, names)
        )
        return title, score, winner if winner >= 0 else None
    if match["games"] == 1:
        return _wins(winner, names), how, winner if winner >= 0 else None
    winner = -1 if obs["winner"] is None else obs["winner"]
    if a == b:
        wins = match["wins"][me], match["wins"][1 - me]
        score = f"{score} · {t('battleline.banner.games', a=wins[0], b=wins[1])}"
    return _wins(winner, names), score, None if winner < 0 else winner


# --- the game-over summary ---------------------------------------------------------------
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
    notes = [how_words(result)]
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


def summary(obs: Mapping[str, Any], names: list[str]) -> Summary | None:
    """The game-over summary of a finished single game or match (None before the end): who
    holds which flag and how the game was won; in match play a table of the games and the
    match result, the tie-break said in words (rules §1.11)."""
    if obs["phase"] != "over" or not obs["match"]["results"]:
        return None
    return _single(obs, names) if obs["match"]["games"] == 1 else _games(obs, names)


class BattleLineWords(Words):
    """Battle Line's log, turn lines and status line (see the module docstring)."""

    def log_phrase(self, state: State, action: int, viewer: int) -> Phrase:
        """Named as the viewer saw it: the viewer's own draws by card, the opponent's by deck."""
        assert isinstance(state, BattleLineState)
        return knowledge.action_phrase(state, action, viewer)

    def log_text(self, key: str, args: dict) -> str | None:
        return t(f"log.battleline.{key}", **_args(args, _log_card_name))

    def turn_words(self, steps: Sequence[Step]) -> list[str]:
        """A turn in short: "♦7 → flag 3 · draws a troop card" (the deck choice and the play
        that a placement repeats are left out)."""
        return self._turn(steps, "log.turn.battleline")

    def proposed_words(self, steps: Sequence[Step]) -> list[str]:
        """A proposed move's parts as proposals: "play ♦7", "♦7を出す" (the turn words say
        "♦7を出した", what was done), each part on its own."""
        return [(self._turn([step], "hint.battleline") or [step.text])[0] for step in steps]

    def _turn(self, steps: Sequence[Step], family: str) -> list[str]:
        """``steps`` in the phrases of the key ``family`` (the turn's or the hint's)."""
        out = []
        for i, step in enumerate(steps):
            key, args = step.phrase
            after = steps[i + 1].phrase if i + 1 < len(steps) else ("", {})
            if (key == "play" and after[0] == "to_flag" and after[1]["card"] == args["card"]) or (
                key == "choose_deck" and after[0].startswith("draws")
            ):
                continue
            if key == "done" and len(steps) > 1:
                continue
            out.append(t(f"{family}.{key}", **_args(args)))
        return out

    def status(
        self,
        obs: Mapping[str, Any],
        viewer: int,
        names: Sequence[str],
        legal: Sequence[int] | None = None,
        selected: int | None = None,
    ) -> str:
        """Whose turn and what to do; ``legal`` (the viewer's actions, None: read from whose
        turn ``obs`` is) and ``selected`` (a card chosen in the hand) refine the play phase."""
        seen: BattleLineObservation = obs  # type: ignore[assignment]
        phase, pending = seen["phase"], seen["pending"]
        result = result_words(seen, viewer, names)
        if result is not None:
            key = "battleline.status.between" if phase == "next_game" else "battleline.status.over"
            return t(key, result=result[0])
        if phase in ("first_player", "deal"):
            return t("battleline.status.dealing")
        if not (seen["current_player"] == viewer if legal is None else legal):
            key = (
                "battleline.status.drawing" if phase == "draw_card" else "battleline.status.waiting"
            )
            turn = seen["turn"]
            return t(key, name=names[turn] if turn is not None else "")
        if phase == "play" and selected is None:
            hand = seen["hands"][viewer]
            stuck = {card for card, _ in hand["unplayable"]}
            playable = legal if legal is not None else set(hand["cards"] or ()) - stuck
            can_pass = PASS in legal if legal is not None else True
            can_troop = any(c < NUM_TROOPS for c in playable)
            return t(f"battleline.status.{'play' if can_troop or not can_pass else 'play_or_pass'}")
        if selected is not None and phase == "play":
            if selected in SPECIAL:
                return t(f"battleline.status.selected_{SPECIAL[selected]}")
            key = "selected_env" if selected in ENVIRONMENT else "selected"
            return t(f"battleline.status.{key}", card=card_label(selected))
        if phase == "scout_draw":
            return t("battleline.status.scout_draw", n=4 - pending["scout_draws_left"])
        if phase == "scout_return":
            return t("battleline.status.scout_return", n=pending["scout_returns_left"])
        if phase in ("flag", "redeploy_to", "traitor_to") and pending["card"] is not None:
            return t(f"battleline.status.{phase}", card=card_label(pending["card"]))
        return t(f"battleline.status.{phase}")
