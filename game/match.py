"""The match controller: the true state, the turn loop, AI requests, undo/redo, log and review.

No pygame here, so the whole turn logic is unit-testable. The match reports what happens next as
data: ``phase`` (a :class:`Phase`, computed once per change, with the decider's legal actions)
and a queue of :class:`Event` values (save failed, AI fell back, forced move, game over, hint,
your turn) that the scene drains with ``events()``. The scene calls ``advance()`` when its board
is not animating and ``play()`` for human decisions.

Rules kept in this one place:
- Agents never see the true state: an AI request carries ``state.determinize(player, rng)``.
- Chance is resolved automatically. An outcome drawn once is kept: when the same chance node
  comes again (the same outcomes on offer, for the same n-th time) after an undo, the same
  outcome is drawn, so undo never re-rolls a die or re-shuffles a pile, even when a different
  decision is taken. A node never seen before gets an RNG seeded by the match seed and the
  history, so redo and Continue reproduce the game exactly.
- Undo goes back to the previous *human decision that had a choice* (against the AI that is your
  last move, with the AI's replies undone too); redo re-applies the undone actions up to the
  next such decision. Forced decisions (one legal action) are skipped both ways. Undo never goes
  back past a chance event that showed a human something hidden from others (``undo_floor``):
  a card once seen stays drawn. In hot-seat, taking back another human's decision needs that
  player's consent (``undo_consent``); the scene asks for it.
- Hidden-information hot-seat: a human decision by someone other than the player currently shown
  needs a "pass to ..." curtain first (the very first human turn included).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Protocol

from game.engines.base import CHANCE, Game, IllegalActionError, State, is_action
from game.i18n import t, t_or
from game.seats import HUMAN

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


# Phase kinds: what the match waits for now.
OVER = "over"  # the game has ended
CURTAIN = "curtain"  # hidden-information hot-seat: hand the screen to ``Phase.curtain`` first
CHANCE_STEP = "chance"  # ``advance()`` resolves a chance event
BETWEEN_GAMES = "between"  # a game of a match has ended: the finished board waits for next_game()
FORCED = "forced"  # a human decision with one legal action: announce it, then play it
HUMAN_TURN = "human"  # a human chooses among ``Phase.legal``
AI_TURN = "ai"  # ``advance()`` asks the AI, then applies its answer


@dataclass(frozen=True)
class Phase:
    """What the match waits for, computed once per change of the state (or of the viewer)."""

    index: int  # the history length it describes, so two phases of different positions differ
    kind: str  # one of the kinds above
    player: int  # current_player(): a seat, CHANCE or TERMINAL
    viewer: int  # whose observation the board shows
    legal: tuple[int, ...]  # the deciding human's legal actions (also behind the curtain), else ()
    curtain: int | None = None  # the human to hand the screen to (kind CURTAIN)

    @property
    def forced(self) -> int | None:
        """The only legal action of a forced human decision."""
        return self.legal[0] if self.kind == FORCED else None

    @property
    def input(self) -> list[int]:
        """The actions the board may offer its viewer now (empty unless a human decides)."""
        if self.kind in (HUMAN_TURN, FORCED) and self.player == self.viewer:
            return list(self.legal)
        return []


# Event kinds, queued in the order they happened and drained by the scene.
SAVE_FAILED = "save_failed"  # detail: the reason (the autosave could not be written)
AI_FELL_BACK = "ai_fell_back"  # the worker failed; its answer is the quick heuristic move
FORCED_MOVE = "forced_move"  # action: a forced decision arrived (announce it, then play it)
GAME_OVER = "game_over"  # the game has just ended
HINT_READY = "hint"  # action: the hint the worker suggests
YOUR_TURN = "your_turn"  # the one human must decide after the AI or chance moved


@dataclass(frozen=True)
class Event:
    """Something the scene should tell the player about once (a toast, a sound, a pause)."""

    kind: str
    action: int | None = None
    detail: str = ""


def seat_names(seats: list[str], remote: Collection[int] = ()) -> list[str]:
    """Display names: "You" when one human plays here, "Player n" in hot-seat and for the
    ``remote`` seats (played on another machine), "<Level> AI" otherwise."""
    here = sum(1 for i, s in enumerate(seats) if s == HUMAN and i not in remote)
    names = []
    for i, seat in enumerate(seats):
        if seat == HUMAN:
            you = here == 1 and i not in remote
            names.append(t("seat.you") if you else t("seat.player_n", n=i + 1))
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


def side_caption(game: Game, seat: int, name: str) -> str:
    """The side said under a seat's name, or nothing where it would say the name again
    (Battle Line's sides are "Player 1" and "Player 2", as are its hot-seat players)."""
    side = side_name(game, seat)
    return "" if side == name else side


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
        memory: dict | None = None,
        remote: frozenset[int] = frozenset(),
    ) -> None:
        game.resolve_players(len(seats))
        # Human seats played on another machine (game/net): they decide like humans, but this
        # screen is never theirs, so they take no curtain and are never the viewer.
        self.remote = frozenset(remote)
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
        # The whole suggested move, ``hint`` first: the mover's consecutive decisions as the
        # search would play them (a card, then its flag). Playing its first part keeps the rest.
        self.hint_line: tuple[int, ...] = ()
        self._answer: Any = None  # the worker's last answer (its line and values)
        self._ticket: int | None = None
        self._ticket_kind = ""  # "move" | "hint"
        self._events: list[Event] = []
        # Chance outcomes ever drawn, by (outcomes on offer, how many times before): kept across
        # undo so that the same chance node draws the same outcome again.
        self._drawn: dict[tuple[tuple[tuple[int, float], ...], int], int] = {}
        self._offers: Counter[tuple[tuple[int, float], ...]] = Counter()
        self._floor = 0  # history length before which undo may not go
        # Whether a human's only legal action still waits for its click (``waits_for``).
        self._waits: Callable[[State, int], bool] = lambda state, action: False
        self._phase = self._compute_phase()
        for action in history or []:
            self._push(action)
        if memory:
            self._recall(memory)
        self._announce(None, automatic=False)

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
            remote=frozenset((seat - 1) % len(self.seats) for seat in self.remote),
        )

    # --- queries -------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Display names per seat: the players' own, else the defaults in the current language."""
        defaults = seat_names(self.seats, self.remote)
        return [mine or default for mine, default in zip(self.own_names, defaults, strict=True)]

    @property
    def phase(self) -> Phase:
        """What the match waits for now (cached: recomputed once per change)."""
        return self._phase

    def events(self) -> list[Event]:
        """The events since the last call, oldest first; the queue is emptied."""
        events, self._events = self._events, []
        return events

    @property
    def to_move(self) -> int:
        return self._phase.player

    @property
    def is_over(self) -> bool:
        return self._phase.kind == OVER

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def local_humans(self) -> list[int]:
        """The human seats played at this screen (not from another machine)."""
        return [i for i in self.humans if i not in self.remote]

    def is_human(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player] == HUMAN

    @property
    def spectating(self) -> bool:
        """Every seat is played on another machine (a host watching its guests): this screen
        holds no seat, so it shows what anyone at the table may see
        (``State.public_observation``) and offers no move."""
        return len(self.remote) == len(self.seats)

    @property
    def hidden_hotseat(self) -> bool:
        return not self.game.perfect_information and len(self.local_humans) >= 2

    @property
    def viewer(self) -> int:
        """Whose observation the board shows."""
        return self._phase.viewer

    def human_to_decide(self) -> bool:
        return self.is_human(self._phase.player)

    def legal_for_viewer(self) -> list[int]:
        """Legal actions if the shown viewer is a human deciding here now (the board
        contract): a spectator's viewer decides on its own screen."""
        return [] if self.spectating else self._phase.input

    def observation(self) -> dict:
        return self._observed(self.state)

    def _observed(self, state: State) -> dict:
        """``state`` as this screen may show it: the viewer's observation, or a spectator's
        public one."""
        if self.spectating:
            return dict(state.public_observation(self.viewer))
        return dict(state.observation(self.viewer))

    def forced_action(self) -> int | None:
        """The only legal action of a human decision, which the scene applies after a pause."""
        return self._phase.forced

    def curtain_for(self) -> int | None:
        """The human who must be handed the screen before the next decision, if any."""
        return self._phase.curtain

    def deal_before_curtain(self) -> list[Move]:
        """Resolve chance while the curtain hides the table, so it names the real next player."""
        moves = []
        while self._phase.kind == CURTAIN and self._phase.player == CHANCE:
            moves.append(self._commit(self._chance_outcome()))
        return moves

    def waits_for(self, confirms: Callable[[State, int], bool]) -> None:
        """A human's lone legal action for which ``confirms(state, action)`` holds waits for
        the player's click instead of being played as a forced move: a Commit that ends a
        hidden choice (the cards set aside may still be taken back before it)."""
        self._waits = confirms
        self._update_viewer()

    def _forced(self, player: int, legal: tuple[int, ...] | list[int]) -> bool:
        """A human decision with one legal action that is played without a click."""
        return self.is_human(player) and len(legal) == 1 and not self._waits(self.state, legal[0])

    def reveal(self) -> None:
        """The curtain was clicked: its player's private view may be shown now."""
        player = self._phase.curtain
        if player is not None:
            self.revealed = player
            self._update_viewer()

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
        return self._observed(state)

    # --- progress ------------------------------------------------------------------------------
    def play(self, action: int) -> Move:
        """A human decision; IllegalActionError (with the engine's reason) leaves all unchanged."""
        if not self.human_to_decide():
            raise IllegalActionError("it is not your turn", ("not_your_turn", {}))
        return self._commit(action)

    def advance(self) -> Move | None:
        """Do the next automatic step, if any: resolve chance, ask/collect the AI's move, or
        collect a hint (queued as an event).

        Returns the move applied (at most one per call, so the board can animate each) or None.
        """
        player = self._phase.player
        if self.is_over or self._phase.kind == BETWEEN_GAMES:
            return None  # the AI never deals the next game on its own
        if player == CHANCE:  # behind a curtain too: the deal shows nothing
            return self._commit(self._chance_outcome())
        if self.is_human(player):
            self.poll_hint()
            return None
        if self.client is None:
            return None
        if self.hint_pending:
            self.cancel_ai()  # a hint belongs to a human turn that is over
        if self._ticket is None:
            level = self.seats[player]
            self._send("move", level, self.state.determinize(player, self._rng("determinize")))
            return None
        action = self._collect()
        return None if action is None else self._commit(action)

    def next_game(self) -> Move | None:
        """Deal on after a finished game of a match (the player's "Next game"); None if the
        match is not between games."""
        if self._phase.kind != BETWEEN_GAMES:
            return None
        return self._commit(self._chance_outcome())

    def request_hint(self) -> bool:
        """Ask the worker for a quick suggestion for the human to move; False if not possible."""
        if self.client is None or not self.human_to_decide() or self._ticket is not None:
            return False
        player = self.to_move
        self._send("hint", HINT_LEVEL, self.state.determinize(player, self._rng("hint")))
        return True

    def poll_hint(self) -> int | None:
        """The hint's action once the worker has answered (then also kept in ``self.hint``, the
        whole move in ``self.hint_line``, and queued as a ``HINT_READY`` event)."""
        if not self.hint_pending:
            return None
        self.hint = self._collect()
        if self.hint is not None:
            line = tuple(getattr(self._answer, "line", ()))
            self.hint_line = line if line[:1] == (self.hint,) else (self.hint,)
            self._events.append(Event(HINT_READY, self.hint))
        return self.hint

    def cancel_ai(self) -> None:
        if self._ticket is not None and self.client is not None:
            self.client.cancel()
        self._ticket = None

    def hand_over(self, seat: int, level: str) -> None:
        """A remote seat is played by the AI ``level`` from now on (its player left for good)."""
        if seat not in self.remote or level not in _levels():
            raise ValueError(f"seat {seat} is not a remote seat, or {level!r} is not an AI level")
        self.seats[seat] = level
        self.own_names[seat] = ""
        self.remote = self.remote - {seat}
        before = self._phase
        self._phase = self._compute_phase()
        self._announce(before, automatic=False)

    # --- undo / redo ---------------------------------------------------------------------------
    @property
    def undo_floor(self) -> int:
        """The history length undo may not go below: just after the last chance event that
        showed a human something the others did not see (a card drawn into their hand)."""
        return self._floor

    def _decision_points(self) -> list[int]:
        """History lengths at which a human had a real choice that undo may return to."""
        return [
            m.index
            for m in self.moves
            if self.is_human(m.player) and not m.forced and m.index >= self._floor
        ]

    def can_undo(self) -> bool:
        """A decision to take back, by a player at this screen (a spectator has none)."""
        return not self.spectating and bool(self._decision_points())

    def undo_consent(self) -> int | None:
        """The human who must agree before the next undo: in hot-seat, the owner of a decision
        it would take back other than the player who asks (the human to move, whose turn the
        screen is on). None when no one else's decision is undone."""
        points = self._decision_points()
        if not points or len(self.humans) < 2:
            return None
        asker = self._phase.player if self.human_to_decide() else self.viewer
        movers = [m.player for m in self.moves[points[-1] :] if self.is_human(m.player)]
        return next((p for p in movers if p != asker), None)

    def undo(self) -> bool:
        points = self._decision_points()
        if not points:
            return False
        before = self._phase
        target = points[-1]
        undone = self.state.history[target:]
        self._rebuild(self.state.history[:target])
        self.redo_stack.extend(reversed(undone))
        self._changed()
        self._announce(before, automatic=False)
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> bool:
        """Re-apply undone actions through the next human choice and the replies that followed."""
        if not self.redo_stack:
            return False
        before = self._phase
        self.cancel_ai()
        while self.redo_stack:
            self._push(self.redo_stack.pop())
            if self.human_to_decide() and len(self._phase.legal) != 1:
                break
        self._changed()
        self._announce(before, automatic=False)
        return True

    # --- saving --------------------------------------------------------------------------------
    def to_save(self) -> tuple[str, list[str], int, dict]:
        return self.game.id, self.seats, self.seed, self.state.to_record()

    def undo_memory(self) -> dict:
        """What undo and redo know beyond the history, saved with it: every chance outcome ever
        drawn (so quitting and continuing cannot re-roll an undone die) and the redo stack."""
        drawn = [[[list(o) for o in offer], n, out] for (offer, n), out in self._drawn.items()]
        return {"drawn": drawn, "redo": list(self.redo_stack)}

    def _recall(self, memory: dict) -> None:
        """Take back a saved :meth:`undo_memory`. It is a convenience beside the history: a
        malformed part is dropped, never trusted (a redo stack is kept only if it replays)."""
        drawn = memory.get("drawn", [])
        for entry in drawn if isinstance(drawn, list) else []:
            try:
                offer_raw, n, outcome = entry
                offer = tuple((int(a), float(p)) for a, p in offer_raw)
            except (TypeError, ValueError):
                continue
            if is_action(n) and is_action(outcome) and any(a == outcome for a, _ in offer):
                self._drawn.setdefault((offer, n), outcome)
        redo = memory.get("redo", [])
        if isinstance(redo, list) and redo and all(is_action(a) for a in redo):
            trial = self.game.new_state(self.state.num_players, **self.state.options)
            try:
                for action in [*self.state.history, *reversed(redo)]:
                    trial.apply_action(action)
            except IllegalActionError:
                return
            self.redo_stack = list(redo)

    # --- internals -----------------------------------------------------------------------------
    def _rng(self, purpose: str) -> random.Random:
        return _rng(self.seed, purpose, ",".join(map(str, self.state.history)))

    def _compute_phase(self, legal: tuple[int, ...] | None = None) -> Phase:
        """The phase of the current state; ``legal`` when the state is unchanged and only the
        viewer moved on (the curtain was lifted), so the legal actions are not asked again."""
        state = self.state
        player = state.current_player()
        humans = self.local_humans
        human = self.is_human(player)
        if legal is None:
            legal = tuple(state.legal_actions()) if human else ()
        curtain = None
        if self.hidden_hotseat and not state.is_terminal():
            if human and player != self.revealed:
                curtain = player
            elif self.revealed is None:
                curtain = humans[0]  # nobody has looked yet: show no one's private view
        if state.is_terminal():
            kind = OVER
        elif player == CHANCE and self.humans and state.between_games():
            # People look at the finished game until they deal on (no curtain: nothing of it
            # matters any more); AIs alone go straight on.
            kind, curtain = BETWEEN_GAMES, None
        elif curtain is not None:
            kind = CURTAIN
        elif player == CHANCE:
            kind = CHANCE_STEP
        elif human:
            kind = FORCED if self._forced(player, legal) else HUMAN_TURN
        else:
            kind = AI_TURN
        # Whose observation the board shows.
        if not humans:  # AI against AI, or a host watching: from the first seat played here
            viewer = next((i for i in range(len(self.seats)) if i not in self.remote), 0)
        elif len(humans) == 1:
            viewer = humans[0]
        elif self.hidden_hotseat:
            viewer = self.revealed if self.revealed is not None else humans[0]
        elif player in humans:
            viewer = player
        else:
            last = next((m.player for m in reversed(self.moves) if m.player in humans), None)
            viewer = humans[0] if last is None else last
        return Phase(len(state.history), kind, player, viewer, legal, curtain)

    def _update_viewer(self) -> None:
        """The viewer changed, the state did not: recompute the phase with the same legal
        actions and queue the events the change brings."""
        before = self._phase
        self._phase = self._compute_phase(before.legal)
        self._announce(before, automatic=False)

    def _announce(self, before: Phase | None, automatic: bool) -> None:
        """Queue the events of the change from ``before`` (None: a new match) to the current
        phase; ``automatic`` when live play moved on, not undo, redo or a lifted curtain."""
        after = self._phase
        if after == before:
            return
        if after.kind == FORCED:
            self._events.append(Event(FORCED_MOVE, after.forced))
        if after.kind == OVER and (before is None or before.kind != OVER):
            self._events.append(Event(GAME_OVER))
        if (
            automatic
            and before is not None
            and before.kind in (AI_TURN, CHANCE_STEP)
            and after.kind in (HUMAN_TURN, FORCED)
            and self.local_humans == [after.player]
        ):
            self._events.append(Event(YOUR_TURN))

    def _chance_key(self) -> tuple[tuple[tuple[int, float], ...], int]:
        offer = tuple(self.state.chance_outcomes())
        return offer, self._offers[offer]

    def _chance_outcome(self) -> int:
        """The outcome of the chance node now: the one drawn here before, else a fresh draw."""
        drawn = self._drawn.get(self._chance_key())
        if drawn is not None:
            return drawn
        return self.state.sample_chance(self._rng("chance"))

    def _push(self, action: int) -> Move:
        """Apply (checked) and log one action; IllegalActionError leaves everything unchanged."""
        phase = self._phase
        if not (is_action(action) and action in phase.legal):  # a human's legal choice is known
            refusal = self.state.refusal(action)  # first: the log's words assume a legal action
            if refusal is not None:
                raise refusal
        player = phase.player
        forced = self._forced(player, phase.legal)
        text = self.state.action_to_string(action)
        phrase = self.state.action_phrase(action)
        private, revealing = self._privacy(player, action)
        key = self._chance_key() if player == CHANCE else None
        self.state.apply_unchecked(action)
        if key is not None:
            self._drawn[key] = action
            self._offers[key[0]] += 1
        if revealing:
            self._floor = len(self.state.history)
        move = Move(len(self.state.history) - 1, player, action, text, phrase, forced, private)
        self.moves.append(move)
        self.revision += 1
        if self.hint_pending:
            self.cancel_ai()
        self._phase = self._compute_phase()
        self._follow_hint(player, action)
        return move

    def _follow_hint(self, player: int, action: int) -> None:
        """Keep the rest of the hinted move when its first part was just played and the same
        player is still to decide; any other action drops the hint."""
        line = self.hint_line
        if len(line) > 1 and line[0] == action and self._phase.player == player:
            self.hint_line = line[1:]
            self.hint = line[1]
        else:
            self.hint_line = ()
            self.hint = None

    def _privacy(self, player: int, action: int) -> tuple[bool, bool]:
        """(private, revealing): a chance event that some player does not see (a deal, a draw;
        a public one such as who starts or a die is not), and whether a human sees it (a card
        in their own hand), which undo may not take back. Engines tell through
        ``observed_action``."""
        if player != CHANCE or self.game.perfect_information:
            return False, False
        seen = [
            self.state.observed_action(p, action) == action for p in range(self.state.num_players)
        ]
        private = not all(seen)
        return private, private and any(s and self.is_human(p) for p, s in enumerate(seen))

    def _commit(self, action: int) -> Move:
        """A new action in live play: apply it, update the redo stack, autosave, announce."""
        before = self._phase
        move = self._push(action)
        if self.redo_stack and self.redo_stack[-1] == action:
            self.redo_stack.pop()  # the same move as the undone one: the rest stays redoable
        else:
            self.redo_stack.clear()
        self._changed()
        self._announce(before, automatic=True)
        return move

    def _rebuild(self, history: list[int]) -> None:
        self.cancel_ai()
        self.hint, self.hint_line = None, ()
        self.state = self.game.new_state(self.state.num_players, **self.state.options)
        self.moves = []
        self._offers.clear()
        self._floor = 0
        self._phase = self._compute_phase()
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
                self._answer = result
                if getattr(result, "fell_back", False):
                    self._events.append(Event(AI_FELL_BACK, action))
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
                saves.write_autosave(
                    self.game.id,
                    self.seats,
                    self.seed,
                    record,
                    self.own_names,
                    self.undo_memory(),
                    sorted(self.remote),
                )
        except OSError as err:  # a full or read-only disk must not end the game
            self._events.append(Event(SAVE_FAILED, detail=err.strerror or str(err)))


def result_text(match: Match) -> str:
    """ "You win!", "<name> wins", "Draw" or the co-operative result, in words."""
    winners = match.winners()
    names = match.names
    if match.game.cooperative:
        return t("result.coop_win") if match.state.returns()[0] > 0 else t("result.coop_loss")
    if len(winners) != 1:
        return t("result.draw")
    here = match.local_humans  # "you" is whoever plays at this screen, never a remote seat
    if winners[0] in here and len(here) == 1:
        return t("result.you_win")
    if len(here) == 1:
        return t("result.you_lose", name=names[winners[0]])
    return t("result.wins", name=names[winners[0]])


def _levels() -> tuple[str, ...]:
    from ai.agents import LEVELS  # lazy: the menu should not pay for loading the AI

    return LEVELS
