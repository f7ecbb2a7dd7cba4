"""Which Frontline General units earn their points? The per-unit ledger (rules §10.6's "VP
dealt minus VP lost per point fielded"), kept by watching a game step by step: which unit scored
each VP, which unit's loss gave it, what was committed, and how the aircraft, bombs and close
assaults were used. The balance study compares it with the rules' own simulation.

Attribution: VP scored while an attack resolves belong to its attacker (a close assault's to
its members in equal shares, a fire check's to "(fire)"); VP conceded belong to the unit that
left the board in that step, else to the unit just hit (Crew Casualty), else to the seat's last
unit lost (a crew roll after the unit went). A unit's crew counts with it, in VP and in the
points fielded.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from game.engines.frontline.actions import UNIT, kind_of
from game.engines.frontline.cards import UNITS
from game.engines.frontline.phases import (
    PH_CHOOSE_ATTACK,
    PH_CREW_DIE,
    PH_DECLARE,
    PH_FIRE_DIE,
)
from game.engines.frontline.state import CLOSE_ASSAULT, FrontlineState

FIRE = "(fire)"


class Seen(NamedTuple):
    """The state before a step, as ``Watcher.after`` needs it."""

    board: dict[int, tuple[int, int, int, bool]]  # pos -> (card, owner, crew, bomb used)
    vp: list[int]
    dealer: list[tuple[int, str]]  # (seat, unit name) shares of VP scored in the step
    hit: int


@dataclass
class Line:
    """One unit card's totals over the games watched (per army and deck)."""

    fielded: int = 0  # points committed: the unit's cost plus its crew's, per placement
    placed: int = 0
    dealt: float = 0.0
    lost: float = 0.0
    attacks: int = 0  # attacks resolved with it as the attacker (or a member)

    def net_per_point(self) -> float:
        return (self.dealt - self.lost) / self.fielded if self.fielded else 0.0


@dataclass
class Ledger:
    """Totals keyed by (deck, unit name); ``counts`` holds named event counts per deck."""

    lines: dict[tuple[str, str], Line] = field(default_factory=lambda: defaultdict(Line))
    counts: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))

    def count(self, deck: str, event: str, n: int = 1) -> None:
        self.counts[deck, event] += n


class Watcher:
    """Feeds one game's steps into a ``Ledger``: call ``step(state, action)`` instead of
    ``state.apply_action(action)``. ``decks`` names each seat's deck."""

    def __init__(self, ledger: Ledger, decks: tuple[str, str]) -> None:
        self.ledger = ledger
        self.decks = decks
        self.last_lost: list[str] = ["?", "?"]

    def _line(self, seat: int, name: str) -> Line:
        return self.ledger.lines[self.decks[seat], name]

    def step(self, state: FrontlineState, action: int) -> None:
        """Apply ``action`` to ``state`` and book what it did."""
        seen = self.before(state, action)
        state.apply_action(action)
        self.after(state, seen)

    def before(self, state: FrontlineState, action: int) -> Seen:
        """What ``after`` compares with: the board, the VP and who would score, before the
        step; and the step's own declarations and attacks counted."""
        before = {pos: (u.card, u.owner, u.crew, u.bomb_used) for pos, u in state.board.items()}
        vp = list(state.vp)
        phase, seat = state.phase, state.player
        dealer = self._dealers(state, phase)
        if phase == PH_DECLARE and not state.is_chance_node():
            self._declared(state, seat, action)
        if phase == PH_CHOOSE_ATTACK:
            attack = next(a for a in state.attacks[seat] if a[1] == action - UNIT)
            members = (
                [pos for k, pos, t, _ in state.decls[seat] if k == CLOSE_ASSAULT and t == attack[2]]
                if attack[0] == CLOSE_ASSAULT
                else [attack[1]]
            )
            for pos in members:
                if pos in state.board:
                    self._line(seat, state.board[pos].printed.name).attacks += 1
        return Seen(before, vp, dealer, state.hit_pos)

    def after(self, state: FrontlineState, seen: Seen) -> None:
        before, vp, dealer, hit = seen
        after = state.board
        for pos, unit in after.items():
            old = before.get(pos)
            if (old is None or old[0] != unit.card) and unit.captured_from < 0:
                crew = UNITS[unit.crew].cost if unit.crew >= 0 else 0
                line = self._line(unit.owner, unit.printed.name)
                line.fielded += unit.printed.cost + crew
                line.placed += 1
            if old is not None and old[0] == unit.card and unit.bomb_used and not old[3]:
                self.ledger.count(self.decks[unit.owner], f"bomb dropped by {unit.printed.name}")
            if old is not None and old[0] == unit.card and old[2] < 0 <= unit.crew:
                self.ledger.count(self.decks[unit.owner], "crew replaced")
        gone = {
            pos: entry
            for pos, entry in before.items()
            if pos not in after or after[pos].card != entry[0]
        }
        for scorer in (0, 1):
            gain = state.vp[scorer] - vp[scorer]
            if gain <= 0:
                continue
            names = dealer if dealer and dealer[0][0] == scorer else [(scorer, "?")]
            for _, name in names:
                self._line(scorer, name).dealt += gain / len(names)
            victim = 1 - scorer
            lost = [UNITS[card].name for card, owner, _, _ in gone.values() if owner == victim]
            if not lost and hit in before and before[hit][1] == victim:
                lost = [UNITS[before[hit][0]].name]
            if not lost:
                lost = [self.last_lost[victim]]
            for name in lost:
                self._line(victim, name).lost += gain / len(lost)
        for card, owner, _, _ in gone.values():
            self.last_lost[owner] = UNITS[card].name

    def _dealers(self, state: FrontlineState, phase: int) -> list[tuple[int, str]]:
        """Who scores if VP change in this step: (seat, unit name) shares."""
        if phase == PH_FIRE_DIE or (phase == PH_CREW_DIE and state.resume == "fire"):
            seat = 1 - state.board[state.hit_pos].owner if state.hit_pos in state.board else 0
            return [(seat, FIRE)]
        if state.atk_kind == CLOSE_ASSAULT:
            units = [state.board[p] for p in state.atk_members if p in state.board]
            return [(u.owner, u.printed.name) for u in units]
        if state.atk_pos in state.board:
            unit = state.board[state.atk_pos]
            return [(unit.owner, unit.printed.name)]
        return []

    def _declared(self, state: FrontlineState, seat: int, action: int) -> None:
        deck = self.decks[seat]
        if kind_of(action) == "assault":
            self.ledger.count(deck, "close-assault declarations")
        elif kind_of(action) == "surrender":
            self.ledger.count(deck, "Surrender! declarations")


def report(ledger: Ledger, games: dict[str, int]) -> None:
    """Print per deck: each unit's points fielded per game, VP dealt and lost per game, and
    (dealt - lost) per point fielded (§10.6's measure); then the deck's event counts."""
    for deck in sorted(games):
        n = games[deck]
        print(f"{deck} ({n} games)")
        print(f"  {'unit':26} {'fielded/g':>9} {'placed/g':>8} {'atk/g':>6} {'dealt/g':>8} "
              f"{'lost/g':>7} {'net/pt':>7}")  # fmt: skip
        rows = [(name, line) for (d, name), line in ledger.lines.items() if d == deck]
        for name, line in sorted(rows, key=lambda r: -r[1].fielded):
            print(
                f"  {name:26} {line.fielded / n:9.1f} {line.placed / n:8.2f} "
                f"{line.attacks / n:6.2f} {line.dealt / n:8.2f} {line.lost / n:7.2f} "
                f"{line.net_per_point():+7.2f}"
            )
        for (d, event), count in sorted(ledger.counts.items()):
            if d == deck:
                print(f"  {event}: {count / n:.2f} a game")
