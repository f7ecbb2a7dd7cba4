"""The match controller: the true state, the turn loop, AI requests, undo/redo, log and review.

No pygame here, so the whole turn logic is unit-testable. The match scene calls ``advance()``
once per frame (when its board is not animating) and ``play()`` for human decisions.

Rules kept in this one place:
- Agents never see the true state: an AI request carries ``state.determinize(player, rng)``.
- Chance is resolved automatically with an RNG seeded by the match seed *and the history so far*,
  so the same position always gets the same outcome: undo cannot re-roll, redo and Continue
  reproduce the game exactly, and a different decision gets a fresh draw.
- Undo goes back to the previous *human decision that had a choice* (against the AI that is your
  last move, with the AI's replies undone too); redo re-applies the undone actions up to the
  next such decision. Forced decisions (one legal action) are skipped both ways.
- Hidden-information hot-seat: a human decision by someone other than the player currently shown
  needs a "pass to ..." curtain first (the very first human turn included).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from game.engines.base import CHANCE, Game, IllegalActionError, State
from game.i18n import t, t_or

HUMAN = "human"
HINT_LEVEL = "hint"  # the worker's small-budget search for hints


class AIClient(Protocol):
    """What the match needs from ``ai.worker.AIWorker`` (a fake in tests)."""

    def request(self, game_id: str, level: str, seed: int, state: State) -> int: ...
    def poll(self) -> Any: ...
    def cancel(self) -> None: ...


@dataclass(frozen=True)
class Move:
    """One entry of the move log: ``history[index]`` and who made it."""

    index: int
    player: int  # the mover, or CHANCE
    action: int
    text: str  # action_to_string: the engine's public words for the action
    phrase: tuple[str, dict]  # the same as State.action_phrase data, for a translated log
    forced: bool  # a human decision with one legal action, applied automatically
    private: bool  # a chance event of a hidden-information game (a deal or draw one player sees)


def seat_names(seats: list[str]) -> list[str]:
    """Display names: "You" when one human plays, "Player n" in hot-seat, "<Level> AI" otherwise."""
    humans = sum(1 for s in seats if s == HUMAN)
    names = []
    for i, seat in enumerate(seats):
        if seat == HUMAN:
            names.append(t("seat.you") if humans == 1 else t("seat.player_n", n=i + 1))
        else:
            level = t(f"level.{seat}")
            same = sum(1 for s in seats if s == seat)
            names.append(
                t("seat.ai_n", level=level, n=i + 1) if same > 1 else t("seat.ai", level=level)
            )
    return names


def side_name(game: Game, seat: int) -> str:
    """A seat's side ("Blue"): i18n key ``side.<game>.<seat>``, else "Seat n"."""
    return t_or(f"side.{game.id}.{seat}", t("seat.n", n=seat + 1))


def _rng(*parts: object) -> random.Random:
    # random.Random hashes a str seed with SHA-512: stable across runs, unlike hash().
    return random.Random(":".join(map(str, parts)))


class Match:
    """One game in progress between seats that are each "human" or an AI level."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        *,
        options: dict | None = None,
        seed: int = 0,
        client: AIClient | None = None,
        autosave: bool = False,
        history: list[int] | None = None,
        names: list[str] | None = None,
    ) -> None:
        game.resolve_players(len(seats))
        # Players' own names, one per seat ("" = the default name).
        self.own_names = (list(names or []) + [""] * len(seats))[: len(seats)]
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.client = client
        self.autosave = autosave
        self.state: State = game.new_state(len(seats), **game.resolve_options(options or {}))
        self.moves: list[Move] = []
        self.revision = 0  # counts changes of the history, so views know when to rebuild
        self.redo_stack: list[int] = []  # undone actions, the next one to redo last
        self.revealed: int | None = None  # whose private view is on screen (hidden-info hot-seat)
        self.hint: int | None = None
        self.save_error: str | None = None  # the last autosave failure, for the UI to report
        self.ai_fell_back = False  # the worker failed and its answer is the quick heuristic move
        self._ticket: int | None = None
        self._ticket_kind = ""  # "move" | "hint"
        for action in history or []:
            self._push(action)

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def from_record(
        cls, game: Game, seats: list[str], seed: int, record: dict, **kwargs: Any
    ) -> Match:
        """Rebuild a saved match; a damaged record raises ValueError (checked by a full replay)."""
        game.replay(record)  # validates every action with the engine's own words
        if len(seats) != record["num_players"] or any(
            s != HUMAN and s not in _levels() for s in seats
        ):
            raise ValueError("the saved seats do not match the record")
        return cls(
            game, seats, options=record["options"], seed=seed, history=record["history"], **kwargs
        )

    def rematch(self) -> Match:
        """A new match with the seats rotated (sides swapped for two players), a new seed."""
        return Match(
            self.game,
            self.seats[1:] + self.seats[:1],
            options=self.state.options,
            seed=self.seed + 1,
            client=self.client,
            autosave=self.autosave,
            names=self.own_names[1:] + self.own_names[:1],
        )

    # --- queries -------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Display names per seat: the players' own, else the defaults in the current language."""
        defaults = seat_names(self.seats)
        return [mine or default for mine, default in zip(self.own_names, defaults, strict=True)]

    @property
    def to_move(self) -> int:
        return self.state.current_player()

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    def is_human(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player] == HUMAN

    @property
    def hidden_hotseat(self) -> bool:
        return not self.game.perfect_information and len(self.humans) >= 2

    @property
    def viewer(self) -> int:
        """Whose observation the board shows."""
        humans = self.humans
        if not humans:
            return 0  # AI against AI: watch from the first seat
        if len(humans) == 1:
            return humans[0]
        if self.hidden_hotseat:
            return self.revealed if self.revealed is not None else humans[0]
        if self.is_human(self.to_move):
            return self.to_move
        last_human = next((m.player for m in reversed(self.moves) if self.is_human(m.player)), None)
        return humans[0] if last_human is None else last_human

    def human_to_decide(self) -> bool:
        return self.is_human(self.to_move)

    def legal_for_viewer(self) -> list[int]:
        """Legal actions if the shown viewer is a human deciding now (the board contract)."""
        if self.human_to_decide() and self.to_move == self.viewer and self.curtain_for() is None:
            return self.state.legal_actions()
        return []

    def observation(self) -> dict:
        return self.state.observation(self.viewer)

    def forced_action(self) -> int | None:
        """The only legal action of a human decision, which the scene applies after a pause."""
        if self.human_to_decide() and self.curtain_for() is None:
            legal = self.state.legal_actions()
            if len(legal) == 1:
                return legal[0]
        return None

    def curtain_for(self) -> int | None:
        """The human who must be handed the screen before the next decision, if any."""
        if not self.hidden_hotseat or self.is_over:
            return None
        player = self.to_move
        if self.is_human(player) and player != self.revealed:
            return player
        if self.revealed is None:
            return self.humans[0]  # nobody has looked yet: show no one's private view
        return None

    def deal_before_curtain(self) -> list[Move]:
        """Resolve chance while the curtain hides the table, so it names the real next player."""
        moves = []
        while self.curtain_for() is not None and self.to_move == CHANCE:
            moves.append(self._commit(self.state.sample_chance(self._rng("chance"))))
        return moves

    def reveal(self) -> None:
        """The curtain was clicked: its player's private view may be shown now."""
        player = self.curtain_for()
        if player is not None:
            self.revealed = player

    @property
    def ai_thinking(self) -> bool:
        return self._ticket is not None and self._ticket_kind == "move"

    @property
    def hint_pending(self) -> bool:
        return self._ticket is not None and self._ticket_kind == "hint"

    def winners(self) -> list[int]:
        """The seats with the best return at the end (all of them for a draw)."""
        returns = self.state.returns()
        best = max(returns)
        return [i for i, r in enumerate(returns) if r == best]

    def observation_at(self, index: int) -> dict:
        """The shown viewer's observation after the first ``index`` actions (log review)."""
        state = self.game.replay({**self.state.to_record(), "history": self.state.history[:index]})
        return state.observation(self.viewer)

    # --- progress ------------------------------------------------------------------------------
    def play(self, action: int) -> Move:
        """A human decision; IllegalActionError (with the engine's reason) leaves all unchanged."""
        if not self.human_to_decide():
            raise IllegalActionError(t("match.not_your_turn"))
        return self._commit(action)

    def advance(self) -> Move | None:
        """Do the next automatic step, if any: resolve chance, or ask/collect the AI's move.

        Returns the move applied (at most one per call, so the board can animate each) or None.
        """
        if self.is_over:
            return None
        player = self.to_move
        if player == CHANCE:
            return self._commit(self.state.sample_chance(self._rng("chance")))
        if self.is_human(player) or self.client is None:
            return None
        if self.hint_pending:
            self.cancel_ai()  # a hint belongs to a human turn that is over
        if self._ticket is None:
            level = self.seats[player]
            self._send("move", level, self.state.determinize(player, self._rng("determinize")))
            return None
        action = self._collect()
        return None if action is None else self._commit(action)

    def request_hint(self) -> bool:
        """Ask the worker for a quick suggestion for the human to move; False if not possible."""
        if self.client is None or not self.human_to_decide() or self._ticket is not None:
            return False
        player = self.to_move
        self._send("hint", HINT_LEVEL, self.state.determinize(player, self._rng("hint")))
        return True

    def poll_hint(self) -> int | None:
        """The hint's action once the worker has answered (then also kept in ``self.hint``)."""
        if not self.hint_pending:
            return None
        self.hint = self._collect()
        return self.hint

    def cancel_ai(self) -> None:
        if self._ticket is not None and self.client is not None:
            self.client.cancel()
        self._ticket = None

    # --- undo / redo ---------------------------------------------------------------------------
    def _decision_points(self) -> list[int]:
        """History lengths at which a human had a real choice."""
        return [m.index for m in self.moves if self.is_human(m.player) and not m.forced]

    def can_undo(self) -> bool:
        return bool(self._decision_points())

    def undo(self) -> bool:
        points = self._decision_points()
        if not points:
            return False
        target = points[-1]
        undone = self.state.history[target:]
        self._rebuild(self.state.history[:target])
        self.redo_stack.extend(reversed(undone))
        self._changed()
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> bool:
        """Re-apply undone actions through the next human choice and the replies that followed."""
        if not self.redo_stack:
            return False
        self.cancel_ai()
        while self.redo_stack:
            self._push(self.redo_stack.pop())
            if self.human_to_decide() and not self._is_forced():
                break
        self._changed()
        return True

    # --- saving --------------------------------------------------------------------------------
    def to_save(self) -> tuple[str, list[str], int, dict]:
        return self.game.id, self.seats, self.seed, self.state.to_record()

    # --- internals -----------------------------------------------------------------------------
    def _rng(self, purpose: str) -> random.Random:
        return _rng(self.seed, purpose, ",".join(map(str, self.state.history)))

    def _is_forced(self) -> bool:
        player = self.to_move
        return self.is_human(player) and len(self.state.legal_actions()) == 1

    def _push(self, action: int) -> Move:
        """Apply (checked) and log one action; IllegalActionError leaves everything unchanged."""
        player = self.to_move
        forced = self._is_forced()
        text = self.state.action_to_string(action)
        phrase = self.state.action_phrase(action)
        private = self._is_private(player, action)
        self.state.apply_action(action)
        move = Move(len(self.state.history) - 1, player, action, text, phrase, forced, private)
        self.moves.append(move)
        self.revision += 1
        if self.hint_pending:
            self.cancel_ai()
        self.hint = None
        return move

    def _is_private(self, player: int, action: int) -> bool:
        """A chance event that some player does not see (a deal, a draw); a public one (who
        starts, a die) is not. Engines tell through ``observed_action`` where they have it."""
        if player != CHANCE or self.game.perfect_information:
            return False
        observe = self.state.observed_action
        return any(observe(p, action) != action for p in range(self.state.num_players))

    def _commit(self, action: int) -> Move:
        """A new action in live play: apply it, update the redo stack, autosave."""
        move = self._push(action)
        if self.redo_stack and self.redo_stack[-1] == action:
            self.redo_stack.pop()  # the same move as the undone one: the rest stays redoable
        else:
            self.redo_stack.clear()
        self._changed()
        return move

    def _rebuild(self, history: list[int]) -> None:
        self.cancel_ai()
        self.state = self.game.new_state(self.state.num_players, **self.state.options)
        self.moves = []
        self.revision += 1
        for action in history:
            self._push(action)

    def _send(self, kind: str, level: str, state: State) -> None:
        assert self.client is not None
        seed = self._rng(kind).randrange(2**31)
        self._ticket = self.client.request(self.game.id, level, seed, state)
        self._ticket_kind = kind

    def _collect(self) -> int | None:
        """The action answering the outstanding ticket, if it has arrived."""
        assert self.client is not None
        while (result := self.client.poll()) is not None:
            ticket, action = result[0], result[1]
            if ticket == self._ticket:
                self._ticket = None
                self.ai_fell_back = bool(getattr(result, "fell_back", False))
                return action
        return None

    def _changed(self) -> None:
        if not self.autosave:
            return
        from game import saves

        try:
            if self.is_over:
                saves.delete_autosave(self.game.id)
            else:
                record = self.state.to_record()
                saves.write_autosave(self.game.id, self.seats, self.seed, record, self.own_names)
            self.save_error = None
        except OSError as err:  # a full or read-only disk must not end the game
            self.save_error = err.strerror or str(err)


def result_text(match: Match) -> str:
    """ "You win!", "<name> wins", "Draw" or the co-operative result, in words."""
    winners = match.winners()
    names = match.names
    if match.game.cooperative:
        return t("result.coop_win") if match.state.returns()[0] > 0 else t("result.coop_loss")
    if len(winners) != 1:
        return t("result.draw")
    if match.is_human(winners[0]) and len(match.humans) == 1:
        return t("result.you_win")
    if len(match.humans) == 1:
        return t("result.you_lose", name=names[winners[0]])
    return t("result.wins", name=names[winners[0]])


def _levels() -> tuple[str, ...]:
    from ai.agents import LEVELS  # lazy: the menu should not pay for loading the AI

    return LEVELS
