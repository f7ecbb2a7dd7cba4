"""Battle Line's game and state: the turn machine, legal actions, and the rules' effects.

One state covers a whole match (``match_games`` games); each game's deal starts with chance
actions. Every field is a plain int, bool or list so that ``clone`` is a handful of slices.
Fields without a leading underscore are read-only for the AI heuristics (``ai/heuristics``).
What each player may see (observation, determinize, action strings) is in ``knowledge.py``;
why an action is refused, in ``refusals.py``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from game.engines.base import CHANCE, TERMINAL, Game, Phrase, State
from game.engines.battleline import knowledge, refusals
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_BASE,
    FIRST_BASE,
    FLAG_BASE,
    NUM_ACTIONS,
    NUM_FLAGS,
    PASS,
)
from game.engines.battleline.cards import (
    ALL_TROOPS_MASK,
    CAVALRY,
    DESERTER,
    ENVIRONMENT,
    FOG,
    LEADERS,
    MORALE,
    MUD,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    SHIELD,
    TACTICS,
    TACTICS_DECK,
    TROOP_DECK,
    card_name,
    deck_of,
)
from game.engines.battleline.formations import side_beats, side_key
from game.engines.battleline.observation import BattleLineObservation
from game.engines.battleline.options import (
    CLAIM_TIMING,
    FIRST_PLAYER,
    MATCH_GAMES,
    OPTIONS,
    STALEMATE,
    TACTICS_OPTION,
)
from game.engines.battleline.phases import (
    CHANCE_PHASES,
    PH_CLAIM,
    PH_DEAL,
    PH_DESERTER,
    PH_DRAW,
    PH_DRAW_CARD,
    PH_FIRST,
    PH_FLAG,
    PH_NEXT,
    PH_OVER,
    PH_PLAY,
    PH_REDEPLOY_FROM,
    PH_REDEPLOY_TO,
    PH_SCOUT_DRAW,
    PH_SCOUT_RETURN,
    PH_TRAITOR_FROM,
    PH_TRAITOR_TO,
)
from game.engines.battleline.proof import PROOF_PHRASES, ClaimCheck, check_claim, claim_holds

HAND_SIZE = 7  # [rules §1.3, §1.4] deal 7, refill to 7
SLOTS = 3  # [rules §1.5] cards per side of a flag
MUD_SLOTS = 4  # [rules §1.10] at a Mud flag
SCOUT_DRAWS = 3  # [rules §1.10]
FLAGS_TO_WIN = 5  # [rules §1.8] an Envelopment
ADJACENT_TO_WIN = 3  # [rules §1.8] a Breakthrough
WIN_POINTS = 5  # [rules §1.11] match play: the winner's score; the loser scores its flags
FIRST_CHOICES = {"seat1": 0, "seat2": 1}  # the ``first_player`` option's fixed starters

_PLACED_AT_FLAG = frozenset((*MORALE, *ENVIRONMENT))


def victory(owners: list[int], player: int) -> str | None:
    """[rules §1.8] "breakthrough" (3 adjacent flags), "envelopment" (5 flags) or None, for
    flag owners listed left to right (-1 for nobody)."""
    run = count = 0
    for owner in owners:
        if owner == player:
            count += 1
            run += 1
            if run >= ADJACENT_TO_WIN:
                return "breakthrough"
        else:
            run = 0
    return "envelopment" if count >= FLAGS_TO_WIN else None


def winning_flags(owners: list[int], how: str, winner: int) -> list[int]:
    """The flags that won a game ``how`` (a Breakthrough: its three adjacent flags, the first
    such run as :func:`victory` finds it; otherwise every flag the winner holds)."""
    if winner < 0:
        return []
    if how == "breakthrough":
        run = 0
        for f, owner in enumerate(owners):
            run = run + 1 if owner == winner else 0
            if run == ADJACENT_TO_WIN:
                return list(range(f - ADJACENT_TO_WIN + 1, f + 1))
    return [f for f, owner in enumerate(owners) if owner == winner]


class BattleLineGame(Game):
    id = "battleline"
    title = "Battle Line"
    title_ja = "バトルライン"
    min_players = 2
    max_players = 2
    perfect_information = False
    options: ClassVar[dict[str, list]] = OPTIONS

    def new_state(self, num_players: int | None = None, **options: Any) -> BattleLineState:
        return BattleLineState(
            self, self.resolve_players(num_players), self.resolve_options(options)
        )


class BattleLineState(State):
    def __init__(self, game: BattleLineGame, num_players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.history = []
        self.tactics_on = options[TACTICS_OPTION] == "on"
        self.advanced = options[CLAIM_TIMING] == "advanced"
        # The first player is still a chance event (so the log says who starts), with one
        # outcome when the option names a seat.
        self.first_choice = FIRST_CHOICES.get(options[FIRST_PLAYER], -1)
        # Match bookkeeping.
        self.game_index = 0
        self.points = [0, 0]
        self.wins = [0, 0]
        self.results: list[dict] = []  # per finished game: winner (-1 draw), how, claimed flags
        self.starter = -1
        self.player = 0  # whose turn it is (also during that turn's chance draws)
        self.phase = PH_FIRST
        self._new_board()

    def _new_board(self) -> None:
        """Everything that belongs to one game of the match."""
        self.hands: list[list[int]] = [[], []]
        # Each deck: its shuffled (unordered, unseen) part, plus a stack of cards put back on top
        # by Scout (last = top) with who put each there (only they know it).
        self.decks: list[list[int]] = [
            list(range(NUM_TROOPS)),
            list(TACTICS) if self.tactics_on else [],
        ]
        self.tops: list[list[int]] = [[], []]
        self.top_owner: list[list[int]] = [[], []]
        # known[p]: cards in the opponent's hand that p knows (drawn from p's Scout returns).
        self.known: list[list[int]] = [[], []]
        self.sides: list[list[int]] = [[] for _ in range(2 * NUM_FLAGS)]  # flag * 2 + player
        self.fog = [-1] * NUM_FLAGS  # who played Fog there, -1 none
        self.mud = [-1] * NUM_FLAGS
        self.claimed = [-1] * NUM_FLAGS
        self.done_at = [-1] * (2 * NUM_FLAGS)  # move number at which a side last became complete
        self.discards: list[list[int]] = [[], []]
        self.tactics_played = [0, 0]
        self.leader_played = [False, False]
        self.table_mask = 0  # troop cards on the table (flags and discards): out of the pool
        self.passes = 0  # consecutive passes
        self.dealt = 0
        self.pending = -1  # the card being played or moved
        self.pending_from = -1  # the flag a moved card came from
        self.scout_left = 0
        self.returns_left = 0
        self.claimable: list[int] = []  # provable flags during PH_CLAIM
        self.claim_at_start = False
        self.turn_passed = False
        self.turn_scouted = False
        self.draw_deck = -1

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == PH_OVER:
            return TERMINAL
        return self.player

    def legal_actions(self) -> list[int]:
        phase = self.phase
        p = self.player
        if phase == PH_PLAY:
            return self._play_actions()
        if phase == PH_FLAG:
            return [FLAG_BASE + f for f in self._targets(self.pending, p)]
        if phase == PH_CLAIM:
            return [CLAIM_BASE + f for f in self.claimable] + [DONE]
        if phase == PH_NEXT:
            return list(range(NUM_TROOPS))  # the whole troop deck, gathered for the next deal
        if phase in (PH_DEAL, PH_DRAW_CARD):
            return sorted(self.decks[TROOP_DECK if phase == PH_DEAL else self.draw_deck])
        if phase in (PH_DRAW, PH_SCOUT_DRAW):
            return [DRAW_BASE + d for d in (TROOP_DECK, TACTICS_DECK) if self.deck_size(d)]
        if phase == PH_SCOUT_RETURN:
            return sorted(set(self.hands[p]))
        if phase == PH_REDEPLOY_FROM:
            return sorted(self._cards_at_open_flags(p, troops_only=False))
        if phase == PH_DESERTER:
            return sorted(self._cards_at_open_flags(1 - p, troops_only=False))
        if phase == PH_TRAITOR_FROM:
            return sorted(self._cards_at_open_flags(1 - p, troops_only=True))
        if phase == PH_REDEPLOY_TO:
            flags = [FLAG_BASE + f for f in self._free_flags(p) if f != self.pending_from]
            return [*flags, DISCARD]
        if phase == PH_TRAITOR_TO:
            return [FLAG_BASE + f for f in self._free_flags(p)]
        if phase == PH_FIRST:
            if self.first_choice >= 0:
                return [FIRST_BASE + self.first_choice]
            return [FIRST_BASE, FIRST_BASE + 1]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.legal_actions() if self.phase in CHANCE_PHASES else []
        return [(action, 1.0 / len(outcomes)) for action in outcomes]

    def sample_chance(self, rng: random.Random) -> int:
        """Uniform over the outcomes, without building the outcome list (rollout hot path)."""
        if self.phase == PH_FIRST:
            if self.first_choice >= 0:
                return FIRST_BASE + self.first_choice
            return FIRST_BASE + (rng.random() < 0.5)
        if self.phase == PH_NEXT:
            return int(rng.random() * NUM_TROOPS)  # as a draw from the gathered deck
        deck = self.decks[TROOP_DECK if self.phase == PH_DEAL else self.draw_deck]
        return deck[int(rng.random() * len(deck))]

    def clone(self) -> BattleLineState:
        other = object.__new__(BattleLineState)
        other.__dict__.update(self.__dict__)
        other.history = self.history[:]
        other.points = self.points[:]
        other.wins = self.wins[:]
        other.results = self.results[:]  # finished games' dicts are never mutated
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.decks = [self.decks[0][:], self.decks[1][:]]
        other.tops = [self.tops[0][:], self.tops[1][:]]
        other.top_owner = [self.top_owner[0][:], self.top_owner[1][:]]
        other.known = [self.known[0][:], self.known[1][:]]
        other.sides = [side[:] for side in self.sides]
        other.fog = self.fog[:]
        other.mud = self.mud[:]
        other.claimed = self.claimed[:]
        other.done_at = self.done_at[:]
        other.discards = [self.discards[0][:], self.discards[1][:]]
        other.tactics_played = self.tactics_played[:]
        other.leader_played = self.leader_played[:]
        other.claimable = self.claimable[:]
        return other

    def returns(self) -> list[float]:
        if self.phase != PH_OVER:
            return [0.0, 0.0]
        winner = self.match_winner()
        if winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def between_games(self) -> bool:
        return self.phase == PH_NEXT

    def action_to_string(self, action: int) -> str:
        return knowledge.describe_action(self, action, viewer=None)

    def action_phrase(self, action: int) -> tuple[str, dict[str, int | str]]:
        return knowledge.action_phrase(self, action, viewer=None)

    def observation(self, player: int) -> BattleLineObservation:
        return knowledge.observation(self, player)

    def public_observation(self, player: int) -> BattleLineObservation:
        return knowledge.observation(self, player, public=True)

    def determinize(self, player: int, rng: random.Random) -> BattleLineState:
        return knowledge.determinize(self, player, rng)

    def observed_action(self, player: int, action: int) -> int:
        """Search hook (ai/mcts.py): ``action`` as ``player`` sees it (hidden cards masked)."""
        return knowledge.observed_action(self, player, action)

    # --- queries for boards and the AI ------------------------------------------------------
    def slots(self, flag: int) -> int:
        return MUD_SLOTS if self.mud[flag] >= 0 else SLOTS

    def side(self, flag: int, player: int) -> list[int]:
        return self.sides[2 * flag + player]

    def deck_size(self, deck: int) -> int:
        return len(self.decks[deck]) + len(self.tops[deck])

    def pool(self) -> int:
        """The claim proof's pool: every troop card not visible on the table (rules §1.7)."""
        return ALL_TROOPS_MASK ^ self.table_mask

    def claim_check(self, player: int, flag: int) -> ClaimCheck:
        """The proof for ``player`` at ``flag`` in words, with a counterexample if it fails
        (timing aside: whether a claim may be made now is ``illegal_reason``'s business)."""
        if self.claimed[flag] >= 0:
            key = "claimed_by_you" if self.claimed[flag] == player else "claimed_by_opponent"
            return ClaimCheck(False, (key, {"flag": flag + 1}), -1, -1, False)
        return check_claim(
            self.sides[2 * flag + player],
            self.sides[2 * flag + 1 - player],
            self.pool(),
            self.slots(flag),
            self.fog[flag] >= 0,
            self.done_at[2 * flag + player],
            self.done_at[2 * flag + 1 - player],
        )

    def provable_flags(self, player: int) -> list[int]:
        """Open flags that ``player`` could claim now by the proof (rules §2.3)."""
        pool = self.pool()
        sides = self.sides
        done_at = self.done_at
        flags = []
        for f in range(NUM_FLAGS):
            if self.claimed[f] >= 0:
                continue
            n = MUD_SLOTS if self.mud[f] >= 0 else SLOTS
            own = sides[2 * f + player]
            if len(own) == n and claim_holds(
                own,
                sides[2 * f + 1 - player],
                pool,
                n,
                self.fog[f] >= 0,
                done_at[2 * f + player],
                done_at[2 * f + 1 - player],
            ):
                flags.append(f)
        return flags

    def has_won(self, player: int) -> str | None:
        """How ``player``'s claimed flags win the game, or None."""
        return victory(self.claimed, player)

    def match_winner(self) -> int:
        """Most points, then most games won; -1 for a drawn match."""
        for score in (self.points, self.wins):
            if score[0] != score[1]:
                return 0 if score[0] > score[1] else 1
        return -1

    def can_play_tactics(self, player: int) -> bool:
        """[rules §1.10] never more than one tactics card ahead of the opponent."""
        return self.tactics_played[player] <= self.tactics_played[1 - player]

    # --- legality ---------------------------------------------------------------------------
    def _free_flags(self, player: int) -> list[int]:
        """Open flags with a free slot on ``player``'s side."""
        claimed = self.claimed
        mud = self.mud
        sides = self.sides
        return [
            f
            for f in range(NUM_FLAGS)
            if claimed[f] < 0 and len(sides[2 * f + player]) < (MUD_SLOTS if mud[f] >= 0 else SLOTS)
        ]

    def _cards_at_open_flags(self, player: int, troops_only: bool) -> list[int]:
        cards = []
        for f in range(NUM_FLAGS):
            if self.claimed[f] < 0:
                for card in self.sides[2 * f + player]:
                    if card < NUM_TROOPS or not troops_only:
                        cards.append(card)
        return cards

    def _targets(self, card: int, player: int) -> list[int]:
        """The flags where ``card`` (troop, morale or environment) may be played."""
        if card in (FOG, MUD):
            env = self.fog if card == FOG else self.mud
            return [f for f in range(NUM_FLAGS) if self.claimed[f] < 0 and env[f] < 0]
        return self._free_flags(player)

    def _tactic_playable(self, card: int, player: int, free: bool) -> bool:
        if card in LEADERS:
            return free and not self.leader_played[player]
        if card in (CAVALRY, SHIELD):
            return free
        if card in (FOG, MUD):
            return bool(self._targets(card, player))
        if card == SCOUT:
            return bool(self.deck_size(TROOP_DECK) or self.deck_size(TACTICS_DECK))
        if card == REDEPLOY:
            return bool(self._cards_at_open_flags(player, troops_only=False))
        if card == DESERTER:
            return bool(self._cards_at_open_flags(1 - player, troops_only=False))
        return free and bool(self._cards_at_open_flags(1 - player, troops_only=True))  # Traitor

    def _play_actions(self) -> list[int]:
        p = self.player
        free = bool(self._free_flags(p))
        tactics_ok = self.can_play_tactics(p)
        actions = set()
        holds_troop = False
        for card in self.hands[p]:
            if card < NUM_TROOPS:
                holds_troop = True
                if free:
                    actions.add(card)
            elif tactics_ok and self._tactic_playable(card, p, free):
                actions.add(card)
        if not (holds_troop and free):
            actions.add(PASS)  # [rules §1.9] only when no troop card can be played
        return sorted(actions)

    def illegal_phrase(self, action: int) -> Phrase | None:
        if not 0 <= action < NUM_ACTIONS:
            return "no_such_action", {"action": action}
        if self.phase == PH_OVER:
            return "over", {}
        if action in self.legal_actions():
            return None
        return refusals.explain(self, action)

    def refusal_english(self, phrase: Phrase) -> str:
        key, args = phrase
        if key in refusals.REFUSALS or key in PROOF_PHRASES:
            return refusals.english(key, args)
        return super().refusal_english(phrase)

    # --- effects ----------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        p = self.player
        if phase == PH_DRAW_CARD:
            self.decks[self.draw_deck].remove(action)
            self._receive(action, -1)
        elif phase == PH_PLAY:
            self._play(action)
        elif phase == PH_FLAG:
            self._play_at(action - FLAG_BASE)
        elif phase == PH_CLAIM:
            self._claim(action)
        elif phase in (PH_DRAW, PH_SCOUT_DRAW):
            self._draw(action - DRAW_BASE)
        elif phase in (PH_DEAL, PH_NEXT):
            if phase == PH_NEXT:
                self._new_board()  # the finished game's cards are gathered only now
                self.phase = PH_DEAL
            self.decks[TROOP_DECK].remove(action)
            self.hands[self.starter if self.dealt % 2 == 0 else 1 - self.starter].append(action)
            self.dealt += 1
            if self.dealt == 2 * HAND_SIZE:
                self.player = self.starter
                self._start_turn()
        elif phase == PH_SCOUT_RETURN:
            self._scout_return(action)
        elif phase in (PH_REDEPLOY_FROM, PH_TRAITOR_FROM):
            owner = p if phase == PH_REDEPLOY_FROM else 1 - p
            self.pending_from = self._take(action, owner)
            self.pending = action
            self.phase = PH_REDEPLOY_TO if phase == PH_REDEPLOY_FROM else PH_TRAITOR_TO
        elif phase in (PH_REDEPLOY_TO, PH_TRAITOR_TO):
            if action == DISCARD:
                self.discards[p].append(self.pending)
            else:
                self._place(action - FLAG_BASE, p, self.pending)
            self.pending = self.pending_from = -1
            self._after_play()
        elif phase == PH_DESERTER:
            self._take(action, 1 - p)
            self.discards[p].append(action)
            self._after_play()
        else:  # PH_FIRST
            self.starter = self.player = action - FIRST_BASE
            self.phase = PH_DEAL

    def _play(self, card: int) -> None:
        p = self.player
        if card == PASS:
            self.passes += 1
            self.turn_passed = True
            self._after_play()
            return
        self.passes = 0
        self.hands[p].remove(card)
        known = self.known[1 - p]
        if card in known:
            known.remove(card)
        if card < NUM_TROOPS or card in _PLACED_AT_FLAG:
            if card >= NUM_TROOPS:
                self._count_tactics(card)
            self.pending = card
            self.phase = PH_FLAG
            return
        self._count_tactics(card)
        self.discards[p].append(card)  # guile cards lie face up as a public record
        if card == SCOUT:
            self.turn_scouted = True
            self.scout_left = SCOUT_DRAWS
            self._scout_next()
        elif card == REDEPLOY:
            self.phase = PH_REDEPLOY_FROM
        elif card == DESERTER:
            self.phase = PH_DESERTER
        else:
            self.phase = PH_TRAITOR_FROM

    def _count_tactics(self, card: int) -> None:
        p = self.player
        self.tactics_played[p] += 1
        if card in LEADERS:
            self.leader_played[p] = True

    def _play_at(self, flag: int) -> None:
        card = self.pending
        self.pending = -1
        if card == FOG:
            self.fog[flag] = self.player
        elif card == MUD:
            self.mud[flag] = self.player
            # Both sides now need a 4th card: a complete side is complete no more.
            self.done_at[2 * flag] = self.done_at[2 * flag + 1] = -1
        else:
            self._place(flag, self.player, card)
        self._after_play()

    def _place(self, flag: int, player: int, card: int) -> None:
        side = self.sides[2 * flag + player]
        side.append(card)
        if card < NUM_TROOPS:
            self.table_mask |= 1 << card
        if len(side) == self.slots(flag):
            self.done_at[2 * flag + player] = len(self.history)  # this move's number

    def _take(self, card: int, owner: int) -> int:
        """Remove ``card`` from ``owner``'s side of its flag; returns the flag."""
        for flag in range(NUM_FLAGS):
            side = self.sides[2 * flag + owner]
            if card in side:
                side.remove(card)
                self.done_at[2 * flag + owner] = -1
                return flag
        raise ValueError(f"{card_name(card)} is not at a flag")

    def _scout_next(self) -> None:
        """Scout's next draw, or on to putting cards back when 3 are drawn or both decks are
        empty (rules §1.10: with fewer than 3 cards left, put back just enough to hold 7)."""
        decks = [d for d in (TROOP_DECK, TACTICS_DECK) if self.deck_size(d)]
        if self.scout_left and decks:
            if len(decks) == 2:
                self.phase = PH_SCOUT_DRAW
            else:
                self._draw(decks[0])
            return
        self.returns_left = max(0, len(self.hands[self.player]) - HAND_SIZE)
        if self.returns_left:
            self.phase = PH_SCOUT_RETURN
        else:
            self._after_play()

    def _scout_return(self, card: int) -> None:
        p = self.player
        deck = deck_of(card)
        self.hands[p].remove(card)
        self.tops[deck].append(card)
        self.top_owner[deck].append(p)
        # The opponent sees only which deck it went to: what they knew of this player's hand
        # in that deck's cards is no longer certain, so they forget it.
        self.known[1 - p] = [c for c in self.known[1 - p] if deck_of(c) != deck]
        self.returns_left -= 1
        if not self.returns_left:
            self._after_play()

    def _draw(self, deck: int) -> None:
        """Take the top card: a Scout-returned card if any (no chance), else a chance draw."""
        if self.tops[deck]:
            card = self.tops[deck].pop()
            self._receive(card, self.top_owner[deck].pop())
        else:
            self.draw_deck = deck
            self.phase = PH_DRAW_CARD

    def _receive(self, card: int, returned_by: int) -> None:
        p = self.player
        self.hands[p].append(card)
        if returned_by >= 0 and returned_by != p:
            self.known[returned_by].append(card)
        if self.turn_scouted:
            self.scout_left -= 1
            self._scout_next()
        else:
            self._end_turn()

    def _claim(self, action: int) -> None:
        if action == DONE:
            self._leave_claims()
            return
        flag = action - CLAIM_BASE
        self.claimed[flag] = self.player
        how = self.has_won(self.player)
        if how is not None:
            self._end_game(self.player, how)
            return
        self.claimable.remove(flag)  # the others stay provable: a claim changes no pool
        if not self.claimable:
            self._leave_claims()

    def _leave_claims(self) -> None:
        self.claimable = []
        if self.claim_at_start:
            self.phase = PH_PLAY
        else:
            self._draw_step()

    # --- turn flow ----------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn_passed = self.turn_scouted = False
        if self.advanced and self._open_claims(at_start=True):
            return
        self.phase = PH_PLAY

    def _open_claims(self, at_start: bool) -> bool:
        """Enter the claim phase if the player to move has a provable flag."""
        flags = self.provable_flags(self.player)
        if not flags:
            return False
        self.claimable = flags
        self.claim_at_start = at_start
        self.phase = PH_CLAIM
        return True

    def _after_play(self) -> None:
        if not self.advanced and self._open_claims(at_start=False):
            return
        self._draw_step()

    def _draw_step(self) -> None:
        """[rules §1.4] refill to 7 from the deck of your choice; none after a pass or Scout."""
        p = self.player
        if self.turn_passed or self.turn_scouted or len(self.hands[p]) >= HAND_SIZE:
            self._end_turn()
            return
        decks = [d for d in (TROOP_DECK, TACTICS_DECK) if self.deck_size(d)]
        if len(decks) == 2:
            self.phase = PH_DRAW
        elif decks:
            self._draw(decks[0])
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.passes >= 2:
            self._stalemate()
            return
        self.player = 1 - self.player
        self._start_turn()

    def _stalemate(self) -> None:
        """[rules §1.9, house rule] both players passed in a row."""
        if self.options[STALEMATE] == "draw":
            self._end_game(-1, "stalemate")
            return
        for f in range(NUM_FLAGS):
            if self.claimed[f] < 0:
                self.claimed[f] = self._resolution_owner(f)
        won = [self.has_won(0) is not None, self.has_won(1) is not None]
        counts = [self.claimed.count(0), self.claimed.count(1)]
        if won[0] != won[1]:
            winner = 0 if won[0] else 1
        elif counts[0] != counts[1]:  # neither (or, rarely, both) meet the win condition
            winner = 0 if counts[0] > counts[1] else 1
        else:
            winner = -1
        self._end_game(winner, "final resolution")

    def _resolution_owner(self, flag: int) -> int:
        """Final resolution of one open flag: the only complete side, or the winner if both are
        complete, or nobody (-1)."""
        n = self.slots(flag)
        fog = self.fog[flag] >= 0
        complete = [len(self.sides[2 * flag + q]) == n for q in (0, 1)]
        if complete[0] and complete[1]:
            keys = [side_key(self.sides[2 * flag + q], n, fog) for q in (0, 1)]
            done = self.done_at[2 * flag : 2 * flag + 2]
            return 0 if side_beats(keys[0], done[0], keys[1], done[1]) else 1
        if complete[0] != complete[1]:
            return 0 if complete[0] else 1
        return -1

    def _end_game(self, winner: int, how: str) -> None:
        flags = [self.claimed.count(0), self.claimed.count(1)]
        # [rules §1.11] the winner scores 5, the loser a point per flag it holds; a draw, flags.
        points = [WIN_POINTS if seat == winner else flags[seat] for seat in (0, 1)]
        self.results.append(
            {
                "winner": winner,
                "how": how,
                "flags": flags,
                "claimed": self.claimed[:],
                "points": points,
                "won_with": winning_flags(self.claimed, how, winner),
            }
        )
        self.points = [self.points[0] + points[0], self.points[1] + points[1]]
        if winner >= 0:
            self.wins[winner] += 1
        self.game_index += 1
        if self.game_index >= self.options[MATCH_GAMES]:
            self.phase = PH_OVER
            return
        # [rules §1.3] the winner starts the next game; after a draw, the other player does.
        # The finished board stays on the table until the next deal begins (PH_NEXT).
        self.starter = winner if winner >= 0 else 1 - self.starter
        self.player = self.starter
        self.phase = PH_NEXT
