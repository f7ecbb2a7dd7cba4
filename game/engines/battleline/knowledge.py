"""What each player may know: the observation, determinization, and actions as a player sees them.

Public: the table (flags, claims, environment cards, discards), deck sizes, how many troop and
tactics cards each hand holds (the two decks have different backs), tactics played, the pending
decision. Private: a hand's cards; the cards a player put back with Scout (the top of a deck, in
order). A player also learns which cards the opponent holds when the opponent draws a card this
player put back. Everything else is unseen, and ``determinize`` re-deals exactly that.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from game.engines.base import Phrase
from game.engines.battleline import refusals
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_BASE,
    FIRST_BASE,
    FLAG_BASE,
    HIDDEN_CARD,
    HIDDEN_RETURN_BASE,
    NUM_ACTIONS,
    NUM_FLAGS,
    PASS,
)
from game.engines.battleline.cards import (
    DECK_NAMES,
    NUM_TROOPS,
    TACTICS_DECK,
    TROOP_DECK,
    card_name,
    deck_of,
)
from game.engines.battleline.formations import formation_name, key_rank, key_total, side_key
from game.engines.battleline.observation import (
    BattleLineObservation,
    ClaimView,
    CounterexampleView,
    FlagView,
    FormationView,
    HandView,
    PendingView,
)
from game.engines.battleline.options import MATCH_GAMES
from game.engines.battleline.phases import (
    PH_CLAIM,
    PH_DEAL,
    PH_DESERTER,
    PH_DRAW_CARD,
    PH_FIRST,
    PH_NEXT,
    PH_OVER,
    PH_PLAY,
    PH_REDEPLOY_FROM,
    PH_SCOUT_DRAW,
    PH_SCOUT_RETURN,
    PH_TRAITOR_FROM,
    PHASE_NAMES,
)

if TYPE_CHECKING:
    from game.engines.battleline.shape import BattleLineShape

S = TypeVar("S", bound="BattleLineShape")  # the state determinized: a copy of the same class


def _formation(key: int) -> FormationView:
    return {"rank": key_rank(key), "total": key_total(key), "name": formation_name(key)}


def _claim_view(state: BattleLineShape, viewer: int | None, flag: int) -> ClaimView | None:
    """The viewer's claim proof at an open flag where their side is complete, on their turn
    (none in the public view: the proof reads the viewer's hand)."""
    if (
        viewer is None
        or state.current_player() != viewer
        or state.claimed[flag] >= 0
        or len(state.side(flag, viewer)) < state.slots(flag)
    ):
        return None
    check = state.claim_check(viewer, flag)
    beaten_by: CounterexampleView | None = None
    if check.counterexample is not None:
        witness = check.counterexample
        beaten_by = {
            "cards": list(witness.cards),
            "wilds": [list(w) for w in witness.wilds],
            **_formation(witness.key),
        }
    return {"provable": check.ok, "reason": check.reason, "beaten_by": beaten_by}


def _flag_view(state: BattleLineShape, viewer: int | None, flag: int) -> FlagView:
    n = state.slots(flag)
    fog = state.fog[flag] >= 0
    cards = [list(state.side(flag, q)) for q in (0, 1)]
    return {
        "claimed_by": state.claimed[flag],
        "fog": state.fog[flag],
        "mud": state.mud[flag],
        "slots": n,
        "cards": cards,
        "completed_at": [
            None if state.done_at[2 * flag + q] < 0 else state.done_at[2 * flag + q] for q in (0, 1)
        ],
        "formation": [_formation(side_key(c, n, fog)) if len(c) == n else None for c in cards],
        "claim": _claim_view(state, viewer, flag),
    }


def _hand_view(state: BattleLineShape, viewer: int | None, owner: int) -> HandView:
    """``owner``'s hand as ``viewer`` sees it; ``viewer`` None: as the public does (a count of
    backs, none of them known)."""
    hand = state.hands[owner]
    tactics = sum(1 for card in hand if card >= NUM_TROOPS)
    unplayable: list[tuple[int, Phrase]] = []
    if owner == viewer and state.phase == PH_PLAY and state.player == viewer:
        legal = set(state.legal_actions())
        unplayable = [(c, refusals.explain(state, c)) for c in sorted(hand) if c not in legal]
    return {
        "count": len(hand),
        "troops": len(hand) - tactics,
        "tactics": tactics,
        "cards": sorted(hand) if owner == viewer else None,
        "known": [] if viewer is None or owner == viewer else sorted(state.known[viewer]),
        "unplayable": unplayable,
    }


def _top_view(state: BattleLineShape, viewer: int | None, deck: int) -> list[int | None]:
    """The Scout-returned cards on top of a deck, top first: the card if the viewer put it
    there, else None (``viewer`` None: the public, who saw none of them)."""
    tops = state.tops[deck]
    owners = state.top_owner[deck]
    return [tops[i] if owners[i] == viewer else None for i in range(len(tops) - 1, -1, -1)]


def observation(state: BattleLineShape, viewer: int, public: bool = False) -> BattleLineObservation:
    """The viewer's view; the schema is documented in the package docstring. ``public``: the
    view anyone at the table has, from the viewer's seat (its own hand masked too)."""
    seer = None if public else viewer  # whose private cards show
    phase = state.phase
    claimable = state.claimable if phase == PH_CLAIM else []
    pending: PendingView = {
        "card": None if state.pending < 0 else state.pending,
        "from_flag": None if state.pending_from < 0 else state.pending_from,
        "scout_draws_left": (
            state.scout_left if state.turn_scouted and phase in (PH_SCOUT_DRAW, PH_DRAW_CARD) else 0
        ),
        "scout_returns_left": state.returns_left if phase == PH_SCOUT_RETURN else 0,
        "deck": DECK_NAMES[state.draw_deck] if phase == PH_DRAW_CARD else None,
        "claimable": list(claimable),
        "claim_stage": ("start" if state.claim_at_start else "end") if claimable else None,
    }
    over = phase == PH_OVER
    return {
        "viewer": viewer,
        "current_player": state.current_player(),
        "turn": state.player if state.starter >= 0 and phase != PH_NEXT else None,
        "phase": PHASE_NAMES[phase],
        "pending": pending,
        "flags": [_flag_view(state, seer, f) for f in range(NUM_FLAGS)],
        "hands": [_hand_view(state, seer, q) for q in (0, 1)],
        "decks": {name: state.deck_size(d) for d, name in enumerate(DECK_NAMES)},
        "deck_tops": {name: _top_view(state, seer, d) for d, name in enumerate(DECK_NAMES)},
        "discards": [list(state.discards[0]), list(state.discards[1])],
        "tactics_played": list(state.tactics_played),
        "leader_played": list(state.leader_played),
        "passes": state.passes,
        "match": {
            "games": state.options[MATCH_GAMES],
            # Between games the finished game is still the one on the table.
            "game": state.game_index - 1
            if phase == PH_NEXT
            else min(state.game_index, state.options[MATCH_GAMES] - 1),
            "starter": None if state.starter < 0 else state.starter,
            "points": list(state.points),
            "wins": list(state.wins),
            "results": [
                dict(
                    r,
                    flags=list(r["flags"]),
                    claimed=list(r["claimed"]),
                    points=list(r["points"]),
                    won_with=list(r["won_with"]),
                )
                for r in state.results
            ],
        },
        "options": dict(state.options),
        "winner": state.match_winner() if over else None,
        "returns": state.returns() if over else None,
    }


def determinize(state: S, viewer: int, rng: random.Random) -> S:
    """A copy where every card the viewer has not seen is re-dealt at random among the places it
    could be: the opponent's hand (same troop/tactics counts, cards the viewer knows kept), the
    cards the opponent put on top of a deck, and the shuffled decks."""
    other = state.clone()
    opponent = 1 - viewer
    hand = other.hands[opponent]
    known = set(other.known[viewer])
    unseen: list[list[int]] = [[], []]
    hand_slots = [i for i, card in enumerate(hand) if card not in known]
    for i in hand_slots:
        unseen[deck_of(hand[i])].append(hand[i])
    top_slots: list[list[int]] = [[], []]
    for deck in (TROOP_DECK, TACTICS_DECK):
        unseen[deck].extend(other.decks[deck])
        owners = other.top_owner[deck]
        top_slots[deck] = [i for i in range(len(owners)) if owners[i] != viewer]
        unseen[deck].extend(other.tops[deck][i] for i in top_slots[deck])
        unseen[deck].sort()  # forget where the true state keeps them: equal views, equal deals
        rng.shuffle(unseen[deck])
    for i in hand_slots:
        hand[i] = unseen[deck_of(hand[i])].pop()
    for deck in (TROOP_DECK, TACTICS_DECK):
        for i in top_slots[deck]:
            other.tops[deck][i] = unseen[deck].pop()
        other.decks[deck] = unseen[deck]
    return other


def observed_action(state: BattleLineShape, viewer: int, action: int) -> int:
    """``action`` (legal in ``state``) as ``viewer`` sees it: a card dealt or drawn into the
    other hand is HIDDEN_CARD, a card the other player puts back with Scout shows only its deck."""
    phase = state.phase
    if phase in (PH_DEAL, PH_NEXT):
        return action if _deal_recipient(state) == viewer else HIDDEN_CARD
    if phase == PH_DRAW_CARD:
        return action if state.player == viewer else HIDDEN_CARD
    if phase == PH_SCOUT_RETURN and state.player != viewer:
        return HIDDEN_RETURN_BASE + deck_of(action)
    return action


def _deal_recipient(state: BattleLineShape) -> int:
    """Who gets the card dealt now: the starter first, then in turn (PH_NEXT is a new deal)."""
    first = state.phase == PH_NEXT or state.dealt % 2 == 0
    return state.starter if first else 1 - state.starter


# The card is seen by one player only.
_PRIVATE_PHASES = (PH_DEAL, PH_DRAW_CARD, PH_SCOUT_RETURN, PH_NEXT)


# The move log in English; the board words the same phrases in the player's language.
# "player" is a seat (shown from 1), "card" a card id, "deck" a deck, "flag" a flag (from 1).
PHRASES = {
    "first": "{player} starts",
    "dealt": "{player} is dealt {card}",
    "dealt_hidden": "{player} is dealt a card",
    "draws": "{player} draws {card}",
    "draws_hidden": "{player} draws a {deck} card",
    "returns": "{player} puts {card} back on the {deck} deck",
    "returns_hidden": "{player} puts a {deck} card back on the {deck} deck",
    "pass": "{player} passes",
    "done": "{player} stops claiming",
    "discard": "{player} discards {card}",
    "claim": "{player} claims flag {flag}",
    "choose_deck": "{player} chooses the {deck} deck",
    "to_flag": "{player} puts {card} at flag {flag}",
    "play": "{player} plays {card}",
    "redeploy": "{player} redeploys {card}",
    "desert": "{player} makes {card} desert",
    "traitor": "{player} turns {card} traitor",
    "choose": "{player} chooses {card}",
    "unknown": "unknown action {action}",
}
_CARD_PHRASES = {
    PH_PLAY: "play",
    PH_REDEPLOY_FROM: "redeploy",
    PH_DESERTER: "desert",
    PH_TRAITOR_FROM: "traitor",
}


def action_phrase(
    state: BattleLineShape, action: int, viewer: int | None
) -> tuple[str, dict[str, int | str]]:
    """``action`` in ``state`` (before it is applied) as a phrase key and its arguments, naming
    only the cards ``viewer`` may see; ``viewer`` None names only public cards (the shared
    move log)."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        return "unknown", {"action": repr(action)}
    phase = state.phase
    player = state.player
    if viewer is None:
        hidden = phase in _PRIVATE_PHASES
    else:
        hidden = observed_action(state, viewer, action) != action
    if phase == PH_FIRST:
        return "first", {"player": action - FIRST_BASE}
    if action >= FIRST_BASE:
        return "unknown", {"action": action}  # "who starts" outside the opening: no card
    if phase in (PH_DEAL, PH_NEXT):
        recipient = _deal_recipient(state)
        if hidden:
            return "dealt_hidden", {"player": recipient}
        return "dealt", {"player": recipient, "card": action}
    if phase == PH_DRAW_CARD:
        if hidden:
            return "draws_hidden", {"player": player, "deck": state.draw_deck}
        return "draws", {"player": player, "card": action}
    if phase == PH_SCOUT_RETURN:
        if hidden:
            return "returns_hidden", {"player": player, "deck": deck_of(action)}
        return "returns", {"player": player, "card": action, "deck": deck_of(action)}
    if action == PASS:
        return "pass", {"player": player}
    if action == DONE:
        return "done", {"player": player}
    if action == DISCARD:
        return "discard", {"player": player, "card": state.pending}
    if CLAIM_BASE <= action < CLAIM_BASE + NUM_FLAGS:
        return "claim", {"player": player, "flag": action - CLAIM_BASE + 1}
    if action in (DRAW_BASE + TROOP_DECK, DRAW_BASE + TACTICS_DECK):
        return "choose_deck", {"player": player, "deck": action - DRAW_BASE}
    if FLAG_BASE <= action < FLAG_BASE + NUM_FLAGS:
        return "to_flag", {"player": player, "card": state.pending, "flag": action - FLAG_BASE + 1}
    return _CARD_PHRASES.get(phase, "choose"), {"player": player, "card": action}


def english_phrase(key: str, args: dict[str, int | str]) -> str:
    """A phrase of ``action_phrase`` in English."""
    words: dict[str, int | str] = dict(args)
    if "player" in args:
        words["player"] = f"Player {int(args['player']) + 1}"
    if "card" in args:
        words["card"] = card_name(int(args["card"]))
    if "deck" in args:
        words["deck"] = DECK_NAMES[int(args["deck"])]
    return PHRASES[key].format(**words)


def describe_action(state: BattleLineShape, action: int, viewer: int | None) -> str:
    """``action`` in words (see ``action_phrase``)."""
    return english_phrase(*action_phrase(state, action, viewer))
