"""Battle Line AI knowledge: a greedy formation-building policy and a decided-flags evaluation.

The policy always claims every provable flag (rules §1.7, "AI players always claim everything
they can") and otherwise plays the card and flag that best extend a formation, judged by the
highest rank each side could still reach from its own cards (cheap bit arithmetic, no pool).
Tactics are played when a simple rule says they pay: a morale card that completes a strong
formation, Deserter against a side that already beats ours, Traitor for a card that fits.
Claims and the choice of deck are also ``auto_action``: moves every level plays without search.

``evaluate`` speaks only when the outcome is clear: a player whose claimed flags plus the flags
the proof already gives them make a Breakthrough or an Envelopment. ``estimate`` is a graded
value for depth-limited search: per-flag chances from the best keys both sides can still reach.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import ClassVar

from ai.budgets import Budget
from ai.heuristics.base import Heuristic
from ai.heuristics.battleline_win import winning_action
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DRAW_TACTICS,
    DRAW_TROOP,
    FLAG_BASE,
    NUM_FLAGS,
    PASS,
)
from game.engines.battleline.cards import (
    CAVALRY,
    DESERTER,
    FOG,
    LEADERS,
    MORALE,
    MUD,
    NUM_TROOPS,
    NUM_VALUES,
    REDEPLOY,
    SHIELD,
    TRAITOR,
    WILD_MAX,
)
from game.engines.battleline.formations import NONE, best_key, side_key
from game.engines.battleline.options import MATCH_GAMES
from game.engines.battleline.phases import (
    PH_CLAIM,
    PH_DESERTER,
    PH_DRAW,
    PH_FLAG,
    PH_PLAY,
    PH_REDEPLOY_FROM,
    PH_REDEPLOY_TO,
    PH_SCOUT_DRAW,
    PH_SCOUT_RETURN,
    PH_TRAITOR_FROM,
    PH_TRAITOR_TO,
)
from game.engines.battleline.proof import claim_holds
from game.engines.battleline.state import BattleLineState, victory

# Weight of the best rank a side can still reach (index = rank), times how full the side is.
VALUE_WEIGHT = 0.002  # per card value: among equal gains, keep the high cards
MORALE_BAR = 2.8  # play a morale card only where it scores at least this (a strong formation)
DESERTER_SCORE = 3.0  # removing a card from an opposing side that beats ours
TRAITOR_BONUS = 0.5  # a stolen card also weakens the opponent
ENVIRONMENT_SCORE = 1.3  # Fog or Mud against an opposing side that beats ours
MINOR_TACTIC = 0.3  # Scout, Redeploy: only when nothing better is on offer
EPSILON = 0.05  # chance of a uniformly random decision, so rollouts vary
DECIDED_VALUE = 0.9  # a win the opponent could still upset with one turn of tactics
# The estimate (see flag_chances / win_chance). Tuned on seeds 0-999 only.
TOTAL_WEIGHT = 1.0 / 30  # a formation's total, per point, on the rank scale
MISSING_TOLL = 0.7  # per card a side still needs: the deck may not give it
HAND_TOLL = 0.5  # per card a side still needs that the hand holds: one card a turn
FLAG_SLOPE = 0.8  # logistic slope of a flag's chance in strength difference
SHORTLIST = 20  # placements the policy scores exactly (of up to 63)
ENVELOPMENT_WEIGHT = 0.2  # a flag's share in an Envelopment, next to its Breakthrough windows
ESTIMATE_SCALE = 0.95  # below the evaluation's decided values
# The right to play a tactics card (rules §1.10: not while one ahead of the opponent). Whoever
# plays the first one hands the other the only free tactics play until it is answered, while
# its own later tactics (a Leader that would win, a Deserter against a threat) wait. The flag
# chances do not see that, so the search spent a first tactics card for gains of 0.003-0.06.
PARITY_VALUE = 0.06


class BattleLineHeuristic(Heuristic[BattleLineState]):
    """Heuristic protocol for Battle Line (see ai/heuristics/base.py)."""

    # The card a player draws at the end of a turn is one edge below the turn, whatever it is.
    # Keyed by the card (the drawer sees it), the tree split into 10-40 subtrees below every
    # move, and the opponent's replies under each were tried once or twice: a move's value was
    # the estimate after a nearly random reply. Open loop, the replies below a well-visited move
    # share its visits (the availability counts take care of which cards each sampled hand
    # holds); below the many moves of an open position each is still tried about once.
    open_loop_chance = True

    # About 25 turns per player and game, each a card and then its flag (claims and the deck
    # are automatic moves). A level's budget is one clock per turn (ai/agents.py, SearchAgent):
    # the card's search takes most of it, the flag continues that tree. The searches back up the
    # estimate at once (a rollout to the end costs ~2 ms and tells less). The iteration caps
    # are the untimed (reproducible) budgets: Hard's take about 1-1.5 s of a laptop core. In a
    # match a level thinks on its clock instead (ai/budgets.py) and stops sooner when its choice
    # is clear: Hard's 3 s give several times its cap; Normal's clock is about its cap (0.1 s),
    # since on a full second it searched ~2,300 iterations and played as Hard did (Hard 53.6 %
    # +- 4.9 over 112 games against it, both on their clocks). Easy plays the policy with few
    # random moves: the policy itself is now the easy opponent's strength.
    budgets: ClassVar[dict[str, Budget]] = {
        "easy": Budget(search=False, randomness=0.05),
        "normal": Budget(
            search=True, seconds=0.1, iterations=300, rollout_depth=0, exploration=0.4
        ),
        "hard": Budget(search=True, seconds=3.0, iterations=3000, rollout_depth=0, exploration=0.4),
        "hint": Budget(search=True, seconds=0.5, iterations=300, rollout_depth=0, exploration=0.4),
    }

    def __init__(self, epsilon: float = EPSILON) -> None:
        self.epsilon = epsilon
        # The flag chosen with the last card (history length after the card, card, flag): the
        # flag decision that follows needs no second look at every flag.
        self._planned = (-1, -1, -1)

    # --- protocol ---------------------------------------------------------------------------
    def auto_action(self, state: BattleLineState) -> int | None:
        """The moves the search plays without branching (ai/mcts.py):

        - claim every provable flag, lowest first: a claim can only help (the flag is won for
          good and its cards are safe from tactics), and the order of claims never matters;
        - the deck to refill from, by ``_choose_deck``'s rule: the estimate cannot value a card
          not yet seen, so a search over the deck would spend a third of its decisions on noise;
        - a play that wins the game at once (``battleline_win``): taken without a search, and
          in a search's determinizations by either player, so a position that leaves the
          opponent such a play is valued as lost in the share of sampled hands that hold it.
        """
        if state.phase == PH_CLAIM:
            return CLAIM_BASE + state.claimable[0]
        if state.phase == PH_DRAW:
            return _choose_deck(state)
        return winning_action(state)

    def policy(self, state: BattleLineState, rng: random.Random) -> int:
        auto = self.auto_action(state)
        if auto is not None:
            return auto
        phase = state.phase
        if phase == PH_FLAG:
            at, card, flag = self._planned
            if at == len(state.history) and card == state.pending and flag >= 0:
                side = state.sides[2 * flag + state.player]
                if state.claimed[flag] < 0 and len(side) < state.slots(flag):
                    return FLAG_BASE + flag
            return FLAG_BASE + _best_flag(state, state.pending, state.player)[0]
        if phase == PH_PLAY:
            if rng.random() < self.epsilon:
                legal = state.legal_actions()
                return legal[int(rng.random() * len(legal))]
            card, flag = _choose_play(state)
            self._planned = (len(state.history) + 1, card, flag)
            return card
        if phase == PH_SCOUT_DRAW:
            return DRAW_TROOP
        if phase == PH_SCOUT_RETURN:
            return _least_useful(state)
        if phase == PH_DESERTER:
            return _desert_target(state)
        if phase == PH_TRAITOR_FROM:
            return _traitor_pick(state, _flag_scores(state, state.player))[0]
        if phase == PH_REDEPLOY_FROM:
            return _redeploy_source(state)
        if phase == PH_TRAITOR_TO:
            return FLAG_BASE + _best_flag(state, state.pending, state.player)[0]
        if phase == PH_REDEPLOY_TO:
            flag, score = _best_flag(state, state.pending, state.player, state.pending_from)
            return DISCARD if flag < 0 or score < MINOR_TACTIC else FLAG_BASE + flag
        raise ValueError("the policy is for a player's decision, not chance or the end")

    def evaluate(self, state: BattleLineState) -> list[float] | None:
        """±1 (or ±0.9 when the loser still has a turn to upset it) once a player's claimed
        and provable flags make a win; None otherwise, and at every step but a turn's start."""
        if state.phase != PH_PLAY:
            return None
        owners = _secured(state)
        mover = state.player
        for player in (mover, 1 - mover):
            if victory(owners, player) is not None:
                # The mover claims its provable flags this turn in basic timing.
                sure = player == mover and not state.advanced
                value = 1.0 if sure else DECIDED_VALUE
                return _match_value(state, player, owners, value)
        return None

    def estimate(self, state: BattleLineState) -> list[float]:
        """A graded value for any position (for a depth cut-off): each flag's chance
        (``flag_chances``) combined into the chance of each player's Breakthrough or
        Envelopment (``win_chance``), not a difference of best windows; less
        ``PARITY_VALUE`` for the player one tactics card ahead."""
        if state.is_terminal():
            return state.returns()
        value = ESTIMATE_SCALE * (2.0 * win_chance(flag_chances(state)) - 1.0)
        value += PARITY_VALUE * (state.can_play_tactics(0) - state.can_play_tactics(1))
        value = max(-ESTIMATE_SCALE, min(ESTIMATE_SCALE, value))
        return [value, -value]


# --- evaluation helpers ------------------------------------------------------------------------
def _secured(state: BattleLineState) -> list[int]:
    """Per flag: who holds it (claimed) or could claim it now by the proof; -1 open. Both
    players can never prove the same flag: only a complete side can, and of two complete sides
    only the winner."""
    owners = list(state.claimed)
    for player in (0, 1):
        for f in state.provable_flags(player):
            owners[f] = player
    return owners


def troop_mask(cards: list[int]) -> int:
    """Bit mask of the troop cards among ``cards``."""
    mask = 0
    for card in cards:
        if card < NUM_TROOPS:
            mask |= 1 << card
    return mask


def reach_pools(state: BattleLineState) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per player: (the troop cards they may still get: own hand and the decks, their hand).

    Each player's pool leaves out the other's hand, so a card one player plays from hand never
    changes what the other can reach at an unrelated flag (it never was theirs to get)."""
    hands = (troop_mask(state.hands[0]), troop_mask(state.hands[1]))
    pool = state.pool()
    return (pool & ~hands[1], hands[0]), (pool & ~hands[0], hands[1])


def _strength(key: int) -> float:
    """A formation key on one scale: a rank is worth one, a total up to about one more."""
    if key == NONE:
        return 0.0
    rank = key // 100
    return (rank if rank else 1.0) + (key % 100) * TOTAL_WEIGHT


def side_strength(side: list[int], pools: tuple[int, int], n: int, fog: bool) -> float:
    """What a side may expect to become: a complete side its key; else the better of what the
    hand completes and the best reachable key, each less a toll per missing card (cards from
    the deck may not come, or come too late; the hand gives one card a turn, and the opponent
    may complete first)."""
    return _side_strength(tuple(side), pools[0], pools[1], n, fog)


@lru_cache(maxsize=1 << 14)
def _side_strength(side: tuple[int, ...], pool: int, hand: int, n: int, fog: bool) -> float:
    """``side_strength``, memoised: the same sides and pools recur from one decision to the
    next (a card, then its flag) and across a search's iterations."""
    missing = n - len(side)
    if not missing:
        return _strength(side_key(side, n, fog))
    # An empty side pays the toll of a side with one card: that first card, whichever it is,
    # brings no formation closer than the opponent's free choice of a first card does.
    hoped = _strength(best_key(side, pool, n, fog)) - MISSING_TOLL * min(missing, n - 1)
    if missing < n and hand.bit_count() >= missing:
        return max(hoped, _strength(best_key(side, hand, n, fog)) - HAND_TOLL * missing)
    return hoped


def flag_chances(
    state: BattleLineState,
    owners: list[int] | None = None,
    pools: tuple[tuple[int, int], tuple[int, int]] | None = None,
) -> list[float]:
    """Per flag, player 0's chance to win it: 1 or 0 once claimed or provable; else a logistic
    of the two sides' expected strengths (``side_strength``), each from that player's own pool.
    Flags with no card on either side are even. ``owners`` (``_secured``) and ``pools``
    (``reach_pools``) may be passed in when the caller has them."""
    if owners is None:
        owners = _secured(state)
    if pools is None:
        pools = reach_pools(state)
    chances = []
    for f in range(NUM_FLAGS):
        if owners[f] >= 0:
            chances.append(1.0 - owners[f])
            continue
        mine, theirs = state.sides[2 * f], state.sides[2 * f + 1]
        if not mine and not theirs:
            chances.append(0.5)
            continue
        n = state.slots(f)
        fog = state.fog[f] >= 0
        edge = side_strength(mine, pools[0], n, fog) - side_strength(theirs, pools[1], n, fog)
        chances.append(1.0 / (1.0 + math.exp(-FLAG_SLOPE * edge)))
    return chances


def flag_weights(chances: list[float]) -> list[float]:
    """How much each flag matters to a player whose chances these are (a cheap stand-in for
    the change of ``win_chance`` between winning and losing it): the chance that it completes a
    Breakthrough for either side, summed over the three-flag windows it lies in, plus a share
    for the Envelopment. Zero for a decided flag."""
    weights = []
    for f, chance in enumerate(chances):
        if chance in (0.0, 1.0):
            weights.append(0.0)
            continue
        weight = ENVELOPMENT_WEIGHT
        for start in range(max(0, f - 2), min(f, NUM_FLAGS - 3) + 1):
            ours = theirs = 1.0
            for g in range(start, start + 3):
                if g != f:
                    ours *= chances[g]
                    theirs *= 1.0 - chances[g]
            weight += ours + theirs
        weights.append(weight)
    return weights


def win_chance(chances: list[float]) -> float:
    """Player 0's chance to win if each flag fell independently with its chance: the outcomes
    in which player 0 alone makes a Breakthrough (three adjacent flags), or in which neither
    does and player 0 holds five flags (an Envelopment); both breaking through counts half (who
    gets there first is not modelled).

    A dynamic programme over the flags, left to right. Before any Breakthrough the state is the
    current run (positive: player 0's flags, negative: player 1's; at most two) and player 0's
    flag count; after one, only the other player's run matters."""
    open_ = {(0, 0): 1.0}  # (run, player 0's count) -> probability, nobody broke through yet
    won0 = [0.0, 0.0, 0.0]  # player 0 broke through; index = player 1's current run
    won1 = [0.0, 0.0, 0.0]  # player 1 broke through; index = player 0's current run
    total = 0.0
    for p in chances:
        q = 1.0 - p
        total += 0.5 * (won0[2] * q + won1[2] * p)  # the other breaks through as well
        won0 = [(won0[0] + won0[1] + won0[2]) * p, won0[0] * q, won0[1] * q]
        won1 = [(won1[0] + won1[1] + won1[2]) * q, won1[0] * p, won1[1] * p]
        nxt: dict[tuple[int, int], float] = {}
        for (run, count), weight in open_.items():
            if run == 2:
                won0[0] += weight * p
            else:
                key = (run + 1 if run > 0 else 1, count + 1)
                nxt[key] = nxt.get(key, 0.0) + weight * p
            if run == -2:
                won1[0] += weight * q
            else:
                key = (run - 1 if run < 0 else -1, count)
                nxt[key] = nxt.get(key, 0.0) + weight * q
        open_ = nxt
    total += sum(won0)
    total += sum(w for (_run, count), w in open_.items() if count >= 5)
    return total


def _match_value(
    state: BattleLineState, winner: int, owners: list[int], value: float
) -> list[float] | None:
    """The game's winner's value, or in match play the match outcome it implies (last game
    only; earlier games leave the match open, so say nothing)."""
    games = state.options[MATCH_GAMES]
    if games > 1:
        if state.game_index < games - 1:
            return None
        points = list(state.points)
        points[winner] += 5
        points[1 - winner] += owners.count(1 - winner)
        if points[0] == points[1]:
            return None
        winner = 0 if points[0] > points[1] else 1
    return [value, -value] if winner == 0 else [-value, value]


# --- placement scoring -------------------------------------------------------------------------
def _side_summary(side: list[int]) -> tuple[int, int, int, int, int]:
    """(value bits, colour bits, card count, total, repeated value?) of a side's troop cards;
    morale cards count as cards and at their maximum value, matching any formation."""
    values = colours = total = dup = 0
    for card in side:
        if card < NUM_TROOPS:
            bit = 1 << (card % NUM_VALUES)
            dup |= values & bit
            values |= bit
            colours |= 1 << (card // NUM_VALUES)
            total += card % NUM_VALUES + 1
        else:
            total += WILD_MAX[card]
    return values, colours, len(side), total, dup


def _reach_rank(values: int, colours: int, dup: int, n: int) -> int:
    """The best rank still open to troop values/colours (ignoring which cards remain)."""
    run = not dup and (
        values.bit_length() - (values & -values).bit_length() < n if values else True
    )
    one_colour = not colours & (colours - 1)
    if run and one_colour:
        return 5
    if not values & (values - 1):
        return 4
    if one_colour:
        return 3
    return 2 if run else 1


def _flag_scores(state: BattleLineState, player: int, exclude: int = -1) -> list[tuple]:
    """What ``_score_at`` needs for each open flag with a free slot on ``player``'s side: the
    flag, its sides, the opposing side's strength, ``player``'s pools, the flag's chance now and
    its weight (``flag_weights``). A flag the opponent can already prove stays on the list (a
    place to put a card that is no use elsewhere) with weight zero."""
    owners = _secured(state)
    pools = reach_pools(state)
    mine = pools[player]
    chances = [c if player == 0 else 1.0 - c for c in flag_chances(state, owners, pools)]
    weights = flag_weights(chances)
    proof_pool = state.pool()
    flags = []
    for f in range(NUM_FLAGS):
        if f == exclude or state.claimed[f] >= 0:
            continue
        side = state.sides[2 * f + player]
        n = state.slots(f)
        if len(side) < n:
            fog = state.fog[f] >= 0
            other = state.sides[2 * f + 1 - player]
            theirs = side_strength(other, pools[1 - player], n, fog)
            done = state.done_at[2 * f + 1 - player]
            weight = weights[f] if owners[f] < 0 else 0.0
            context = (n, fog, side, other, theirs, done, mine, proof_pool)
            flags.append((f, context, chances[f], weight))
    return flags


def _score_at(entry: tuple, card: int) -> float:
    """How much playing ``card`` at the entry's flag raises the flag's chance, times the flag's
    weight in the game. Completing a side that the opposing complete side beats is a loss now
    (the opponent may claim it); completing one that no completion can beat is a win now."""
    _f, context, before, weight = entry
    n, fog, side, other, theirs, other_done, (pool, hand), proof_pool = context
    bit = 1 << card if card < NUM_TROOPS else 0
    new_side = [*side, card]
    if not weight:
        after = before
    elif len(new_side) == n and claim_holds(
        new_side, other, proof_pool & ~bit, n, fog, 1 << 30, other_done
    ):
        after = 1.0
    elif len(new_side) == n and len(other) == n:
        after = 0.0
    else:
        ours = side_strength(new_side, (pool & ~bit, hand & ~bit), n, fog)
        after = 1.0 / (1.0 + math.exp(-FLAG_SLOPE * (ours - theirs)))
    return weight * (after - before) - VALUE_WEIGHT * _card_strength(card)


def _opponent_ranks(state: BattleLineState, player: int) -> list[int]:
    """Per flag: the rank of the opponent's complete side there, or -1."""
    ranks = [-1] * NUM_FLAGS
    for f in range(NUM_FLAGS):
        other = state.sides[2 * f + 1 - player]
        n = state.slots(f)
        if state.claimed[f] < 0 and len(other) == n:
            ranks[f] = side_key(other, n, state.fog[f] >= 0) // 100
    return ranks


def _best_flag(
    state: BattleLineState, card: int, player: int, exclude: int = -1
) -> tuple[int, float]:
    """The flag where ``card`` scores best for ``player`` (Fog/Mud: see _environment_flag)."""
    if card in (FOG, MUD):
        return _environment_flag(state, card, player), MINOR_TACTIC
    best, best_score = -1, -math.inf
    for entry in _flag_scores(state, player, exclude):
        score = _score_at(entry, card)
        if score > best_score:
            best, best_score = entry[0], score
    return best, best_score


def _environment_flag(state: BattleLineState, card: int, player: int) -> int:
    """Fog or Mud where the opponent's complete side outranks what ours can become (Fog leaves
    only totals, Mud reopens the side); else the first flag that can take it."""
    env = state.fog if card == FOG else state.mud
    open_flags = [f for f in range(NUM_FLAGS) if state.claimed[f] < 0 and env[f] < 0]
    for f in _threat_flags(state, player):
        if f in open_flags:
            return f
    return open_flags[0]


# --- play choice -------------------------------------------------------------------------------
def _choose_play(state: BattleLineState) -> tuple[int, int]:
    """The card to play, and for a troop card the flag it was scored at (else -1)."""
    player = state.player
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0], -1
    entries = _flag_scores(state, player)
    best, best_score = (PASS, 0.0) if PASS in legal else (legal[0], -math.inf)
    flag = -1
    for card, entry in _shortlist(state, player, entries, legal):
        score = _score_at(entry, card)
        if score > best_score:
            best, best_score, flag = card, score, entry[0]
    for card in legal:
        if card < NUM_TROOPS or card == PASS:
            continue
        score = _tactic_score(state, card, player, entries)
        if score > best_score:
            best, best_score, flag = card, score, -1
    return best, flag


def _shortlist(
    state: BattleLineState, player: int, entries: list[tuple], legal: list[int]
) -> list[tuple[int, tuple]]:
    """The (troop card, flag entry) pairs worth an exact score: the ``SHORTLIST`` best by the
    rank each side could still reach ignoring which cards remain (cheap bit arithmetic), plus
    the lowest card at a flag that no longer counts (a place to shed it)."""
    troops = [card for card in legal if card < NUM_TROOPS]
    if not troops:
        return []
    quick = []
    for entry in entries:
        if not entry[3]:
            continue
        summary = _side_summary(entry[1][2])
        n = entry[1][0]
        for card in troops:
            values, colours, count, total, dup = summary
            bit = 1 << (card % NUM_VALUES)
            rank = _reach_rank(
                values | bit, colours | 1 << (card // NUM_VALUES), dup | values & bit, n
            )
            quick.append((rank * (count + 1) / n + (total + card % NUM_VALUES) / 30, card, entry))
    quick.sort(key=lambda item: item[0], reverse=True)
    pairs = [(card, entry) for _score, card, entry in quick[:SHORTLIST]]
    shed = [entry for entry in entries if not entry[3]]
    if shed:
        pairs.append((min(troops, key=_card_strength), shed[0]))
    return pairs


def _tactic_score(state: BattleLineState, card: int, player: int, entries: list[tuple]) -> float:
    if card in MORALE:
        best = max((_score_at(entry, card) for entry in entries), default=-math.inf)
        return best if best >= MORALE_BAR else -math.inf
    if card == DESERTER:
        return DESERTER_SCORE if _threat_flags(state, player) else -math.inf
    if card == TRAITOR:
        return _traitor_pick(state, entries)[1] + TRAITOR_BONUS
    if card in (FOG, MUD):
        env = state.fog if card == FOG else state.mud
        threats = [f for f in _threat_flags(state, player) if env[f] < 0]
        return ENVIRONMENT_SCORE if threats else -math.inf
    if card == REDEPLOY:
        own = [f for f in _threat_flags(state, player) if state.sides[2 * f + player]]
        return MINOR_TACTIC if own else -math.inf
    return MINOR_TACTIC  # Scout: a better hand


def _threat_flags(state: BattleLineState, player: int) -> list[int]:
    """Open flags where the opponent's complete side beats what ours can reach."""
    ranks = _opponent_ranks(state, player)
    threats = []
    for f in range(NUM_FLAGS):
        if ranks[f] < 0:
            continue
        values, colours, _count, _total, dup = _side_summary(state.sides[2 * f + player])
        if _reach_rank(values, colours, dup, state.slots(f)) < ranks[f]:
            threats.append(f)
    return threats


def _desert_target(state: BattleLineState) -> int:
    """The strongest card of the most threatening opposing side (else of any opposing side)."""
    player = state.player
    threats = _threat_flags(state, player) or [
        f for f in range(NUM_FLAGS) if state.claimed[f] < 0 and state.sides[2 * f + 1 - player]
    ]
    side = state.sides[2 * threats[0] + 1 - player]
    return max(side, key=_card_strength)


def _card_strength(card: int) -> int:
    return card % NUM_VALUES + 1 if card < NUM_TROOPS else 11


def _traitor_pick(state: BattleLineState, entries: list[tuple]) -> tuple[int, float]:
    """The opposing troop card that fits our sides best (``entries``: ``_flag_scores`` for the
    player to move) and its best score there (-inf with no flag to put it; -1 with no card)."""
    player = state.player
    best, best_score = -1, -math.inf
    for f in range(NUM_FLAGS):
        if state.claimed[f] >= 0:
            continue
        for card in state.sides[2 * f + 1 - player]:
            if card < NUM_TROOPS:
                score = max((_score_at(e, card) for e in entries), default=-math.inf)
                if best < 0 or score > best_score:
                    best, best_score = card, score
    return best, best_score


def _redeploy_source(state: BattleLineState) -> int:
    """Our card at the flag where we look most beaten."""
    player = state.player
    own = [f for f in range(NUM_FLAGS) if state.claimed[f] < 0 and state.sides[2 * f + player]]
    threats = [f for f in _threat_flags(state, player) if f in own]
    return max(state.sides[2 * (threats or own)[0] + player], key=_card_strength)


def _choose_deck(state: BattleLineState) -> int:
    """A tactics card when the hand holds none and one may be played now, else a troop card:
    in heuristic self-play this beats drawing tactics at random (52.6% over 1500 games) while
    keeping tactics in play, which drawing only troops (54.5%) would not."""
    player = state.player
    if state.can_play_tactics(player) and all(card < NUM_TROOPS for card in state.hands[player]):
        return DRAW_TACTICS
    return DRAW_TROOP


def _least_useful(state: BattleLineState) -> int:
    """The card Scout puts back: an unplayable second Leader, else the card that scores worst."""
    player = state.player
    hand = state.hands[player]
    if state.leader_played[player]:
        for card in hand:
            if card in LEADERS:
                return card
    entries = _flag_scores(state, player)
    worst, worst_score = hand[0], math.inf
    for card in hand:
        if card in (CAVALRY, SHIELD, *LEADERS) or card < NUM_TROOPS:
            score = max((_score_at(e, card) for e in entries), default=0.0)
        else:
            score = MINOR_TACTIC
        if score < worst_score:
            worst, worst_score = card, score
    return worst
