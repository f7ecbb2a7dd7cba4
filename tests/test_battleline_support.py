"""Helpers shared by the Battle Line tests (this module holds no tests).

``position`` lays out a mid-game position directly (hands, flag sides, discards, decks), so a rule
can be tested from the turn it matters; ``play`` drives the real engine by card and flag names.
"""

from __future__ import annotations

import random

from game.engines.base import CHANCE
from game.engines.battleline import BattleLineGame, BattleLineState
from game.engines.battleline.actions import FIRST_BASE, NUM_FLAGS, flag_action
from game.engines.battleline.cards import NUM_TROOPS, TACTICS, parse_card
from game.engines.battleline.phases import PH_PLAY

GAME = BattleLineGame()


def cards(names: str) -> list[int]:
    """ "R7 B8 Leader" -> card ids; tactics by name with spaces as dashes ("Companion-Cavalry")."""
    aliases = {"leader": "Alexander", "cavalry": "Companion Cavalry", "shield": "Shield Bearers"}
    return [parse_card(aliases.get(n.lower(), n.replace("-", " "))) for n in names.split()]


def position(
    hands: tuple[str, str] = ("", ""),
    sides: dict[int, tuple[str, str]] | None = None,
    *,
    player: int = 0,
    discards: tuple[str, str] = ("", ""),
    troop_deck: int | None = None,
    tactics_deck: str | None = None,
    tactics_played: tuple[int, int] = (0, 0),
    claimed: dict[int, int] | None = None,
    fog: tuple[int, ...] = (),
    mud: tuple[int, ...] = (),
    **options: object,
) -> BattleLineState:
    """A state at the start of ``player``'s turn. Complete sides count as completed in the order
    they are listed (player 0's side before player 1's at each flag). With ``troop_deck`` the deck
    keeps only its first N cards; the rest go to player 1's discard pile (on the table)."""
    state = GAME.new_state(**options)
    state.apply_action(FIRST_BASE + player)
    state.dealt = 14
    state.player = player
    state.hands = [cards(hands[0]), cards(hands[1])]
    state.discards = [cards(discards[0]), cards(discards[1])]
    for f in mud:
        state.mud[f] = 1 - player
    for f in fog:
        state.fog[f] = 1 - player
    used = set(state.hands[0] + state.hands[1] + state.discards[0] + state.discards[1])
    order = 0
    for f, pair in (sides or {}).items():
        for q, names in enumerate(pair):
            side = cards(names)
            state.sides[2 * f + q] = side
            used |= set(side)
            if len(side) == state.slots(f):
                order += 1
                state.done_at[2 * f + q] = order
    deck = [c for c in range(NUM_TROOPS) if c not in used]
    if troop_deck is not None:
        state.discards[1] += deck[troop_deck:]
        deck = deck[:troop_deck]
    state.decks[0] = deck
    if tactics_deck is not None:
        state.decks[1] = cards(tactics_deck)
    else:
        state.decks[1] = [c for c in TACTICS if c not in used] if state.tactics_on else []
    state.table_mask = 0
    for card in [*state.discards[0], *state.discards[1], *(c for s in state.sides for c in s)]:
        if card < NUM_TROOPS:
            state.table_mask |= 1 << card
    state.tactics_played = list(tactics_played)
    state.leader_played = [False, False]
    for f, owner in (claimed or {}).items():
        state.claimed[f] = owner
    state.phase = PH_PLAY
    return state


def play(state: BattleLineState, card: str, flag: int | None = None) -> None:
    """Play ``card`` (and put it at ``flag`` when it goes to a flag)."""
    state.apply_action(cards(card)[0])
    if flag is not None:
        state.apply_action(flag_action(flag))


def run_chance(state: BattleLineState, rng: random.Random) -> None:
    """Resolve chance nodes (draws) until a player must decide or the game is over."""
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))


def random_playout(
    seed: int, steps: int | None = None, **options: object
) -> tuple[BattleLineState, list[BattleLineState]]:
    """A uniformly random game (or its first ``steps`` actions) and every state along it."""
    rng = random.Random(seed)
    state = GAME.new_state(**options)
    states = [state.clone()]
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action)
        states.append(state.clone())
    return state, states


ALL_FLAGS = range(NUM_FLAGS)
