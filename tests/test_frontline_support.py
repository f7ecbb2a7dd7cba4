"""Helpers for Frontline's rules tests: a state after set-up, units put straight into the
Battle Area, declarations and dice applied as the actions a player and the dice would take."""

from __future__ import annotations

from game.engines.frontline.actions import (
    DIE,
    DONE,
    DRAW_COMMAND,
    DRAWN_DAMAGE,
    HOLD,
    ME_FIRST,
    UNIT,
    WEAPONS,
)
from game.engines.frontline.cards import (
    DAMAGE_INDEX,
    FRONT,
    NO_CREW,
    UNIT_INDEX,
    UNITS,
)
from game.engines.frontline.phases import (
    PH_ATTACK_DIE,
    PH_COMMIT,
    PH_DECLARE,
    PH_INITIATIVE,
    PH_ORDER,
    PH_OVER,
    PH_PICK,
    PH_ROLL_WINDOW,
    PH_WEAPONS,
    PH_WINDOW,
)
from game.engines.frontline.state import FrontlineGame, FrontlineState
from game.engines.frontline.units import Unit

GAME = FrontlineGame()


def die(face: int) -> int:
    return DIE + face - 1


def card(card_id: str) -> int:
    return UNIT_INDEX[card_id]


def damage(card_id: str) -> int:
    return DRAWN_DAMAGE + DAMAGE_INDEX[card_id]


def setup(**options: object) -> FrontlineState:
    """A new game after the starting picks and the deal, at turn 1's commitment, with an empty
    Battle Area and no command cards in hand (seat 0 is the US unless ``seat0_army`` says
    otherwise)."""
    state = GAME.new_state(**options)
    while state.phase == PH_PICK or state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.phase == PH_COMMIT
    for seat in (0, 1):  # no command cards: no windows unless a test gives some
        state.command_deck += state.hand_commands[seat]
        state.hand_commands[seat] = []
    state.command_deck.sort()
    return state


def crew_for(printed_card: int) -> int:
    printed = UNITS[printed_card]
    return next(
        c.index
        for c in UNITS
        if c.is_crew and c.side == printed.side and c.crew_kind == printed.crew
    )


def place(state: FrontlineState, seat: int, card_id: str, line: int = FRONT, crewed=True) -> Unit:
    index = card(card_id)
    printed = UNITS[index]
    crew = crew_for(index) if crewed and printed.crew != NO_CREW else -1
    unit = Unit(index, seat, state._free_pos(seat), line, crew)
    state.board[unit.pos] = unit
    return unit


def pass_windows(state: FrontlineState) -> None:
    """Both players pass every command-card window and roll without cards."""
    while state.phase in (PH_WINDOW, PH_ROLL_WINDOW):
        state.apply_action(DONE)


def to_combat(state: FrontlineState) -> None:
    """Both players commit nothing: the Combat Phase starts with the units placed."""
    state.apply_action(DONE)
    state.apply_action(DONE)
    pass_windows(state)


def declare(state: FrontlineState, plan: dict[int, tuple[int, int]]) -> None:
    """Declarations of both seats: ``plan`` maps an attacker's position to (target action,
    weapon mask or 0); every other attacker holds fire."""
    pass_windows(state)
    while state.phase in (PH_DECLARE, PH_WEAPONS):
        pos = state.queue[0]
        action, mask = plan.get(pos, (HOLD, 0))
        if state.phase == PH_DECLARE:
            state.apply_action(action)
        else:
            state.apply_action(WEAPONS + mask)
    pass_windows(state)


def initiative(state: FrontlineState, first: int, second: int) -> None:
    pass_windows(state)
    assert state.phase == PH_INITIATIVE
    state.apply_action(die(first))
    pass_windows(state)
    state.apply_action(die(second))
    pass_windows(state)


def seat_one_first(state: FrontlineState) -> None:
    """Seat 1 wins the initiative (2 against 9) and resolves the first attack."""
    initiative(state, 2, 9)
    assert state.phase == PH_ORDER and state.current_player() == 1
    state.apply_action(ME_FIRST)


def attack_with(state: FrontlineState, attacker: Unit, target: Unit, mask: int = 1) -> None:
    """From the start of a Combat Phase: ``attacker`` declares on ``target``, everyone else
    holds, the attacker's seat wins the initiative and starts resolving that attack."""
    declare(state, {attacker.pos: (UNIT + target.pos, mask)})
    initiative(state, 9, 2) if attacker.owner == 0 else initiative(state, 2, 9)
    state.apply_action(UNIT + attacker.pos)
    pass_windows(state)
    assert state.phase == PH_ATTACK_DIE


def roll(state: FrontlineState, *faces: int) -> None:
    for face in faces:
        pass_windows(state)
        state.apply_action(die(face))
    pass_windows(state)


def miss_out(state: FrontlineState) -> None:
    """Every remaining attack roll of the attack under way misses (5 + 5 = 10)."""
    pass_windows(state)
    while state.phase == PH_ATTACK_DIE:
        roll(state, 5, 5)


def finish_turn(state: FrontlineState) -> None:
    """Play on to the next Commitment Phase (or the end): chance takes the first outcome
    (dice: 1), windows pass, draws take command cards, other decisions the first choice."""
    while state.phase not in (PH_COMMIT, PH_OVER):
        if state.phase == PH_INITIATIVE:  # seat 0 wins; equal dice would be rolled again
            state.apply_action(die(6 if state.init_rolls[0] == 0 else 3))
            continue
        legal = state.legal_actions()
        preferred = [a for a in (DRAW_COMMAND, DONE) if a in legal]  # draw commands, pass
        state.apply_action(preferred[0] if preferred else legal[0])
