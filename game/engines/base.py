"""The engine protocol every game implements (see DESIGN.md, "The engine protocol").

Modelled on OpenSpiel's State API so that an adapter is a thin shim. The action history is the
single source of truth: saving, undo, the move log and replays all derive from it.

Engines subclass :class:`Game` and :class:`State`. A state implements ``_apply`` (the mutation,
assuming legality) and either relies on the default legality check (membership in
``legal_actions()``) or overrides ``illegal_phrase`` to explain *why* an action is refused.
``apply_action`` checks first and mutates second, so a refused action never changes anything.

A refusal is a phrase, ``(key, args)``, like the move log's ``action_phrase``: the engine words
it in English from its own table (``refusal_english``, for logs and tests) and the UI words the
same phrase in the player's language (``refusal.<game>.<key>`` in ``game/i18n``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, TypeAlias

CHANCE = -1
TERMINAL = -4
UNSEEN = -1  # observed_action of a chance outcome or a hidden step the observer does not see

RECORD_KEYS = ("game", "version", "num_players", "options", "history")


# A refusal: a key and its arguments (ints, strings, or tuples of ints for lists of cards).
Phrase: TypeAlias = tuple[str, dict[str, Any]]

# The refusals every engine may give, in English; engines add theirs in their own tables.
REFUSALS = {
    "not_an_action": "{action} is not an action number",
    "over": "the game is over",
    "not_legal": "{action} is not a legal action here",
    "text": "{text}",  # an engine that words its refusals in English only
}


class IllegalActionError(ValueError):
    """An action that the rules forbid here. ``str(err)`` says why in English (logs, tests);
    ``err.phrase`` is the same reason as a phrase for the player's language."""

    def __init__(self, message: str, phrase: Phrase | None = None) -> None:
        super().__init__(message)
        self.phrase: Phrase = phrase if phrase is not None else ("text", {"text": message})


def is_action(action: object) -> bool:
    """Actions are plain ints: a bool (``True`` == 1) or a float is refused, never coerced, so
    it cannot reach the history or a save."""
    return isinstance(action, int) and not isinstance(action, bool)


class Game:
    """Static description of a game; one immutable instance per game lives in ``GAMES``."""

    id: ClassVar[str]
    title: ClassVar[str]
    title_ja: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    perfect_information: ClassVar[bool]
    cooperative: ClassVar[bool] = False
    options: ClassVar[dict[str, list]] = {}
    version: ClassVar[int] = 1

    def default_options(self) -> dict[str, Any]:
        return {name: values[0] for name, values in self.options.items()}

    def option_phrase(self, name: str, value: object) -> Phrase | None:
        """Words for an option value the language files cannot name one by one (Tsuno's custom
        area splits), as a phrase (i18n key + arguments); None: the files name it."""
        return None

    def option_applies(self, name: str, options: dict[str, Any]) -> bool:
        """Whether option ``name`` changes anything given the others (the set-up screen dims
        one that does not: Flink's square size on the diamond board)."""
        return True

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Defaults filled in; unknown names or values raise ValueError with a readable reason."""
        resolved = self.default_options()
        for name, value in options.items():
            if name not in self.options:
                raise ValueError(f"{self.id} has no option {name!r}")
            allowed = self.options[name]
            if value not in allowed:
                # Command-line values arrive as strings: match them against the allowed values.
                matches = [v for v in allowed if str(v).lower() == str(value).lower()]
                if not matches:
                    choices = ", ".join(str(v) for v in allowed)
                    raise ValueError(f"option {name} must be one of {choices}, not {value!r}")
                value = matches[0]
            resolved[name] = value
        return resolved

    def resolve_players(self, num_players: int | None) -> int:
        n = self.min_players if num_players is None else num_players
        if not self.min_players <= n <= self.max_players:
            lo, hi = self.min_players, self.max_players
            count = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise ValueError(f"{self.title} takes {count} players, not {n}")
        return n

    def new_state(self, num_players: int | None = None, **options: Any) -> State:
        raise NotImplementedError

    def replay(self, record: dict) -> State:
        """Rebuild a state from ``State.to_record()``; a damaged record raises ValueError."""
        if not isinstance(record, dict) or any(k not in record for k in RECORD_KEYS):
            raise ValueError("not a Five Fronts game record")
        if record["game"] != self.id:
            raise ValueError(f"record is for {record['game']!r}, not {self.id!r}")
        if record["version"] != self.version:
            raise ValueError(f"record version {record['version']} is not {self.version}")
        history = record["history"]
        if not isinstance(history, list) or not all(is_action(a) for a in history):
            raise ValueError("record history must be a list of action numbers")
        state = self.new_state(record["num_players"], **record["options"])
        for i, action in enumerate(history):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise ValueError(f"record move {i + 1} is illegal: {err}") from err
        return state


class State:
    """A position. Subclasses keep their fields plain (ints, tuples, lists) so clone is cheap."""

    game: Game
    num_players: int
    options: dict[str, Any]
    history: list[int]

    # --- to implement -----------------------------------------------------------------------
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[int]:
        """Sorted legal actions; at a chance node the possible outcomes."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        """Mutate the state for a legal ``action`` (history is appended by the caller)."""
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def action_to_string(self, action: int) -> str:
        """``action`` (legal here, before it is applied) in words for the shared move log, so it
        names only what every player may see: a private draw is "draws a card", not the card."""
        raise NotImplementedError

    def action_phrase(self, action: int) -> tuple[str, dict[str, int | str]]:
        """The same log entry as data, for a log in the player's language: a phrase key and its
        arguments (players, cards, squares as ints), worded by the game's board
        (``Board.log_text``). Engines that offer it build ``action_to_string`` from it, so the
        two cannot disagree; the default ("", {}) leaves the log to ``action_to_string``."""
        return "", {}

    def observation(self, player: int) -> Mapping[str, Any]:
        """What ``player`` may know, JSON-able (each engine declares its shape as a TypedDict)."""
        raise NotImplementedError

    def public_observation(self, player: int) -> Mapping[str, Any]:
        """What anyone at the table may see, seen from ``player``'s seat (OpenSpiel's public
        observation): ``observation(player)`` of the same shape, with that seat's own hidden
        parts masked as another seat's are (its hand as a count of backs, face-down cards as
        backs, a hidden declaration as only "decided", nothing it alone knows). A spectator's
        view: the host's screen when every seat is played elsewhere. In a game of perfect
        information every seat sees all there is, so it is the seat's observation; an engine
        with hidden information overrides it."""
        if self.game.perfect_information:
            return self.observation(player)
        raise NotImplementedError

    def observed_action(self, player: int, action: int) -> int:
        """``action`` (legal here, before it is applied) as ``player`` sees it: the same number
        for actions that player cannot tell apart (any card the opponent draws), and
        ``UNSEEN`` for a chance outcome the player does not see at all, or for a step of
        another player's hidden decision whose number of steps must not show (Frontline's
        face-down commitment: only its end is seen; the search gives such a step no edge).
        The search keys hidden-information trees by it and the move log folds private events
        with it. The
        default: decisions are public, chance outcomes unseen; an engine whose chance is public
        (dice) or whose decisions are hidden (a face-down commitment) overrides it."""
        return UNSEEN if self.current_player() == CHANCE else action

    def determinize(self, player: int, rng: random.Random) -> State:
        raise NotImplementedError

    def numbered_turn(self) -> int | None:
        """The turn the rules number, where they number one (Frontline's turn, Tsuno's day), for
        the Continue list to agree with the board; None: a turn is a player's run of decisions
        (``game.turns``)."""
        return None

    # --- provided ---------------------------------------------------------------------------
    def illegal_phrase(self, action: int) -> Phrase | None:
        """Why ``action`` (an int) is illegal here as a phrase, or None if it is legal. Engines
        override this with better reasons and ``refusal_english`` with their words for them."""
        if self.is_terminal():
            return "over", {}
        if action not in self.legal_actions():
            return "not_legal", {"action": action}
        return None

    def refusal_english(self, phrase: Phrase) -> str:
        """A refusal phrase in English (the base phrases; engines add their own table)."""
        key, args = phrase
        return REFUSALS[key].format(**args)

    def illegal_reason(self, action: int) -> str | None:
        """Why ``action`` is illegal here in English, or None if it is legal. An engine that
        predates phrases may override this instead of ``illegal_phrase``; its English then
        reaches the player untranslated."""
        refusal = self._phrased_refusal(action)
        return None if refusal is None else str(refusal)

    def refusal(self, action: object) -> IllegalActionError | None:
        """The error ``apply_action`` raises for ``action``, or None if it is legal."""
        if is_action(action) and type(self).illegal_reason is not State.illegal_reason:
            assert isinstance(action, int)
            reason = self.illegal_reason(action)  # an engine that words refusals in English only
            return None if reason is None else IllegalActionError(reason)
        return self._phrased_refusal(action)

    def _phrased_refusal(self, action: object) -> IllegalActionError | None:
        if not is_action(action):
            phrase: Phrase = ("not_an_action", {"action": repr(action)})
        else:
            assert isinstance(action, int)
            found = self.illegal_phrase(action)
            if found is None:
                return None
            phrase = found
        return IllegalActionError(self.refusal_english(phrase), phrase)

    def apply_action(self, action: int) -> None:
        refusal = self.refusal(action)
        if refusal is not None:
            raise refusal
        self._apply(action)
        self.history.append(action)

    def apply_unchecked(self, action: int) -> None:
        """Apply an action known to be legal (taken from legal_actions); for search hot loops."""
        self._apply(action)
        self.history.append(action)

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def between_games(self) -> bool:
        """True at the chance node that starts the next game of a multi-game match: the
        finished board is still on the table, and a match with people waits for them to
        deal on (``Match.next_game``) instead of resolving the chance at once."""
        return False

    def to_record(self) -> dict:
        return {
            "game": self.game.id,
            "version": self.game.version,
            "num_players": self.num_players,
            "options": dict(self.options),
            "history": list(self.history),
        }

    def sample_chance(self, rng: random.Random) -> int:
        """One chance outcome drawn by its probability."""
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def random_playout(self, rng: random.Random) -> list[float] | None:
        """Uniformly random play from here (this state is mutated) to the end, and its returns;
        None where the engine offers nothing faster than the protocol, so the search plays
        ``legal_actions``/``sample_chance`` itself. An engine overrides it to play the same
        distribution on structures made for it (Flink's height bitboards)."""
        return None
