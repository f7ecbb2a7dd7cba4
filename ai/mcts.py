"""One Monte Carlo tree search for every game (DESIGN.md, "AI").

One iteration loop serves every kind of game:

- Imperfect information: single-observer information-set MCTS. Every iteration searches a fresh
  determinization of the root; tree edges are actions *as the observer sees them*
  (``State.observed_action``: the same number for actions the observer cannot tell apart, e.g.
  any card the opponent draws), and a move's exploration counts how often it was *available*
  instead of how often its parent was visited. A group of moves that look alike is one edge; the
  move itself is drawn at random from the group.
- Perfect information is the special case where the observation is the action itself and every
  move is always available, so availability is the parent's visit count: the legal moves are
  read once per node and the tree is keyed by actions (plain UCT).
- Chance is sampled by its probabilities, so a rare outcome is visited rarely. By default each
  outcome (as the observer sees it) has its own subtree. With ``open_loop`` the child of a chance
  node is one node whatever the outcome: the tree below holds action sequences, not positions,
  and the decisions below are matched by availability as in ISMCTS. Dice-heavy games want this
  (Tsuno rolls up to nine dice a round: keyed by outcome, visits would scatter over faces), and
  so does a card game where every turn ends with a draw (Battle Line: keyed by the card drawn,
  the opponent's replies below a move were spread over up to 40 subtrees).
- Any number of players: max^n. Every node stores the return of the player who moved into it,
  and each player picks what is best for themselves; co-operative games give everyone the same
  return, so the same rule makes the team play together.

What a game's heuristic (``ai/heuristics/<game>.py``, a :class:`ai.heuristics.base.Heuristic`)
gives the search, every hook but ``policy`` optional:

- ``policy(state, rng)``: rollout moves (uniformly random moves without a heuristic, or at a
  level with ``heuristic_rollouts=False``).
- ``evaluate(state)``: exact returns, or None to roll on; asked at every rollout decision.
- ``estimate(state)``: graded returns where a rollout stops after ``rollout_depth`` decisions
  (in a long game a full rollout costs more than it tells).
- ``auto_action(state)``: a move that needs no thought (Battle Line: claim a provable flag),
  played wherever it arises, in the tree as one edge (never a branch) and in rollouts.
- ``prior(state, actions)``: weights for a decision's moves. Selection is then PUCT
  (``Q + c·P·sqrt(N)/(1+n)``, P normalised over the moves available in this iteration) instead
  of UCB1; an unvisited move counts at its siblings' mean value. PUCT rather than progressive
  widening because it needs no widening schedule to tune and degrades gracefully when the
  prior is poor (every move keeps a share of exploration that grows with the visits). In
  practice it widens progressively anyway: unvisited moves all share one value, so only the best
  unvisited one by prior is a candidate, and the cost of a selection grows with the moves
  visited, not the moves legal (Flink's placements). The prior is asked once per node; with
  hidden information the first determinization's prior stands for the node, and a move seen
  only later gets the mean share. Without a prior (None, or no hook) nodes behave as plain
  UCT/ISMCTS: every move is tried once, in random order, before UCB1 chooses.
- ``resample(state, observer, rng)``: a determinization of the root drawn from the heuristic's
  own opponent model (e.g. a bias over an opponent's hidden pending decision, DESIGN.md,
  "Simultaneous decisions"), or None to use ``state.determinize``. Like OpenSpiel's
  ``set_resampler``; it must only fill in what ``observer`` cannot see.
- ``open_loop_chance`` (a class attribute): the default for ``open_loop``.

Budgets are wall time and/or iterations; with an iteration budget the search is a pure function
of its seed and the calls made before (the tree is kept between moves, so later searches start
with what earlier ones learnt: in a perfect-information game along the moves played; with hidden
information across the searcher's own consecutive moves, such as a card and then its flag).
Root-parallel searches (several processes, ``ai/worker.py``) add their results with
:func:`combine`. The hot loop uses neither numpy nor deepcopy: engines clone themselves by hand.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ai.budgets import EXPLORATION
from game.engines.base import CHANCE, TERMINAL, UNSEEN, State

if TYPE_CHECKING:
    from ai.heuristics.base import Heuristic

# Where moves are grouped by observation (hidden information, open loop), an edge is keyed as
# observed_action * KEY_STRIDE + slot, the slot being the mover (players 0-6) or CHANCE_SLOT, so
# that the same observed number never mixes the statistics of different players, or of a player
# and chance, whose turn it may be in different determinizations.
KEY_STRIDE = 8
CHANCE_SLOT = KEY_STRIDE - 1
# Open loop: every chance outcome is one edge, as if the observer saw none of them.
OPEN_CHANCE = UNSEEN * KEY_STRIDE + CHANCE_SLOT
# A node whose heuristic was asked for a prior and had no preference: plain UCB1 there.
_NO_PRIOR: dict[int, float] = {}


@dataclass(frozen=True)
class SearchResult:
    """The chosen move and what the search learnt about every root move (for hints and logs)."""

    action: int
    iterations: int
    seconds: float
    visits: dict[int, int]
    values: dict[int, float]  # mean return to the player to move after each root action
    # The mover's whole move as the search sees it: ``action``, then the same player's most
    # visited decisions below it while they stay to move (automatic moves included), up to
    # chance or another player. A multi-part decision (card, then flag) is one hint.
    line: tuple[int, ...] = ()


class _Node:
    """Statistics of one edge and the subtree below it. ``total`` sums the returns of the player
    whose move led here; ``avail`` counts the iterations in which that move was legal (ISMCTS);
    ``prior`` is its normalised prior where the parent has one (perfect information).

    Where moves are read once per node (perfect information, closed loop), ``untried`` holds the
    moves not yet expanded, the next one to expand last; ``priors`` maps edge keys to the
    heuristic's normalised prior, once asked (``_NO_PRIOR``: no preference)."""

    __slots__ = ("avail", "children", "prior", "priors", "total", "untried", "visits")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[int, _Node] = {}
        self.untried: list[int] | None = None
        self.priors: dict[int, float] | None = None
        self.prior = prior
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def _identity(player: int, action: int) -> int:
    """What a player sees of a move in a perfect-information game: the move."""
    return action


class MCTS:
    """A reusable searcher; keep one per seat so trees carry over."""

    def __init__(
        self,
        heuristic: Heuristic[Any] | None = None,
        *,
        seed: int = 0,
        heuristic_rollouts: bool = True,
        exploration: float = EXPLORATION,
        reuse_tree: bool = True,
        rollout_depth: int | None = None,
        open_loop: bool | None = None,
        priors: bool = True,
    ) -> None:
        """``open_loop`` None takes the heuristic's ``open_loop_chance``; ``priors=False``
        ignores the heuristic's prior (plain UCB1, for comparisons)."""
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.reuse_tree = reuse_tree
        self.rollout_depth = math.inf if rollout_depth is None else rollout_depth
        if open_loop is None:
            open_loop = heuristic is not None and heuristic.open_loop_chance
        self.open_loop = open_loop
        self._policy: Callable[[State, random.Random], int] | None = None
        self._evaluate: Callable[[State], list[float] | None] | None = None
        self._estimate: Callable[[State], list[float]] | None = None
        self._auto: Callable[[State], int | None] | None = None
        self._prior: Callable[[State, list[int]], list[float] | None] | None = None
        self._resample: Callable[[State, int, random.Random], State | None] | None = None
        if heuristic is not None:
            self._policy = heuristic.policy if heuristic_rollouts else None
            self._evaluate = heuristic.evaluate
            self._estimate = heuristic.estimate if heuristic.has_estimate else None
            self._auto = heuristic.auto_action
            self._prior = heuristic.prior if priors and heuristic.has_prior else None
            self._resample = heuristic.resample if heuristic.has_resample else None
        if rollout_depth is not None and self._estimate is None:
            raise ValueError("a rollout depth needs a heuristic with an estimate")
        # Nothing of a heuristic in the rollout: the engine may play it faster on its own.
        self._uniform_to_end = (
            self._policy is None and self._evaluate is None and self._auto is None
        ) and rollout_depth is None
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
        fixed = perfect and not self.open_loop
        root = self._reused_root(state, observer, perfect, fixed) if self.reuse_tree else None
        if root is None:
            root = _Node()
        start = time.perf_counter()
        deadline = math.inf if seconds is None else start + seconds
        limit = math.inf if iterations is None else iterations
        iterate = partial(self._iterate, state, root, observer, perfect, fixed)
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
        return _result(state, root, observer, fixed, done, elapsed)

    # --- tree reuse -----------------------------------------------------------------------------
    def _reused_root(self, state: State, observer: int, perfect: bool, fixed: bool) -> _Node | None:
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
        if fixed:
            for action in history[known:]:
                node = node.children.get(action)
                if node is None:
                    return None
            return node
        walker = old.clone()
        for action in history[known:]:
            player = walker.current_player()
            if perfect:  # open loop: any move, every chance outcome one edge
                key = OPEN_CHANCE if player == CHANCE else action * KEY_STRIDE + player
            elif player != observer:
                return None
            else:
                key = walker.observed_action(observer, action) * KEY_STRIDE + observer
            node = node.children.get(key)
            if node is None:
                return None
            walker.apply_unchecked(action)
        return node

    # --- iterations -------------------------------------------------------------------------------
    def _iterate(
        self, root_state: State, root: _Node, observer: int, perfect: bool, fixed: bool
    ) -> None:
        """One selection, expansion, rollout and backup. ``fixed``: perfect information searched
        closed-loop, where a node is one position and edges are plain actions."""
        rng = self.rng
        auto = self._auto
        if perfect:
            state = root_state.clone()
            observe: Callable[[int, int], int] = _identity
        else:
            sampled = None if self._resample is None else self._resample(root_state, observer, rng)
            state = root_state.determinize(observer, rng) if sampled is None else sampled
            observe = state.observed_action
        open_loop = self.open_loop
        node = root
        path = [root]
        movers = [CHANCE]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                returns = state.returns()
                break
            forced = None if player == CHANCE or auto is None else auto(state)
            fresh = False
            if player == CHANCE or forced is not None:
                # One edge, no choice: a chance outcome, or a move the heuristic plays itself.
                if forced is None:
                    action = state.sample_chance(rng)
                    if fixed:
                        key = action
                    elif open_loop:
                        key = OPEN_CHANCE
                    else:
                        key = observe(observer, action) * KEY_STRIDE + CHANCE_SLOT
                else:
                    action = forced
                    key = action if fixed else observe(observer, action) * KEY_STRIDE + player
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
            elif fixed:
                untried = node.untried
                if untried is None:
                    untried = self._read_moves(node, state)
                priors = node.priors
                if priors is not None:
                    action, child, fresh = self._puct_fixed(node, untried, priors)
                elif untried:
                    action = untried.pop()
                    child = node.children[action] = _Node()
                    fresh = True
                else:
                    action, child = self._ucb_fixed(node)
            else:
                action, child, fresh = self._select_available(
                    node, state, observer, player, observe
                )
            state.apply_unchecked(action)
            node = child
            path.append(child)
            movers.append(player)
            if fresh:
                returns = self._rollout(state)
                break
        _backup(path, movers, returns)

    def _read_moves(self, node: _Node, state: State) -> list[int]:
        """At a node's first visit as a decision (closed-loop perfect information): its moves,
        to be expanded in random order, or best prior first where the heuristic has one."""
        untried = node.untried = list(state.legal_actions())
        weights = None if self._prior is None else self._prior(state, untried)
        if weights is None:
            self.rng.shuffle(untried)
        else:
            priors = node.priors = _normalised(untried, weights)
            untried.sort(key=priors.__getitem__)  # the best prior is expanded first (last)
        return untried

    def _ucb_fixed(self, node: _Node) -> tuple[int, _Node]:
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

    def _puct_fixed(
        self, node: _Node, untried: list[int], priors: dict[int, float]
    ) -> tuple[int, _Node, bool]:
        scale = self.exploration * math.sqrt(node.visits)
        best_value = -math.inf
        best: tuple[int, _Node] | None = None
        total = 0.0
        count = 0
        for action, child in node.children.items():
            n = child.visits
            total += child.total
            count += n
            value = child.total / n + scale * child.prior / (1 + n)
            if value > best_value:
                best_value = value
                best = (action, child)
        if untried:
            # Unvisited moves share one value (their siblings' mean), so the best of them by
            # prior is the only candidate: it is last in ``untried``.
            action = untried[-1]
            first_play = total / count if count else 0.0
            if best is None or first_play + scale * priors[action] > best_value:
                untried.pop()
                child = node.children[action] = _Node(priors[action])
                return action, child, True
        assert best is not None
        return best[0], best[1], False

    def _select_available(
        self,
        node: _Node,
        state: State,
        observer: int,
        player: int,
        observe: Callable[[int, int], int],
    ) -> tuple[int, _Node, bool]:
        """The move to follow where the moves vary from iteration to iteration (hidden
        information, open loop): legal moves grouped by how the observer sees them, each group
        one edge; exploration counts availability. Returns the move, its edge's node and whether
        that node is new."""
        rng = self.rng
        legal = state.legal_actions()
        available: dict[int, list[int]] = {}
        for action in legal:
            available.setdefault(observe(observer, action) * KEY_STRIDE + player, []).append(action)
        if self._prior is not None:
            priors = node.priors
            if priors is None:
                weights = self._prior(state, legal)
                priors = node.priors = (
                    _NO_PRIOR if weights is None else _key_priors(available, legal, weights)
                )
            if priors is not _NO_PRIOR:
                return self._puct_available(node, available, priors)
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
            key, child = self._ucb_available(children, available)
        group = available[key]
        return group[int(rng.random() * len(group))], child, bool(fresh)

    def _ucb_available(
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

    def _puct_available(
        self, node: _Node, available: dict[int, list[int]], priors: dict[int, float]
    ) -> tuple[int, _Node, bool]:
        """PUCT over the available edges: priors renormalised over them, and N the visits of
        the available edges only (the availability analogue of the parent's count)."""
        children = node.children
        unknown = 1.0 / len(priors)  # a group first seen after the prior was asked: the mean
        weight = 0.0
        total = 0.0
        count = 0
        candidate: int | None = None
        candidate_prior = -1.0
        for key in available:
            p = priors.get(key, unknown)
            weight += p
            child = children.get(key)
            if child is None:
                if p > candidate_prior:
                    candidate, candidate_prior = key, p
            else:
                total += child.total
                count += child.visits
        scale = self.exploration * math.sqrt(count) / (weight or 1.0)
        best_value = -math.inf
        best: tuple[int, _Node] | None = None
        for key in available:
            child = children.get(key)
            if child is None:
                continue
            n = child.visits
            value = child.total / n + scale * priors.get(key, unknown) / (1 + n)
            if value > best_value:
                best_value = value
                best = (key, child)
        fresh = False
        if candidate is not None:
            first_play = total / count if count else 0.0
            if best is None or first_play + scale * candidate_prior > best_value:
                best = (candidate, _Node())
                children[candidate] = best[1]
                fresh = True
        assert best is not None
        group = available[best[0]]
        return group[int(self.rng.random() * len(group))], best[1], fresh

    def _rollout(self, state: State) -> list[float]:
        """Play on from ``state`` (mutated) until the end, until the evaluation speaks, or for
        ``rollout_depth`` decisions, then ask for the estimate.

        The evaluation is asked at decision points only: a chance node is worth what the decision
        after it is worth, and skipping it saves a call per dice roll or card turned. Automatic
        moves are not decisions. Methods are bound once because this loop is where the search
        spends most of its time. A uniformly random rollout to the end (no heuristic in play)
        is left to the engine where it offers a faster one (``State.random_playout``).
        """
        rng = self.rng
        if self._uniform_to_end:
            returns = state.random_playout(rng)
            if returns is not None:
                return returns
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


def combine(results: Sequence[SearchResult]) -> SearchResult:
    """Root-parallel searches of one position added up: visits summed, values weighted by
    visits, the move chosen as a single search would choose it."""
    visits: dict[int, int] = {}
    totals: dict[int, float] = {}
    for result in results:
        for action, n in result.visits.items():
            visits[action] = visits.get(action, 0) + n
            totals[action] = totals.get(action, 0.0) + n * result.values[action]
    values = {action: totals[action] / n for action, n in visits.items()}
    best = _best(visits, values)
    # Lines cannot be added up: take the one of the search that tried the chosen move most.
    lines = [r for r in results if r.line[:1] == (best,)]
    line = max(lines, key=lambda r: r.visits[best]).line if lines else (best,)
    return SearchResult(
        best,
        sum(result.iterations for result in results),
        max(result.seconds for result in results),
        visits,
        values,
        line,
    )


def _normalised(actions: list[int], weights: list[float]) -> dict[int, float]:
    """Weights as probabilities by action; all zero (or negative) means no preference."""
    if len(weights) != len(actions):
        raise ValueError(f"prior gave {len(weights)} weights for {len(actions)} moves")
    clipped = [w if w > 0.0 else 0.0 for w in weights]
    total = sum(clipped)
    if total <= 0.0:
        return dict.fromkeys(actions, 1.0 / len(actions))
    return {action: w / total for action, w in zip(actions, clipped, strict=True)}


def _key_priors(
    available: dict[int, list[int]], legal: list[int], weights: list[float]
) -> dict[int, float]:
    """The prior of each observed group: the sum of its moves' normalised priors."""
    by_action = _normalised(legal, weights)
    return {key: sum(by_action[a] for a in group) for key, group in available.items()}


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
    state: State, root: _Node, observer: int, fixed: bool, iterations: int, seconds: float
) -> SearchResult:
    observe = _identity if state.game.perfect_information else state.observed_action
    visits: dict[int, int] = {}
    values: dict[int, float] = {}
    for action in state.legal_actions():
        key = action if fixed else observe(observer, action) * KEY_STRIDE + observer
        child = root.children.get(key)
        if child is not None and child.visits:
            visits[action] = child.visits
            values[action] = child.total / child.visits
    best = _best(visits, values)
    line = _line(state, root, observer, fixed, best)
    return SearchResult(best, iterations, seconds, visits, values, line)


def _line(state: State, root: _Node, observer: int, fixed: bool, best: int) -> tuple[int, ...]:
    """``best``, then the observer's most visited moves below it while the observer stays to
    move. Edges are mapped back to moves through the legal moves of ``state`` walked along the
    line (with hidden information the observer's own moves are seen as they are, so each edge
    of theirs is one move)."""
    walker = state.clone()
    observe = _identity if state.game.perfect_information else walker.observed_action
    node = root
    action = best
    line = []
    while True:
        key = action if fixed else observe(observer, action) * KEY_STRIDE + observer
        child = node.children.get(key)
        if child is None:
            break
        line.append(action)
        walker.apply_unchecked(action)
        node = child
        if walker.current_player() != observer:
            break
        ranked = []
        for move in walker.legal_actions():
            key = move if fixed else observe(observer, move) * KEY_STRIDE + observer
            below = node.children.get(key)
            if below is not None and below.visits:
                ranked.append((below.visits, below.total / below.visits, -move))
        if not ranked:
            break
        action = -max(ranked)[2]
    return tuple(line)


def _best(visits: dict[int, int], values: dict[int, float]) -> int:
    """Most visited, then best valued; ties keep the lowest action so results are reproducible."""
    return max(visits, key=lambda a: (visits[a], values[a], -a))
