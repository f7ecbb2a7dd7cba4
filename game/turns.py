"""Counting turns the way players do: a turn is one player's run of consecutive decisions.

An engine splits a turn into several decisions (place a tile, then its pieces) and puts chance
events (draws, deals) among them; neither adds a turn. "After N turns" on the game-over card and
the move count in the Continue list use this, so they agree with the move log's rows.

The move log groups the same way: a turn is one player's consecutive decisions plus the chance
events inside them (a card drawn, a tile turned up for that player), worded as the viewer saw
them.

Chance events belong to the player their phrase names (argument "player" or "side"); a run of
chance events naming no one, or several players (the opening deal), is a row of its own. The
history is replayed (incrementally) to word each action *before* it is applied, as
``observed_action`` lets the viewer see it: the viewer's own draws are named, the opponent's are
not.

Nothing here draws: the log, the review, the network protocol and the words beside each engine
share these types without importing pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.engines.base import CHANCE, Game, State

Phrase = tuple[str, dict]


def count_turns(movers: Iterable[int]) -> int:
    """Turns in a sequence of movers (seat numbers; negative ones are chance and not turns)."""
    turns, last = 0, None
    for player in movers:
        if player < 0:
            continue
        if player != last:
            turns += 1
            last = player
    return turns


def current_turn(game: Game, record: dict) -> int:
    """The number of the turn in progress in a saved record (replayed; a damaged record raises
    ValueError): the turn the game's rules number, else the turns played so far, plus one when
    the player to move starts a new one."""
    state = game.new_state(record["num_players"], **record["options"])
    movers = []
    for action in record["history"]:
        movers.append(state.current_player())
        state.apply_action(action)
    movers.append(state.current_player())
    numbered = state.numbered_turn()
    return max(1, count_turns(movers) if numbered is None else numbered)


@dataclass
class Step:
    """One action of a turn: its index in the history, who made it, and its words' data."""

    index: int
    player: int  # the decision maker, or CHANCE
    phrase: Phrase
    text: str  # the engine's English, for games without phrases
    forced: bool = False
    private: bool = False


@dataclass
class Turn:
    player: int  # whose turn; CHANCE for a row of chance events alone (the deal)
    steps: list[Step] = field(default_factory=list)

    @property
    def first(self) -> int:
        return self.steps[0].index

    @property
    def last(self) -> int:
        return self.steps[-1].index


def owner(phrase: Phrase) -> int | None:
    """The player a chance event is for, by its phrase's "player" or "side" argument."""
    for name in ("player", "side"):
        value = phrase[1].get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    return None


def group(steps: list[Step]) -> list[Turn]:
    turns: list[Turn] = []
    for step in steps:
        who = step.player if step.player != CHANCE else owner(step.phrase)
        current = turns[-1] if turns else None
        if current is not None and who is not None and current.player == who:
            current.steps.append(step)
        elif current is not None and current.player == CHANCE and step.player == CHANCE:
            current.steps.append(step)  # chance after chance (a deal): one row
        elif (
            current is not None
            and current.player == CHANCE
            and step.player != CHANCE
            and {owner(s.phrase) for s in current.steps} == {step.player}
        ):
            current.player = step.player  # the tile turned up for this player starts its turn
            current.steps.append(step)
        else:
            turns.append(Turn(step.player if step.player != CHANCE else CHANCE, [step]))
    return turns


def all_forced(steps: list[Step]) -> bool:
    """Whether every decision of a turn had one legal action: only then is the whole turn's
    row an "only move" (a board may mark a forced step within a turn of choices itself)."""
    decisions = [s for s in steps if s.player != CHANCE]
    return bool(decisions) and all(s.forced for s in decisions)


def since(turns: list[Turn], viewer: int) -> list[Turn]:
    """The other players' turns since ``viewer``'s last one, oldest first (chance-only rows
    left out): what happened while the viewer was away, which a board may recap when several
    players move between two of the viewer's turns (Tsuno's teammates)."""
    last = max((k for k, turn in enumerate(turns) if turn.player == viewer), default=-1)
    return [turn for turn in turns[last + 1 :] if turn.player not in (viewer, CHANCE)]


def public_phrase(
    phrase_of: Callable[[State, int, int], Phrase], state: State, action: int, viewer: int
) -> Phrase:
    """``action`` worded for the public (a spectator's log): as ``phrase_of`` words it for
    ``viewer`` when every seat sees it as it is (a card played, a die), else the engine's
    shared phrase, which names no private card (a draw, a face-down step)."""
    seats = range(state.num_players)
    if all(state.observed_action(seat, action) == action for seat in seats):
        return phrase_of(state, action, viewer)
    return state.action_phrase(action)


class StepLog:
    """Every action of a match worded for one viewer. It words only the actions added since the
    last call and replays the history from the start only after a rewind (undo) or a change of
    viewer, so a new move costs one step, not a replay of the whole game."""

    def __init__(self, game: Game, phrase_of: Callable[[State, int, int], Phrase]) -> None:
        self.game = game
        self.phrase_of = phrase_of
        self.viewer: int | None = None
        self.actions: list[int] = []
        self.steps: list[Step] = []
        self.state: State | None = None

    def update(
        self,
        record: dict,
        players: list[int],
        forced: list[bool],
        private: list[bool],
        viewer: int,
    ) -> list[Step]:
        history = list(record["history"])
        n = len(self.actions)
        if self.state is None or viewer != self.viewer or history[:n] != self.actions:
            self.state = self.game.replay({**record, "history": []})
            self.viewer, self.actions, self.steps = viewer, [], []
        state = self.state
        for i in range(len(self.actions), len(history)):
            action = history[i]
            phrase = self.phrase_of(state, action, viewer)
            text = state.action_to_string(action)
            self.steps.append(Step(i, players[i], phrase, text, forced[i], private[i]))
            self.actions.append(action)
            state.apply_unchecked(action)
        return self.steps
