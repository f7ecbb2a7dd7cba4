"""Tiny games implementing the engine protocol, each with a move whose rightness is known.

They let the search be tested on its own: a won Nim position (perfect information), a lottery
whose outcomes are not equally likely (chance), a trick-taking duel with hidden hands (imperfect
information), and explicit game trees for three-player max^n and co-operative play.
"""

from __future__ import annotations

import random
from typing import Any

from game.engines.base import CHANCE, TERMINAL, Game, State

# --- Nim ------------------------------------------------------------------------------------

NIM_MAX_TAKE = 8


class NimGame(Game):
    """Normal-play Nim: take 1+ objects from one heap; who takes the last object wins."""

    id = "toy-nim"
    title = title_ja = "Nim"
    min_players = max_players = 2
    perfect_information = True

    def new_state(self, num_players: int | None = None, **options: Any) -> NimState:
        return NimState(self, options.get("heaps", (3, 4, 5)))


class NimState(State):
    def __init__(self, game: NimGame, heaps: tuple[int, ...]) -> None:
        assert all(h < NIM_MAX_TAKE for h in heaps)
        self.game = game
        self.num_players = 2
        self.options = {}
        self.history = []
        self.heaps = list(heaps)
        self.to_move = 0

    def current_player(self) -> int:
        return self.to_move if any(self.heaps) else TERMINAL

    def legal_actions(self) -> list[int]:
        return [
            heap * NIM_MAX_TAKE + take - 1
            for heap, size in enumerate(self.heaps)
            for take in range(1, size + 1)
        ]

    def _apply(self, action: int) -> None:
        heap, take = divmod(action, NIM_MAX_TAKE)
        self.heaps[heap] -= take + 1
        self.to_move = 1 - self.to_move

    def clone(self) -> NimState:
        other = NimState.__new__(NimState)
        other.__dict__.update(self.__dict__)
        other.heaps = list(self.heaps)
        other.history = list(self.history)
        return other

    def returns(self) -> list[float]:
        # The player who just moved took the last object; to_move has already passed on.
        loser = self.to_move
        return [-1.0 if p == loser else 1.0 for p in range(2)]

    def action_to_string(self, action: int) -> str:
        heap, take = divmod(action, NIM_MAX_TAKE)
        return f"take {take + 1} from heap {heap}"

    def observation(self, player: int) -> dict:
        return {"heaps": list(self.heaps), "to_move": self.current_player()}

    def determinize(self, player: int, rng: random.Random) -> NimState:
        return self.clone()


def nim_move(heap: int, take: int) -> int:
    return heap * NIM_MAX_TAKE + take - 1


# --- Lottery (chance) -----------------------------------------------------------------------

SAFE, RISKY = 0, 1
# Lottery tickets: (probability, player 0 wins). SAFE wins 90 % on one outcome and loses on nine
# rare ones; RISKY wins on nine rare outcomes (60 % in all). Sampling outcomes uniformly instead of
# by probability would rank them the wrong way round.
LOTTERIES = {
    SAFE: [(0.9, True)] + [(0.1 / 9, False)] * 9,
    RISKY: [(0.4, False)] + [(0.6 / 9, True)] * 9,
}


class LotteryGame(Game):
    """Player 0 picks a lottery, chance draws a ticket, player 1 then picks a meaningless move."""

    id = "toy-lottery"
    title = title_ja = "Lottery"
    min_players = max_players = 2
    perfect_information = True

    def new_state(self, num_players: int | None = None, **options: Any) -> LotteryState:
        return LotteryState(self)


class LotteryState(State):
    def __init__(self, game: LotteryGame) -> None:
        self.game = game
        self.num_players = 2
        self.options = {}
        self.history = []

    def current_player(self) -> int:
        return (0, CHANCE, 1, TERMINAL)[min(len(self.history), 3)]

    def legal_actions(self) -> list[int]:
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (p, _) in enumerate(LOTTERIES[self.history[0]])]

    def _apply(self, action: int) -> None:
        pass  # the history is the whole state

    def clone(self) -> LotteryState:
        other = LotteryState(self.game)
        other.history = list(self.history)
        return other

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL:
            return [0.0, 0.0]
        won = LOTTERIES[self.history[0]][self.history[1]][1]
        return [1.0, -1.0] if won else [-1.0, 1.0]

    def action_to_string(self, action: int) -> str:
        return str(action)

    def observation(self, player: int) -> dict:
        return {"history": list(self.history)}

    def determinize(self, player: int, rng: random.Random) -> LotteryState:
        return self.clone()


# --- Trick duel (hidden hands) ----------------------------------------------------------------

DUEL_CARDS = tuple(range(1, 15))
DUEL_HAND = 3
HIDDEN_DRAW = -1  # what a player learns from the opponent's draw: only that it happened


class TrickDuelGame(Game):
    """Two hidden hands of 3 from cards 1-14; higher card takes the trick, both refill from the
    deck, the trick winner leads next. Seven tricks; more tricks wins. Skill shows in following:
    beat the lead as cheaply as possible, or throw the lowest card."""

    id = "toy-duel"
    title = title_ja = "Trick duel"
    min_players = max_players = 2
    perfect_information = False

    def new_state(self, num_players: int | None = None, **options: Any) -> TrickDuelState:
        return TrickDuelState(self)


class TrickDuelState(State):
    def __init__(self, game: TrickDuelGame) -> None:
        self.game = game
        self.num_players = 2
        self.options = {}
        self.history = []
        self.deck = list(DUEL_CARDS)
        self.hands: list[list[int]] = [[], []]
        self.draws: list[int] = [0, 1] * DUEL_HAND  # who receives the next dealt card
        self.leader = 0
        self.led: int | None = None
        self.tricks = [0, 0]

    def current_player(self) -> int:
        if self.draws:
            return CHANCE
        if not self.hands[0] and not self.hands[1]:
            return TERMINAL
        return self.leader if self.led is None else 1 - self.leader

    def legal_actions(self) -> list[int]:
        if self.draws:
            return sorted(self.deck)
        return sorted(self.hands[self.current_player()])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / len(self.deck)
        return [(card, p) for card in sorted(self.deck)]

    def _apply(self, action: int) -> None:
        if self.draws:
            self.deck.remove(action)
            self.hands[self.draws.pop(0)].append(action)
            return
        player = self.current_player()
        self.hands[player].remove(action)
        if self.led is None:
            self.led = action
            return
        winner = player if action > self.led else self.leader
        self.tricks[winner] += 1
        self.leader, self.led = winner, None
        if self.deck:
            self.draws = [winner, 1 - winner]

    def observed_action(self, player: int, action: int) -> int:
        """Optional search hook: cards dealt to the opponent are hidden, plays are public."""
        if self.draws and self.draws[0] != player:
            return HIDDEN_DRAW
        return action

    def clone(self) -> TrickDuelState:
        other = TrickDuelState.__new__(TrickDuelState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.deck = list(self.deck)
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.draws = list(self.draws)
        other.tricks = list(self.tricks)
        return other

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL or self.tricks[0] == self.tricks[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.tricks[0] > self.tricks[1] else [-1.0, 1.0]

    def action_to_string(self, action: int) -> str:
        return f"card {action}"

    def observation(self, player: int) -> dict:
        return {
            "hand": sorted(self.hands[player]),
            "opponent_cards": len(self.hands[1 - player]),
            "deck": len(self.deck),
            "led": self.led,
            "leader": self.leader,
            "tricks": list(self.tricks),
        }

    def determinize(self, player: int, rng: random.Random) -> TrickDuelState:
        other = self.clone()
        opponent = 1 - player
        unseen = sorted(other.deck + other.hands[opponent])  # sorted: the order must not leak
        rng.shuffle(unseen)
        size = len(other.hands[opponent])
        other.hands[opponent], other.deck = unseen[:size], unseen[size:]
        return other


def duel_follow_policy(state: TrickDuelState, rng: random.Random) -> int:
    """The sensible follow (cheapest winning card, else the lowest); leads at random."""
    hand = sorted(state.hands[state.current_player()])
    if state.led is None:
        return rng.choice(hand)
    winners = [card for card in hand if card > state.led]
    return winners[0] if winners else hand[0]


# --- Explicit trees (max^n, co-operative) -----------------------------------------------------

# A tree is either a leaf (a tuple of returns, one per player) or a decision
# {"player": p, "moves": [subtree, ...]}; action i picks moves[i].
Tree = dict | tuple


class TreeGame(Game):
    """A game given as an explicit tree, for hand-built max^n and co-operative cases."""

    id = "toy-tree"
    title = title_ja = "Tree"
    min_players = 1
    max_players = 6
    perfect_information = True

    def __init__(self, tree: Tree, num_players: int, cooperative: bool = False) -> None:
        self.tree = tree
        self.players = num_players
        self.cooperative = cooperative

    def new_state(self, num_players: int | None = None, **options: Any) -> TreeState:
        return TreeState(self)


class TreeState(State):
    def __init__(self, game: TreeGame) -> None:
        self.game = game
        self.num_players = game.players
        self.options = {}
        self.history = []
        self.node = game.tree

    def current_player(self) -> int:
        return TERMINAL if isinstance(self.node, tuple) else self.node["player"]

    def legal_actions(self) -> list[int]:
        return list(range(len(self.node["moves"])))

    def _apply(self, action: int) -> None:
        self.node = self.node["moves"][action]

    def clone(self) -> TreeState:
        other = TreeState(self.game)
        other.history = list(self.history)
        other.node = self.node
        return other

    def returns(self) -> list[float]:
        return list(self.node) if isinstance(self.node, tuple) else [0.0] * self.num_players

    def action_to_string(self, action: int) -> str:
        return f"move {action}"

    def observation(self, player: int) -> dict:
        return {"history": list(self.history)}

    def determinize(self, player: int, rng: random.Random) -> TreeState:
        return self.clone()


def decision(player: int, *moves: Tree) -> dict:
    return {"player": player, "moves": list(moves)}


# Three players, ranks scored +1 / 0 / -1. After A, player 1 prefers (1, 0, -1) to (-1, -1, 1),
# so A is worth +1 to player 0; after B, player 1 takes (0, 1, -1), worth 0 to player 0. Max^n
# picks A. A paranoid search (everyone against player 0) would see A as -1 and pick B, and
# averaging over player 1's moves sees a tie.
MAXN_TREE = decision(
    0,
    decision(1, (1.0, 0.0, -1.0), (-1.0, -1.0, 1.0)),
    decision(1, (0.0, 1.0, -1.0), (0.0, -1.0, 1.0)),
)

# Co-operative: everyone shares one result. A needs the partner's follow-up to reach the best
# result; B is a safe mediocre result. Expecting the partner to help means picking A.
COOP_TREE = decision(
    0,
    decision(1, (-1.0, -1.0), (1.0, 1.0), (-1.0, -1.0)),
    decision(1, (0.2, 0.2), (0.2, 0.2), (0.2, 0.2)),
)


# --- Dice gamble (many chance outcomes before a decision) -------------------------------------

SAFE_VALUE = 0.0
STAY, GAMBLE = 0, 1
GAMBLE_DICE = 3
GAMBLE_MOVES = 4  # after the dice: move 0 wins unless the dice total at most 4, the rest lose


class DiceGambleGame(Game):
    """One player: stay (0 at once) or gamble: three dice are rolled, then one of four moves is
    picked, and move 0 wins (+1) on any total over 4 while the others lose (-1). Gambling is
    right (worth ~0.96; random play after the dice makes it -0.5), but only a search whose
    decision after the dice gathers visits across the 216 outcomes learns it: keyed by outcome,
    each decision node sees a visit or two."""

    id = "toy-dice"
    title = title_ja = "Dice gamble"
    min_players = max_players = 1
    perfect_information = True

    def new_state(self, num_players: int | None = None, **options: Any) -> DiceGambleState:
        return DiceGambleState(self)


class DiceGambleState(State):
    def __init__(self, game: DiceGambleGame) -> None:
        self.game = game
        self.num_players = 1
        self.options = {}
        self.history = []

    def current_player(self) -> int:
        history = self.history
        if not history:
            return 0
        if history[0] == STAY or len(history) == 2 + GAMBLE_DICE:
            return TERMINAL
        return CHANCE if len(history) <= GAMBLE_DICE else 0

    def legal_actions(self) -> list[int]:
        if not self.history:
            return [STAY, GAMBLE]
        if self.current_player() == CHANCE:
            return list(range(1, 7))
        return list(range(GAMBLE_MOVES))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def _apply(self, action: int) -> None:
        pass  # the history is the whole state

    def clone(self) -> DiceGambleState:
        other = DiceGambleState(self.game)
        other.history = list(self.history)
        return other

    def returns(self) -> list[float]:
        history = self.history
        if self.current_player() != TERMINAL:
            return [0.0]
        if history[0] == STAY:
            return [SAFE_VALUE]
        won = history[-1] == 0 and sum(history[1:-1]) > 4
        return [1.0 if won else -1.0]

    def action_to_string(self, action: int) -> str:
        return str(action)

    def observation(self, player: int) -> dict:
        return {"history": list(self.history)}

    def determinize(self, player: int, rng: random.Random) -> DiceGambleState:
        return self.clone()


# --- Wide choice (hundreds of moves) ----------------------------------------------------------

WIDE_MOVES = 300
WIDE_WINNER = 137  # the one move that wins; every other move loses


class WideGame(Game):
    """One player picks one of 300 moves; only ``WIDE_WINNER`` wins. Without a prior a search
    must try every move once before it can know; a prior that ranks the winner among its top
    few finds it in a fraction of that."""

    id = "toy-wide"
    title = title_ja = "Wide choice"
    min_players = max_players = 1
    perfect_information = True

    def new_state(self, num_players: int | None = None, **options: Any) -> WideState:
        return WideState(self)


class WideState(State):
    def __init__(self, game: WideGame) -> None:
        self.game = game
        self.num_players = 1
        self.options = {}
        self.history = []

    def current_player(self) -> int:
        return TERMINAL if self.history else 0

    def legal_actions(self) -> list[int]:
        return list(range(WIDE_MOVES))

    def _apply(self, action: int) -> None:
        pass

    def clone(self) -> WideState:
        other = WideState(self.game)
        other.history = list(self.history)
        return other

    def returns(self) -> list[float]:
        if not self.history:
            return [0.0]
        return [1.0 if self.history[0] == WIDE_WINNER else -1.0]

    def action_to_string(self, action: int) -> str:
        return str(action)

    def observation(self, player: int) -> dict:
        return {"history": list(self.history)}

    def determinize(self, player: int, rng: random.Random) -> WideState:
        return self.clone()


# --- Hidden commitment (a simultaneous decision taken in turn) --------------------------------

ROCK, PAPER, SCISSORS = 0, 1, 2
HIDDEN_CHOICE = -2  # what the second player sees of the first player's choice


class HiddenCommitGame(Game):
    """Rock-paper-scissors taken in turn: player 0 commits face down, player 1 then answers.
    DESIGN.md, "Simultaneous decisions": player 1 sees only that player 0 has chosen, and
    ``determinize(1)`` re-samples that choice uniformly."""

    id = "toy-commit"
    title = title_ja = "Hidden commitment"
    min_players = max_players = 2
    perfect_information = False

    def new_state(self, num_players: int | None = None, **options: Any) -> HiddenCommitState:
        return HiddenCommitState(self)


class HiddenCommitState(State):
    def __init__(self, game: HiddenCommitGame) -> None:
        self.game = game
        self.num_players = 2
        self.options = {}
        self.history = []

    def current_player(self) -> int:
        return (0, 1, TERMINAL)[min(len(self.history), 2)]

    def legal_actions(self) -> list[int]:
        return [ROCK, PAPER, SCISSORS]

    def _apply(self, action: int) -> None:
        pass

    def observed_action(self, player: int, action: int) -> int:
        return HIDDEN_CHOICE if self.current_player() == 0 and player != 0 else action

    def clone(self) -> HiddenCommitState:
        other = HiddenCommitState(self.game)
        other.history = list(self.history)
        return other

    def returns(self) -> list[float]:
        if len(self.history) < 2:
            return [0.0, 0.0]
        first, second = self.history
        if first == second:
            return [0.0, 0.0]
        second_wins = second == (first + 1) % 3
        return [-1.0, 1.0] if second_wins else [1.0, -1.0]

    def action_to_string(self, action: int) -> str:
        return ("rock", "paper", "scissors")[action]

    def observation(self, player: int) -> dict:
        if player == 0 or len(self.history) == 2:
            return {"history": list(self.history)}
        return {"history": [HIDDEN_CHOICE, *self.history[1:]]}

    def determinize(self, player: int, rng: random.Random) -> HiddenCommitState:
        other = self.clone()
        if player != 0 and other.history:
            other.history[0] = rng.choice((ROCK, PAPER, SCISSORS))
        return other
