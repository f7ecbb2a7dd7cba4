"""One Monte Carlo tree search for every game (DESIGN.md, "AI").

- Perfect information: UCT. Chance nodes are explicit and sampled by their probabilities, so a
  rare outcome is visited rarely, not as often as a likely one.
- Imperfect information: single-observer information-set MCTS. Every iteration searches a fresh
  ``state.determinize(observer, rng)``; tree edges are actions *as the observer sees them*, and
  UCB counts how often a move was available instead of how often its parent was visited. The
  engine says what the observer sees with ``State.observed_action(player, action) -> int`` (the
  same number for actions ``player`` cannot tell apart, e.g. any card the opponent draws). A
  group of moves that look alike is one edge; the move itself is drawn at random from the group.
- Any number of players: max^n. Every node stores the return of the player who moved into it,
  and each player picks what is best for themselves; co-operative games give everyone the same
  return, so the same rule makes the team play together.

Rollouts follow the game's heuristic policy (or uniformly random moves) and stop early as soon as
the heuristic's ``evaluate`` gives a value. With ``rollout_depth`` they also stop after that many
decisions and take the heuristic's graded ``estimate(state) -> list[float]``:
in a long game a full rollout costs more than it tells. Budgets are wall time and/or iterations;
with an iteration budget the search is a pure function of its seed and the calls made before (the
tree is kept between moves, so later searches start with what earlier ones learnt: in a
perfect-information game along the moves played; with hidden information across the searcher's
own consecutive moves, such as a card and then its flag).

A heuristic may also name moves that need no thought with ``auto_action(state) -> int | None``
(Battle Line: claim every provable flag). The search plays such a move wherever it arises, in
the tree (one edge, never a branch) and in rollouts, so no budget goes into orderings that
cannot matter; the agents in ``ai/agents.py`` play it without searching.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from game.engines.base import CHANCE, TERMINAL, State

if TYPE_CHECKING:
    from ai.heuristics.base import Heuristic

# UCB exploration constant for returns in [-1, 1].
EXPLORATION = 1.0
# An imperfect-information tree keys an edge as observed_action * KEY_STRIDE + slot, the slot
# being the mover (players 0-6) or CHANCE_SLOT, so that the same observed number never mixes the
# statistics of different players, or of a player and chance, whose turn it may be in different
# determinizations.
KEY_STRIDE = 8
CHANCE_SLOT = KEY_STRIDE - 1


@dataclass(frozen=True)
class SearchResult:
    """The chosen move and what the search learnt about every root move (for hints and logs)."""

    action: int
    iterations: int
    seconds: float
    visits: dict[int, int]
    values: dict[int, float]  # mean return to the player to move after each root action


class _Node:
    """Statistics of one edge and the subtree below it. ``total`` sums the returns of the player
    whose move led here; ``avail`` counts the iterations in which that move was legal (ISMCTS)."""

    __slots__ = ("avail", "children", "total", "untried", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.untried: list[int] | None = None
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class MCTS:
    """A reusable searcher; keep one per seat so perfect-information trees carry over."""

    def __init__(
        self,
        heuristic: Heuristic | None = None,
        *,
        seed: int = 0,
        heuristic_rollouts: bool = True,
        exploration: float = EXPLORATION,
        reuse_tree: bool = True,
        rollout_depth: int | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.reuse_tree = reuse_tree
        self.rollout_depth = math.inf if rollout_depth is None else rollout_depth
        self._policy: Callable[[State, random.Random], int] | None = (
            heuristic.policy if heuristic is not None and heuristic_rollouts else None
        )
        self._evaluate: Callable[[State], list[float] | None] | None = (
            heuristic.evaluate if heuristic is not None else None
        )
        self._estimate: Callable[[State], list[float]] | None = (
            heuristic.estimate if heuristic is not None and heuristic.has_estimate else None
        )
        if rollout_depth is not None and self._estimate is None:
            raise ValueError("a rollout depth needs a heuristic with an estimate")
        self._auto: Callable[[State], int | None] | None = (
            None if heuristic is None else heuristic.auto_action
        )
        self._root: _Node | None = None
        self._root_key: tuple | None = None
        self._root_state: State | None = None

    # --- public -------------------------------------------------------------------------------
    def search(
        self, state: State, *, seconds: float | None = None, iterations: int | None = None
    ) -> SearchResult:
        """Search from ``state`` (a decision node) until either budget runs out (at least once)."""
        if seconds is None and iterations is None:
            raise ValueError("give the search a time or an iteration budget")
        observer = state.current_player()
        if observer < 0:
            raise ValueError("search needs a state where a player is to move")
        perfect = state.game.perfect_information
        root = self._reused_root(state, observer) if self.reuse_tree else None
        if root is None:
            root = _Node()
        start = time.perf_counter()
        deadline = math.inf if seconds is None else start + seconds
        limit = math.inf if iterations is None else iterations
        iterate = (
            partial(self._iterate_uct, state, root)
            if perfect
            else partial(self._iterate_ismcts, state, root, observer)
        )
        done = 0
        while done < limit:
            iterate()
            done += 1
            if time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - start
        if self.reuse_tree:
            self._root, self._root_key = root, _tree_key(state, observer)
            self._root_state = state.clone()
        return _result(state, root, observer, perfect, done, elapsed)

    # --- tree reuse -----------------------------------------------------------------------------
    def _reused_root(self, state: State, observer: int) -> _Node | None:
        """The subtree for ``state`` if it continues the previous search's position: a game is
        fully determined by its options and history, so a matching prefix means the same
        position. With hidden information only the observer's own moves may lie in between
        (legal in every determinization of the old position, and revealing nothing), looked up
        as the observer's edges; anything else starts a fresh tree."""
        node = self._root
        old = self._root_state
        if node is None or old is None or _tree_key(state, observer) != self._root_key:
            return None
        history = state.history
        known = len(old.history)
        if len(history) < known or history[:known] != old.history:
            return None
        if state.game.perfect_information:
            for action in history[known:]:
                node = node.children.get(action)
                if node is None:
                    return None
            return node
        walker = old.clone()
        for action in history[known:]:
            if walker.current_player() != observer:
                return None
            seen = walker.observed_action(observer, action)
            node = node.children.get(seen * KEY_STRIDE + observer)
            if node is None:
                return None
            walker.apply_unchecked(action)
        return node

    # --- iterations -------------------------------------------------------------------------------
    def _iterate_uct(self, root_state: State, root: _Node) -> None:
        rng = self.rng
        auto = self._auto
        state = root_state.clone()
        node = root
        path = [root]
        movers = [CHANCE]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                returns = state.returns()
                break
            forced = None if player == CHANCE or auto is None else auto(state)
            if player == CHANCE or forced is not None:
                action = state.sample_chance(rng) if forced is None else forced
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
            else:
                untried = node.untried
                if untried is None:
                    untried = node.untried = list(state.legal_actions())
                    rng.shuffle(untried)
                if untried:
                    action = untried.pop()
                    child = node.children[action] = _Node()
                    state.apply_unchecked(action)
                    path.append(child)
                    movers.append(player)
                    returns = self._rollout(state)
                    break
                action, child = self._select_uct(node)
            state.apply_unchecked(action)
            node = child
            path.append(child)
            movers.append(player)
        _backup(path, movers, returns)

    def _select_uct(self, node: _Node) -> tuple[int, _Node]:
        explore = self.exploration * math.sqrt(math.log(node.visits))
        sqrt = math.sqrt
        best_value = -math.inf
        best: tuple[int, _Node] | None = None
        for action, child in node.children.items():
            n = child.visits
            value = child.total / n + explore / sqrt(n)
            if value > best_value:
                best_value = value
                best = (action, child)
        assert best is not None
        return best

    def _iterate_ismcts(self, root_state: State, root: _Node, observer: int) -> None:
        rng = self.rng
        auto = self._auto
        state = root_state.determinize(observer, rng)
        observe = state.observed_action
        node = root
        path = [root]
        movers = [CHANCE]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                returns = state.returns()
                break
            forced = None if player == CHANCE or auto is None else auto(state)
            if player == CHANCE or forced is not None:
                # One edge, no choice: a chance outcome, or a move the heuristic plays itself.
                if forced is None:
                    action = state.sample_chance(rng)
                    seen = observe(observer, action)
                    key = seen * KEY_STRIDE + CHANCE_SLOT
                else:
                    action = forced
                    key = observe(observer, action) * KEY_STRIDE + player
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                state.apply_unchecked(action)
                node = child
                path.append(child)
                movers.append(player)
                continue
            # Legal moves grouped by how the observer would see them.
            available: dict[int, list[int]] = {}
            for action in state.legal_actions():
                available.setdefault(observe(observer, action) * KEY_STRIDE + player, []).append(
                    action
                )
            children = node.children
            fresh = [key for key in available if key not in children]
            for key in available:
                child = children.get(key)
                if child is not None:
                    child.avail += 1
            if fresh:
                key = fresh[int(rng.random() * len(fresh))]
                child = children[key] = _Node()
                child.avail = 1
            else:
                key, child = self._select_ismcts(children, available)
            group = available[key]
            state.apply_unchecked(group[int(rng.random() * len(group))])
            node = child
            path.append(child)
            movers.append(player)
            if fresh:
                returns = self._rollout(state)
                break
        _backup(path, movers, returns)

    def _select_ismcts(
        self, children: dict[int, _Node], available: dict[int, list[int]]
    ) -> tuple[int, _Node]:
        c = self.exploration
        best_value = -math.inf
        best: tuple[int, _Node] | None = None
        for key in available:
            child = children[key]
            n = child.visits
            value = child.total / n + c * math.sqrt(math.log(child.avail) / n)
            if value > best_value:
                best_value = value
                best = (key, child)
        assert best is not None
        return best

    def _rollout(self, state: State) -> list[float]:
        """Play on from ``state`` (mutated) until the end, until the evaluation speaks, or for
        ``rollout_depth`` decisions, then ask for the estimate.

        The evaluation is asked at decision points only: a chance node is worth what the decision
        after it is worth, and skipping it saves a call per dice roll or card turned. Automatic
        moves are not decisions. Methods are bound once because this loop is where the search
        spends most of its time.
        """
        rng = self.rng
        policy = self._policy
        evaluate = self._evaluate
        auto = self._auto
        depth = self.rollout_depth
        random_fraction = rng.random
        current_player = state.current_player
        legal_actions = state.legal_actions
        sample_chance = state.sample_chance
        apply = state.apply_unchecked
        decisions = 0
        while True:
            player = current_player()
            if player == CHANCE:
                apply(sample_chance(rng))
                continue
            if player == TERMINAL:
                return state.returns()
            if auto is not None:
                forced = auto(state)
                if forced is not None:
                    apply(forced)
                    continue
            if evaluate is not None:
                values = evaluate(state)
                if values is not None:
                    return values
            if decisions >= depth:
                assert self._estimate is not None
                return self._estimate(state)
            decisions += 1
            if policy is not None:
                apply(policy(state, rng))
            else:
                legal = legal_actions()
                apply(legal[int(random_fraction() * len(legal))])


def _backup(path: list[_Node], movers: list[int], returns: list[float]) -> None:
    for node, mover in zip(path, movers, strict=True):
        node.visits += 1
        if mover >= 0:
            node.total += returns[mover]


def _tree_key(state: State, observer: int) -> tuple:
    """What a kept tree must share with the next search: the game, and with hidden information
    the observer (the tree holds what that player saw)."""
    seat = None if state.game.perfect_information else observer
    return (state.game.id, state.num_players, sorted(state.options.items()), seat)


def _result(
    state: State, root: _Node, observer: int, perfect: bool, iterations: int, seconds: float
) -> SearchResult:
    visits: dict[int, int] = {}
    values: dict[int, float] = {}
    for action in state.legal_actions():
        key = action if perfect else state.observed_action(observer, action) * KEY_STRIDE + observer
        child = root.children.get(key)
        if child is not None and child.visits:
            visits[action] = child.visits
            values[action] = child.total / child.visits
    # Most visited, then best valued; ties keep the lowest action so results are reproducible.
    best = max(visits, key=lambda a: (visits[a], values[a], -a))
    return SearchResult(best, iterations, seconds, visits, values)
