"""What each player may know: the observation, determinization, hidden moves and the move log.

Public: the Battle Area (units, crews, damage, Damage cards and effects), VP, overrun counters,
both decks' lists (prebuilt decks are game options), hand and Reserves sizes, cards put under
the Reserves in the open (surviving crews, returning aircraft), the command discard pile, dice
and Damage cards, and after each reveal the commitments and declarations. Private: hands, the
order of the Reserves and the Command deck, unit cards put back at the hand limit, and the
face-down commitment and the target declarations until both players have decided: the other
player sees only whether the player has decided, not how many cards lie face down nor how many
steps the choice took (§9 #25; every step but the last observes as ``UNSEEN``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from game.engines.base import UNSEEN
from game.engines.frontline import combat
from game.engines.frontline.actions import (
    ASSAULT,
    BOOST,
    CARD,
    COMMAND,
    DIE,
    DONE,
    DRAW_COMMAND,
    DRAW_UNIT,
    DRAWN_COMMAND,
    DRAWN_DAMAGE,
    DRAWN_UNIT,
    HIDDEN_CARD,
    HIDDEN_DECLARE,
    HIDDEN_PICK,
    HOLD,
    ME_FIRST,
    PREBUILT_DECK,
    REAR_CARD,
    SURRENDER,
    SWITCH,
    UNIT,
    WEAPONS,
    kind_of,
)
from game.engines.frontline.cards import (
    COMMANDS,
    DAMAGES,
    PREBUILT,
    SIDES,
    UNITS,
    army_pool,
)
from game.engines.frontline.commands import SURRENDER as SURRENDER_CARD
from game.engines.frontline.commitment import commit_options
from game.engines.frontline.observation import FrontlineObservation, SeatView
from game.engines.frontline.options import DECK_MAX_POINTS, DECK_MIN_POINTS
from game.engines.frontline.phases import (
    CHANCE_PHASES,
    CLOSE_ASSAULT,
    DICE_PHASES,
    NORMAL,
    PH_BUILD,
    PH_CAPTURE_LINE,
    PH_CARD_TARGET,
    PH_COMMIT,
    PH_CREW_TO,
    PH_DAMAGE_CARD,
    PH_DEAL,
    PH_DECLARE,
    PH_DISCARD_UNIT,
    PH_DRAW_COMMAND,
    PH_DRAW_UNIT,
    PH_INITIATIVE,
    PH_PICK,
    PH_ROLL_WINDOW,
    PH_WEAPONS,
    PH_WINDOW,
    PHASE_NAMES,
    SURRENDER_ATTACK,
)

if TYPE_CHECKING:
    from game.engines.frontline.shape import FrontlineShape

DECLARING = (PH_DECLARE, PH_WEAPONS)
S = TypeVar("S", bound="FrontlineShape")  # the state determinized: a copy of the same class


def _card_of(entry: int) -> int:
    return entry - REAR_CARD if entry >= REAR_CARD else entry - CARD


def _seat_view(state: FrontlineShape, viewer: int | None, seat: int) -> SeatView:
    """One seat as ``viewer`` sees it (None: as the public does, every seat another's). The
    other seat's face-down cards are neither shown nor counted (its hand counts them) until
    the reveal (§9 #25)."""
    own = seat == viewer
    declaring = state.phase in DECLARING
    declarations = state.decls[seat] if own or not declaring else None
    face_down = len(state.commit[seat])
    return {
        "army": SIDES[state.army[seat]],
        "deck": list(state.deck[seat]) if own or not state.building else None,
        "units": list(state.hand_units[seat]) if own else None,
        "unit_count": len(state.hand_units[seat]) + (0 if own else face_down),
        "commands": list(state.hand_commands[seat]) if own else None,
        "command_count": len(state.hand_commands[seat]),
        "face_down": [_card_of(e) for e in state.commit[seat]] if own else None,
        "face_down_rear": [e >= REAR_CARD for e in state.commit[seat]] if own else None,
        "face_down_count": face_down if own else 0,
        "decided": state.decided[seat],
        "declarations": (None if declarations is None else [list(d) for d in declarations]),
        "reserves": len(state.reserves[seat]) + len(state.bottom[seat]),
        "bottom": [
            card if own or public else None
            for card, public in zip(state.bottom[seat], state.bottom_public[seat], strict=True)
        ],
        "vp": state.vp[seat],
        "vp_captured": state.vp_captured[seat],
        "overrun": state.overrun[seat],
        "prisoners": list(state.prisoners[seat]),
        "reserved": list(state.reserved[seat]) if own else None,
        "known": list(state.known[seat]),
        "ambush": state.init_mods[seat],
        "passed": state.window_passed[seat],
    }


def observation(state: FrontlineShape, viewer: int, public: bool = False) -> FrontlineObservation:
    """The viewer's view; the schema is documented in the package docstring. ``public``: the
    view anyone at the table has, from the viewer's seat (its own hidden parts masked too)."""
    seer = None if public else viewer  # whose private parts show
    private = state.phase in DECLARING and state.player != seer
    over = state.is_over()
    return {
        "viewer": viewer,
        "current_player": state.current_player(),
        # The other seat declaring shows one phase, whether its attacker picks weapons or not.
        "phase": PHASE_NAMES[PH_DECLARE if private else state.phase],
        "turn": state.turn,
        "seats": [_seat_view(state, seer, seat) for seat in (0, 1)],
        "board": [state.board[pos].view() for pos in sorted(state.board)],
        "queue": None if private else list(state.queue),
        "pending_target": None if private else state.pending_target,
        "attacks": [[list(a) for a in state.attacks[s]] for s in (0, 1)],
        "initiative": state.initiative,
        "previous_initiative": state.prev_initiative,
        "window": state.window or None,
        "card_pending": state.card_pending,
        "crew_from": state.crew_from,
        "captured": state.captured_pos,
        "moved": list(state.moved),
        "spares": [list(state.spares[0]), list(state.spares[1])],
        "roll_kind": PHASE_NAMES[state.roll_kind] if state.roll_kind >= 0 else None,
        "boost": state.boost,
        "attack_cards": [c for c in range(state.atk_cmds.bit_length()) if state.atk_cmds >> c & 1],
        "init_rolls": list(state.init_rolls),
        "attack": {
            "kind": state.atk_kind,
            "attacker": state.atk_pos,
            "target": state.atk_target,
            "row": state.atk_row,
            "rolls_left": state.atk_rolls,
            "rows_left": list(state.atk_rows),
            "members": list(state.atk_members),
            "dice": list(state.dice),
            "natural": state.natural,
            "hit": state.hit_pos,
            "friendly": state.friendly,
        },
        "command_deck": len(state.command_deck),
        "command_discard": sorted(state.command_discard),
        "damage_deck": len(state.damage_deck),
        "damage_discard": sorted(state.damage_discard),
        "options": dict(state.options),
        "winner": state.winner if over else None,
        "end_reason": state.end_reason or None,
        "returns": state.returns() if over else None,
    }


# --- determinization ------------------------------------------------------------------------
def determinize(state: S, viewer: int, rng: random.Random) -> S:
    """A state consistent with the viewer's view: the opponent's hand, face-down cards, hidden
    cards under the Reserves and shuffled Reserves re-dealt from the cards the viewer has not
    seen; the Command deck and the opponent's commands re-dealt; the opponent's hidden
    declarations re-sampled uniformly among its legal choices."""
    other = state.clone()
    o = 1 - viewer
    hidden_bottom = [i for i, public in enumerate(other.bottom_public[o]) if not public]
    pool = list(other.hand_units[o]) + [_card_of(e) for e in other.commit[o]]
    pool += other.reserves[o] + [other.bottom[o][i] for i in hidden_bottom]
    pool.sort()
    hand_size = len(other.hand_units[o]) + len(other.commit[o])
    # Withdrawn cards the viewer saw go back to the hand (and may be set aside from it below).
    known = list(other.known[o])
    for card in known:
        pool.remove(card)
    if state.building:
        pool = _resample_deck(other, o, pool, rng)
    rng.shuffle(pool)
    h = hand_size - len(known)
    other.hand_units[o] = sorted(known + pool[:h])
    rest = pool[h:]
    for i in hidden_bottom:
        other.bottom[o][i] = rest.pop()
    other.reserves[o] = sorted(rest)
    committing = state.phase == PH_COMMIT and (state.decided[o] or state.player == o)
    other.commit[o] = _face_down(other, o, rng) if committing else []
    commands = sorted(other.hand_commands[o] + other.command_deck)
    rng.shuffle(commands)
    n = len(other.hand_commands[o])
    other.hand_commands[o] = sorted(commands[:n])
    other.command_deck = sorted(commands[n:])
    if state.phase in DECLARING and (state.decided[o] or state.player == o):
        # Only declarations made so far: the second declarer has made none while the first
        # declares (drawing some then gave it a second round of attacks in every rollout).
        _resample_declarations(other, o, rng)
    return other


def _face_down(state: FrontlineShape, seat: int, rng: random.Random) -> list[int]:
    """A face-down set for ``seat`` set aside from its (re-dealt) hand by random legal
    commitment choices, of any size: the viewer never saw how many cards lie face down
    (§9 #25). A seat that has decided stops at a valid set (the empty set always is one); a
    seat still choosing may stop anywhere."""
    needs = state.crew_needs(seat)
    hand = state.hand_units[seat]
    chosen: list[int] = []
    while True:
        options = commit_options(chosen, hand, needs)
        if not state.decided[seat] and DONE not in options:
            options.append(DONE)
        pick = rng.choice(options)
        if pick == DONE:
            return chosen
        chosen.append(pick)
        hand.remove(_card_of(pick))


def _resample_deck(
    state: FrontlineShape, seat: int, unseen: list[int], rng: random.Random
) -> list[int]:
    """A built deck is secret: the cards of ``seat``'s deck the viewer has not seen are drawn
    again from the army's pool (copy limits and deck points kept); the cards seen stay."""
    known = list(state.deck[seat])
    for card in unseen:
        known.remove(card)
    copies = []
    for card, limit in army_pool(state.army[seat]).items():
        copies += [card] * (limit - known.count(card))
    copies.sort()
    base = sum(UNITS[c].cost for c in known)
    finished = not (state.phase == PH_BUILD and state.player == seat)
    low = DECK_MIN_POINTS if finished else 0
    for _ in range(200):
        rng.shuffle(copies)
        drawn = copies[: len(unseen)]
        if low <= base + sum(UNITS[c].cost for c in drawn) <= DECK_MAX_POINTS:
            state.deck[seat] = sorted(known + drawn)
            return sorted(drawn)
    return list(unseen)  # no valid deck found quickly: keep the cards as they are


def _resample_declarations(state: FrontlineShape, seat: int, rng: random.Random) -> None:
    """Re-draw ``seat``'s declarations made so far (its attackers no longer in its queue)."""
    waiting = set(state.queue) if state.player == seat else set()
    state.reserved[seat] = []

    decls = []
    for unit in sorted(state.units_of(seat), key=lambda u: u.pos):
        if unit.pos in waiting:
            continue
        choices = state._target_actions(seat, unit.pos)
        if len(choices) <= 1:
            continue
        choice = rng.choice(choices)
        if choice == HOLD:
            continue
        if kind_of(choice) == "assault":
            decls.append((CLOSE_ASSAULT, unit.pos, choice - ASSAULT, 0))
            continue
        if kind_of(choice) == "surrender":
            decls.append((SURRENDER_ATTACK, unit.pos, choice - SURRENDER, 0))
            state.reserved[seat].append(SURRENDER_CARD)
            continue
        target = state.board[choice - UNIT]
        mask = rng.choice(combat.weapon_sets(state, unit, target))
        decls.append((NORMAL, unit.pos, target.pos, mask))
    state.decls[seat] = decls


# --- hidden moves and the move log ----------------------------------------------------------
def observed_action(state: FrontlineShape, viewer: int, action: int) -> int:
    """``action`` as ``viewer`` sees it: hidden decisions and private draws are masked."""
    phase = state.phase
    if phase in CHANCE_PHASES:
        if phase in DICE_PHASES or phase == PH_DAMAGE_CARD:
            return action
        recipient = state.deal_left % 2 if phase == PH_DEAL else state.player
        return action if recipient == viewer else HIDDEN_CARD
    if state.player == viewer:
        return action
    if phase in (PH_PICK, PH_BUILD):
        return action if action == DONE else HIDDEN_PICK
    if phase == PH_COMMIT:  # §9 #25: only that the seat has committed, not how many cards
        return action if action == DONE else UNSEEN
    if phase in DECLARING:  # only that the seat has declared, not how many steps it took
        return HIDDEN_DECLARE if _ends_declaring(state, action) else UNSEEN
    if phase == PH_DISCARD_UNIT:
        return HIDDEN_CARD
    return action


def _ends_declaring(state: FrontlineShape, action: int) -> bool:
    """Whether ``action`` is the acting seat's last declaration step: its last attacker, and
    no choice of weapons to follow."""
    if len(state.queue) > 1:
        return False
    if state.phase == PH_WEAPONS or kind_of(action) != "unit":
        return True
    attacker, target = state.board[state.queue[0]], state.board[action - UNIT]
    return len(combat.weapon_sets(state, attacker, target)) == 1


PHRASES = {
    "build": "{player} adds {card} to the deck",
    "build_hidden": "{player} adds a card to the deck",
    "build_prebuilt": "{player} takes the prebuilt deck {deck}",
    "built": "{player} has built a deck",
    "pick": "{player} chooses {card} for the starting hand",
    "pick_hidden": "{player} chooses a starting card",
    "dealt": "{player} is dealt {command}",
    "dealt_hidden": "{player} is dealt a command card",
    "commit": "{player} sets {card} aside face down",
    "commit_rear": "{player} sets {card} aside face down for the Rear Line",
    "ready": "{player} has committed",
    "declare": "{player}: {unit} targets {target}",
    "assault": "{player}: {unit} joins a close assault on {target}",
    "hold": "{player}: {unit} holds fire",
    "declare_hidden": "{player} has declared",
    "unseen": "{player} decides in secret",  # a step of a hidden decision: no log step
    "weapons": "{player}: {unit} fires {weapons}",
    "first_weapon": "{player} fires {weapons} first",
    "crew_place": "{player} puts a new crew in {unit}",
    "capture_front": "{player} puts the captured {unit} in the Frontline",
    "capture_rear": "{player} puts the captured {unit} in the Rear Line",
    "initiative": "{player} rolls {die} for initiative",
    "first_me": "{player} attacks first",
    "first_them": "{player} lets the opponent attack first",
    "attack": "{player}: {unit} attacks {target}",
    "die": "{player} rolls {die}",
    "victim": "{player} chooses {unit} as the friendly-fire victim",
    "damage_card": "{unit} draws the Damage card {damage}",
    "draw_choice_command": "{player} draws a command card",
    "draw_choice_unit": "{player} draws a unit card",
    "draws_command": "{player} draws {command}",
    "draws_unit": "{player} draws {card}",
    "draws_hidden": "{player} draws a card",
    "bottom": "{player} puts {card} under the Reserves",
    "bottom_hidden": "{player} puts a unit card under the Reserves",
    "discard": "{player} discards {command}",
    "play": "{player} plays {command}",
    "card_on": "{player} plays {command} on {unit}",
    "boost": "{player} discards {command} for +1 to the roll",
    "pass": "{player} passes",
    "roll": "{player} rolls",
    "crew_from": "{player} moves the crew of {unit}",
    "crew_to": "{player} puts the crew in {unit}",
    "switch": "{player} moves {unit} to the other line",
    "surrender": "{player}: {unit} calls on {target} to surrender",
    "unknown": "unknown action {action}",
}


def action_phrase(
    state: FrontlineShape, action: int, viewer: int | None = None
) -> tuple[str, dict[str, int | str]]:
    """``action`` (before it is applied) as a phrase key and arguments, naming only what
    ``viewer`` may see (None: what both players see, for the shared move log)."""
    kind = kind_of(action)
    if not kind or kind == "hidden":
        return "unknown", {"action": repr(action)}
    phase = state.phase
    player = state.player
    seen = action if viewer is None else observed_action(state, viewer, action)
    if viewer is None:
        seen_by = [observed_action(state, s, action) for s in (0, 1)]
        hidden = any(s != action for s in seen_by)
        seen = UNSEEN if UNSEEN in seen_by else seen
    else:
        hidden = seen != action
    if seen == UNSEEN and phase not in CHANCE_PHASES:
        return "unseen", {"player": player}
    if phase in CHANCE_PHASES:
        if phase == PH_DEAL:
            seat = state.deal_left % 2
            if hidden:
                return "dealt_hidden", {"player": seat}
            return "dealt", {"player": seat, "command": action - DRAWN_COMMAND}
        if phase in (PH_DRAW_COMMAND, PH_DRAW_UNIT):
            if hidden:
                return "draws_hidden", {"player": player}
            if phase == PH_DRAW_UNIT:
                return "draws_unit", {"player": player, "card": action - DRAWN_UNIT}
            return "draws_command", {"player": player, "command": action - DRAWN_COMMAND}
        if phase == PH_DAMAGE_CARD:
            unit = state.board[state.hit_pos].card
            return "damage_card", {"unit": unit, "damage": action - DRAWN_DAMAGE}
        roller = _init_roller(state) if phase == PH_INITIATIVE else player
        key = "initiative" if phase == PH_INITIATIVE else "die"
        return key, {"player": roller, "die": action - DIE + 1}
    if phase == PH_BUILD:
        if action == DONE:
            return "built", {"player": player}
        if hidden:
            return "build_hidden", {"player": player}
        if kind == "prebuilt":
            return "build_prebuilt", {"player": player, "deck": action - PREBUILT_DECK}
        return "build", {"player": player, "card": action - CARD}
    if phase == PH_PICK:
        if hidden:
            return "pick_hidden", {"player": player}
        return "pick", {"player": player, "card": action - CARD}
    if phase == PH_COMMIT:
        if action == DONE:
            return "ready", {"player": player}
        key = "commit_rear" if action >= REAR_CARD else "commit"
        return key, {"player": player, "card": _card_of(action)}
    if phase in DECLARING:
        if hidden:
            return "declare_hidden", {"player": player}
        unit = state.board[state.queue[0]].card
        if action == HOLD:
            return "hold", {"player": player, "unit": unit}
        if kind == "weapons":
            return "weapons", {"player": player, "unit": unit, "weapons": action - WEAPONS}
        base = {"assault": ASSAULT, "surrender": SURRENDER}.get(kind, UNIT)
        target = state.board[action - base].card
        key = {"assault": "assault", "surrender": "surrender"}.get(kind, "declare")
        return key, {"player": player, "unit": unit, "target": target}
    if phase == PH_CAPTURE_LINE:
        key = "capture_rear" if action >= REAR_CARD else "capture_front"
        return key, {"player": player, "unit": state.board[state.captured_pos].card}
    if phase == PHASE_NAMES.index("crew_place"):
        return "crew_place", {"player": player, "unit": state.board[action - UNIT].card}
    if phase == PHASE_NAMES.index("first_weapon"):
        return "first_weapon", {"player": player, "weapons": action - WEAPONS}
    if phase == PH_CARD_TARGET:
        unit = state.board[action - UNIT].card
        return "card_on", {"player": player, "command": state.card_pending, "unit": unit}
    if phase == PH_CREW_TO:
        return "crew_to", {"player": player, "unit": state.board[action - UNIT].card}
    if phase in (PH_WINDOW, PH_ROLL_WINDOW):
        if action == DONE:
            return ("roll" if phase == PH_ROLL_WINDOW else "pass"), {"player": player}
        if kind == "boost":
            return "boost", {"player": player, "command": action - BOOST}
        if kind == "command":
            return "play", {"player": player, "command": action - COMMAND}
        if kind == "switch":
            return "switch", {"player": player, "unit": state.board[action - SWITCH].card}
        return "crew_from", {"player": player, "unit": state.board[action - UNIT].card}
    if phase == PH_DISCARD_UNIT:
        if hidden:
            return "bottom_hidden", {"player": player}
        return "bottom", {"player": player, "card": action - CARD}
    if kind == "command":
        key = "play" if phase == PHASE_NAMES.index("draw_choice") else "discard"
        return key, {"player": player, "command": action - COMMAND}
    if action in (DRAW_COMMAND, DRAW_UNIT):
        key = "draw_choice_command" if action == DRAW_COMMAND else "draw_choice_unit"
        return key, {"player": player}
    if kind == "single":
        return ("first_me" if action == ME_FIRST else "first_them"), {"player": player}
    if kind == "unit":
        pos = action - UNIT
        if state.phase == PHASE_NAMES.index("friendly_fire"):
            return "victim", {"player": player, "unit": state.board[pos].card}
        attack = next((a for a in state.attacks[player] if a[1] == pos), None)
        if attack is not None:
            attacker = state.board.get(pos)
            aimed = state.board.get(attack[2])
            card = attacker.card if attacker else aimed.card if aimed else 0
            return "attack", {
                "player": player,
                "unit": card,
                "target": aimed.card if aimed else card,
            }
    return "unknown", {"action": repr(action)}


def _init_roller(state: FrontlineShape) -> int:
    return 0 if state.init_rolls[0] == 0 else 1


def english_phrase(key: str, args: dict[str, int | str]) -> str:
    words: dict[str, int | str] = dict(args)
    if "player" in args:
        words["player"] = f"Player {int(args['player']) + 1}"
    for name in ("card", "unit", "target"):
        if name in args:
            words[name] = UNITS[int(args[name])].name
    if "command" in args:
        words["command"] = COMMANDS[int(args["command"])].name
    if "damage" in args:
        words["damage"] = DAMAGES[int(args["damage"])].name
    if "deck" in args:
        words["deck"] = list(PREBUILT)[int(args["deck"])]
    if "weapons" in args:
        mask = int(args["weapons"])
        words["weapons"] = " and ".join(f"weapon {row + 1}" for row in range(3) if mask >> row & 1)
    return PHRASES[key].format(**words)


def describe_action(state: FrontlineShape, action: int, viewer: int | None = None) -> str:
    return english_phrase(*action_phrase(state, action, viewer))
