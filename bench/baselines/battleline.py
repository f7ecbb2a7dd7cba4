"""Independent Battle Line opponents, written from their published descriptions (DESIGN.md, AI).

None of them shares code or constants with ``ai/heuristics/battleline.py``, and none was tuned
against our levels: they are the yardsticks our levels are measured with.

- ``FormationBuilder``: the well-known one-ply strategy. For every troop card in hand and every
  open flag with room on its side, the best formation still reachable there given the cards not
  yet seen (every troop card off the table, both hands and the deck as one pool); it plays the
  highest, ties to the centre flag. It claims every provable flag and always draws troops.
- ``FormationBuilder(tactics=True)``: the same, plus tactics used only when they surely pay: it
  plays a tactics card only when doing so wins the game at once, and draws from the tactics deck
  when some tactics card it has not seen could win the game were it in hand.
- ``ColourToFlag``: the naive "colour i goes to flag i" player (the highest card of a colour to
  that colour's flag; when no colour's flag has room, the highest card to the first open flag).

Each is handed ``state.determinize(player, rng)`` by the match like any agent, and reads only
what its player sees: its own hand, the table, and counts.
"""

from __future__ import annotations

import random

from game.engines.battleline.actions import (
    CLAIM_BASE,
    DONE,
    DRAW_TACTICS,
    DRAW_TROOP,
    FLAG_BASE,
    NUM_FLAGS,
    PASS,
)
from game.engines.battleline.cards import NUM_TROOPS, NUM_VALUES, SCOUT, TACTICS, TACTICS_DECK
from game.engines.battleline.formations import best_key
from game.engines.battleline.phases import PH_CLAIM, PH_DRAW, PH_FLAG, PH_PLAY
from game.engines.battleline.state import BattleLineState, victory

CENTRE = NUM_FLAGS // 2


def _claim_or_draw(state: BattleLineState) -> int | None:
    """Claim every provable flag; draw troops. None for any other decision."""
    if state.phase == PH_CLAIM:
        return CLAIM_BASE + state.claimable[0] if state.claimable else DONE
    if state.phase == PH_DRAW:
        return DRAW_TROOP if DRAW_TROOP in state.legal_actions() else DRAW_TACTICS
    return None


def _open_flags(state: BattleLineState, player: int) -> list[int]:
    """Unclaimed flags with room on ``player``'s side."""
    return [
        f
        for f in range(NUM_FLAGS)
        if state.claimed[f] < 0 and len(state.side(f, player)) < state.slots(f)
    ]


def _formation_move(state: BattleLineState, cards: list[int]) -> tuple[int, int] | None:
    """(card, flag) of the best reachable formation over ``cards`` and the open flags: highest
    key, then nearest the centre, then the lower card."""
    player = state.player
    pool = state.pool()
    best: tuple | None = None
    choice = None
    for card in cards:
        rest = pool & ~(1 << card)
        for f in _open_flags(state, player):
            side = [*state.side(f, player), card]
            key = best_key(side, rest, state.slots(f), state.fog[f] >= 0)
            rank = (key, -abs(f - CENTRE), -card)
            if best is None or rank > best:
                best, choice = rank, (card, f)
    return choice


def _wins_now(state: BattleLineState, player: int) -> bool:
    """Whether ``player``'s claimed and provable flags make a Breakthrough or an Envelopment."""
    owners = list(state.claimed)
    for f in state.provable_flags(player):
        owners[f] = player
    return victory(owners, player) is not None


def _winning_line(state: BattleLineState, card: int) -> list[int] | None:
    """The decisions (``card`` first) that finish this turn's play with a won game, or None.

    Every follow-up choice of the card (its flag, Deserter's target, Traitor's or Redeploy's
    card and flag) is tried on a copy; Scout draws unseen cards and never wins at once."""
    if card == SCOUT:
        return None
    player = state.player

    def search(node: BattleLineState, line: list[int]) -> list[int] | None:
        if (
            node.is_terminal()
            or node.current_player() != player
            or node.phase
            in (
                PH_CLAIM,
                PH_DRAW,
            )
        ):
            return line if node.is_terminal() or _wins_now(node, player) else None
        for action in node.legal_actions():
            child = node.clone()
            child.apply_action(action)
            found = search(child, [*line, action])
            if found is not None:
                return found
        return None

    start = state.clone()
    start.apply_action(card)
    return search(start, [card])


def _unseen_tactics(state: BattleLineState, player: int) -> list[int]:
    """Tactics cards ``player`` has not seen: in the tactics deck or the opponent's hand (as a
    set this does not depend on the determinization)."""
    hidden = {*state.decks[TACTICS_DECK], *state.tops[TACTICS_DECK]}
    hidden.update(card for card in state.hands[1 - player] if card >= NUM_TROOPS)
    return sorted(card for card in hidden if card in TACTICS)


class FormationBuilder:
    """The formation builder; ``tactics=True`` is its tactics variant (module docstring)."""

    def __init__(self, seed: int = 0, *, tactics: bool = False) -> None:
        self.tactics = tactics
        self.rng = random.Random(seed)
        self._plan: list[int] = []  # the rest of a decided turn (a card's flag, a winning line)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: BattleLineState) -> int:
        fixed = _claim_or_draw(state)
        if fixed is not None:
            if fixed == DRAW_TROOP and self.tactics and self._tactics_could_win(state):
                return DRAW_TACTICS
            return fixed
        legal = state.legal_actions()
        if self._plan and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        if state.phase == PH_PLAY:
            return self._play(state, legal)
        if state.phase == PH_FLAG:
            move = _formation_move(state, [state.pending])
            if move is not None:
                return FLAG_BASE + move[1]
        return legal[0]

    def _play(self, state: BattleLineState, legal: list[int]) -> int:
        if self.tactics:
            for card in legal:
                if NUM_TROOPS <= card < PASS:
                    line = _winning_line(state, card)
                    if line is not None:
                        self._plan = line[1:]
                        return card
        move = _formation_move(state, [card for card in legal if card < NUM_TROOPS])
        if move is not None:
            self._plan = [FLAG_BASE + move[1]]
            return move[0]
        return PASS if PASS in legal else legal[0]

    def _tactics_could_win(self, state: BattleLineState) -> bool:
        """Whether some unseen tactics card, were it in hand now, would win the game at once."""
        player = state.player
        if DRAW_TACTICS not in state.legal_actions():
            return False
        for card in _unseen_tactics(state, player):
            what_if = state.clone()
            what_if.hands[1 - player] = [c for c in what_if.hands[1 - player] if c != card]
            what_if.hands[player].append(card)
            what_if.phase = PH_PLAY
            what_if.claimable = []
            if card in what_if.legal_actions() and _winning_line(what_if, card) is not None:
                return True
        return False


class ColourToFlag:
    """ "Colour i goes to flag i" (module docstring); claims everything, draws troops."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._flag = -1

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def choose(self, state: BattleLineState) -> int:
        fixed = _claim_or_draw(state)
        if fixed is not None:
            return fixed
        legal = state.legal_actions()
        if state.phase == PH_FLAG:
            flag = FLAG_BASE + self._flag
            return flag if flag in legal else legal[0]
        if state.phase != PH_PLAY:
            return legal[0]
        troops = sorted((c for c in legal if c < NUM_TROOPS), key=lambda c: -(c % NUM_VALUES))
        open_flags = _open_flags(state, state.player)
        for card in troops:
            if card // NUM_VALUES in open_flags:
                self._flag = card // NUM_VALUES
                return card
        if troops and open_flags:
            self._flag = open_flags[0]
            return troops[0]
        return PASS if PASS in legal else legal[0]
