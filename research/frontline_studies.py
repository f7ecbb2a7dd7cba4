"""Where does Frontline General's Hard lose, and is the game balanced? (rules §10.6, §12.8)

The studies behind the Frontline experiments in ``docs/experiments/``, on the bench's players
and games (``bench/frontline_strength.py``):

- check latency: Hard's decisions that run rollouts (a first declaration);
- balance with ``--units``: the per-unit ledger of §10.6 (``research/frontline_ledger.py``);
  ``--log`` appends each game to a JSONL file and ``--balance-log`` reports it; the deck study:
  one US deck against both German decks, played by the rule policy, its ``rules-plain`` variant
  (``RuleVariant``: the conditions of the rules' own simulation) or under a rules option;
- losses: a duel's games by result, ending and the turn-1 exchange (the loss analysis);
  alternatives: whether the policy's commitment or draw loses to an alternative played out;
  first turn: whether Hard's turn-1 choices (deck, starting hand, commitment, target plan,
  draw) lose to an alternative played on to the third Combat Phase;
- calibration: whether the rollouts' estimate is a win chance.

``python -m research.frontline_studies [--latency N] [--check-latency N] [--balance N [--units]
[--player P] [--first-seed S] [--log FILE]] [--balance-log FILE] [--deck-study US_DECK N
[--option NAME=VALUE]] [--duel A B PAIRS] [--losses A B PAIRS] [--alternatives N]
[--first-turn PAIRS] [--calibration N]``
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import time
from typing import Any

from ai.agents import Agent, make_agent, obvious_move, play_out
from ai.heuristics.frontline import hand_key
from ai.heuristics.frontline_plan import Planner, card_of, commit_order
from ai.heuristics.frontline_sim import candidate_plans, check, declare_plan, full_queue
from bench.frontline_strength import (
    DUEL_TURNS,
    HEURISTIC,
    agents_for,
    balance_record,
    balance_report,
    balance_state,
    duel,
    latency,
    sampled,
    setup,
    us_score,
)
from bench.frontline_strength import agent as bench_agent
from game.engines.base import State
from game.engines.frontline import FrontlineGame, FrontlineState
from game.engines.frontline.actions import CARD, DONE, DRAW_COMMAND, DRAW_UNIT, kind_of
from game.engines.frontline.cards import UNITS
from game.engines.frontline.options import GE_DECK, OPTIONS, TURN_LIMIT, US_DECK
from game.engines.frontline.phases import (
    PH_BUILD,
    PH_COMMIT,
    PH_DECLARE,
    PH_DRAW_CHOICE,
    PH_DRAW_COMMAND,
    PH_PICK,
    PH_ROLL_WINDOW,
    PH_WINDOW,
)
from game.engines.frontline.state import commit_counts, commit_valid
from research.frontline_ledger import Ledger, Watcher, report


def _first_declaration(state: FrontlineState) -> bool:
    """Where Hard checks by rollouts (rules §12.8): a seat's first declaration of a turn."""
    return state.phase == PH_DECLARE and len(state.queue) == len(full_queue(state, state.player))


def check_latency(count: int) -> dict[str, tuple[float, float, float]]:
    """Hard's checked decisions: median, p95 and max seconds, of wall time (as a player waits)
    and of CPU time (what the load on a shared machine does not change)."""
    times: dict[str, list[float]] = {"wall": [], "cpu": []}
    for index, state in enumerate(sampled(count, 3, _first_declaration, 0.3)):
        hard = make_agent("frontline", "hard", index)
        start, cpu = time.perf_counter(), time.process_time()
        hard.choose(state.clone())
        times["wall"].append(time.perf_counter() - start)
        times["cpu"].append(time.process_time() - cpu)
    out = {}
    for clock, spent in times.items():
        spent.sort()
        out[clock] = (statistics.median(spent), spent[int(0.95 * (len(spent) - 1))], spent[-1])
    return out


CARD_KINDS = ("command", "boost", "surrender", "assault")  # moves the plain rule policy drops
PLAIN_PHASES = (PH_WINDOW, PH_ROLL_WINDOW, PH_DECLARE, PH_DRAW_CHOICE)  # where it drops them


class RuleVariant:
    """The rule policy in the conditions of the rules' own simulation (§10.6: no command
    cards, no close assault), for the balance study: where it would play a command card it
    passes, and its declarations and draws are its own rules over the moves left without them
    (cards are still dealt and drawn)."""

    def __init__(self, seed: int) -> None:
        from bench.baselines.frontline import RulePolicyAgent

        self.inner = RulePolicyAgent(seed)

    def reseed(self, seed: int) -> None:
        self.inner.reseed(seed)

    def choose(self, state: State) -> int:
        from bench.baselines.frontline import _RULES

        assert isinstance(state, FrontlineState)
        legal = state.legal_actions()
        action = self.inner.choose(state)
        if state.phase not in PLAIN_PHASES or kind_of(action) not in CARD_KINDS:
            return action
        plain = [a for a in legal if kind_of(a) not in CARD_KINDS]
        if state.phase in (PH_DECLARE, PH_DRAW_CHOICE):
            return _RULES[state.phase](state, plain, self.inner.rng)
        return DONE if DONE in plain else plain[0]


def agent(name: str, seed: int) -> Agent:
    """The bench's players and ``rules-plain``, the rule policy without cards and assaults."""
    return RuleVariant(seed) if name == "rules-plain" else bench_agent(name, seed)


def loss_classes(a: str, b: str, pairs: int, first_seed: int = 0) -> dict[tuple[str, str], int]:
    """Seat-swapped games of ``a`` against ``b``, each counted by its result ("won", "lost",
    "draw"), how it ended (the 51-VP race, an overrun, the turn limit) and whether ``a``
    trailed in units on the board after the first Combat Phase (the turn-1 exchange)."""
    counts: dict[tuple[str, str], int] = {}
    for seed in range(first_seed, first_seed + pairs):
        for names, seat in (((a, b), 0), ((b, a), 1)):
            state = FrontlineGame().new_state(**setup(seed))
            agents, rng = agents_for(names, seed), random.Random(seed)
            behind = False
            while not state.is_terminal():
                if state.turn == 2 and state.phase == PH_COMMIT and not state.commit[0]:
                    value = [sum(u.printed.cost for u in state.units_of(s)) for s in (0, 1)]
                    behind = value[seat] < value[1 - seat]
                player = state.current_player()
                action = (
                    state.sample_chance(rng)
                    if player < 0
                    else agents[player].choose(state.determinize(player, rng))
                )
                state.apply_action(action)
            result = state.returns()[seat]
            outcome = "won" if result > 0 else "lost" if result < 0 else "draw"
            start = "behind after turn 1" if behind else "level or ahead after turn 1"
            key = (outcome, f"{state.end_reason}, {start}")
            counts[key] = counts.get(key, 0) + 1
        print(f"{2 * (seed - first_seed + 1)} games", flush=True)
    for (outcome, kind), count in sorted(counts.items()):
        print(f"{a} {outcome}: {count:3d}  {kind}")
    return counts


def _one_turn(state: FrontlineState, seat: int, moves: list[int], seed: int) -> float:
    """``seat``'s estimate at the draw after the next Combat Phase, if it makes ``moves`` now
    and both sides then play the policy (hidden cards re-dealt as ``seat`` sees them, the
    opponent's face-down commitment modelled as Normal's search models it)."""
    rng = random.Random(seed)
    sim = HEURISTIC.resample(state, seat, rng) or state.determinize(seat, rng)
    for move in moves:
        sim.apply_action(move)
    fought = False
    while not sim.is_terminal():
        drawing = sim.phase in (PH_DRAW_CHOICE, PH_DRAW_COMMAND)
        if drawing and fought:
            break
        fought = fought or not drawing
        chance = sim.is_chance_node()
        sim.apply_unchecked(sim.sample_chance(rng) if chance else HEURISTIC.policy(sim, rng))
    return HEURISTIC.estimate(sim)[seat]


def _commitments(state: FrontlineState, seat: int) -> list[list[int]]:
    """The policy's commitment (§12.5) and each valid one with a unit of it held back (its
    crew too where the crew is then spare)."""
    hand = state.hand_units[seat]
    policy = commit_order(state, seat, hand, None)

    def valid(chosen: list[int]) -> bool:
        rest = list(hand)
        for action in chosen:
            rest.remove(card_of(action))
        return commit_valid(commit_counts(chosen, rest), state.crew_needs(seat))

    out = [[*policy, DONE]]
    for index, action in enumerate(policy):
        printed = UNITS[card_of(action)]
        if printed.is_crew:
            continue
        chosen = policy[:index] + policy[index + 1 :]
        crews = [a for a in chosen if UNITS[card_of(a)].is_crew
                 and UNITS[card_of(a)].crew_kind == printed.crew]  # fmt: skip
        if not valid(chosen) and crews:
            chosen.remove(crews[-1])
        if valid(chosen):
            out.append([*chosen, DONE])
    return out


def _first_commitment(state: FrontlineState) -> bool:
    seat = state.player
    return state.phase == PH_COMMIT and not state.commit[seat] and not state.decided[seat]


def _free_draw(state: FrontlineState) -> bool:
    legal = state.legal_actions()
    return state.phase == PH_DRAW_CHOICE and DRAW_UNIT in legal and DRAW_COMMAND in legal


def alternatives(count: int, rollouts: int, seed: int = 0) -> None:
    """Whether the commitment or the draw loses games (the loss analysis): at ``count``
    positions of each from policy self-play, the policy's choice against its alternatives (a
    unit held back; the other card type drawn), each played to the draw after the next combat
    ``rollouts`` times on common random numbers. Prints how often an alternative beats the
    policy by two standard errors and the mean gain of the best alternative."""
    rng = random.Random(seed)
    found = {
        "commit": sampled(count, seed, _first_commitment, 0.25),
        "draw": sampled(count, seed + 1, _free_draw, 0.25),
    }
    for kind, states in found.items():
        better, gains = 0, []
        for state in states:
            seat = state.player
            if kind == "commit":
                options = _commitments(state, seat)
            else:
                chosen = HEURISTIC.policy(state, rng)
                options = [[chosen], [DRAW_COMMAND if chosen == DRAW_UNIT else DRAW_UNIT]]
            seeds = [rng.getrandbits(48) for _ in range(rollouts)]
            values = [[_one_turn(state, seat, moves, s) for s in seeds] for moves in options]
            best = (0.0, 0.0)
            for other in values[1:]:
                diff = [b - a for a, b in zip(values[0], other, strict=True)]
                mean = statistics.mean(diff)
                best = max(best, (mean, statistics.stdev(diff) / math.sqrt(rollouts)))
            better += best[0] > 2 * best[1] > 0
            gains.append(best[0])
        print(f"{kind}: {len(states)} positions, an alternative better by 2 SE at {better}, "
              f"mean gain of the best (0 if none is) {statistics.mean(gains):+.3f}")  # fmt: skip


# --- the first-turn study (issue 12): Hard's turn-1 choices against alternatives played on ---
FIRST_TURN_HORIZON = 3  # the oracle's rollouts stop at the draw after this Combat Phase
Choice = list[int] | dict[int, tuple[int, int]]  # moves to make, or a target plan to declare


def _play_on(state: FrontlineState, seat: int, choice: Choice, seed: int) -> float:
    """``seat``'s calibrated estimate at the draw after Combat Phase ``FIRST_TURN_HORIZON`` (or
    its result at an earlier end) if it makes ``choice`` in ``state`` (the true position: the
    opponent's hidden cards as they are, the future drawn from ``seed``) and then ``seat``
    plays the policy and the other seat the rule policy."""
    from bench.baselines.frontline import RulePolicyAgent

    rng = random.Random(seed)
    sim = state.clone()
    if isinstance(choice, dict):
        declare_plan(sim, seat, choice)
    else:
        for move in choice:
            sim.apply_action(move)
    rules = RulePolicyAgent(seed)
    while not sim.is_terminal():
        drawing = sim.phase in (PH_DRAW_CHOICE, PH_DRAW_COMMAND)
        if drawing and sim.turn >= FIRST_TURN_HORIZON:
            break
        if sim.is_chance_node():
            sim.apply_unchecked(sim.sample_chance(rng))
        elif sim.player == seat:
            sim.apply_unchecked(HEURISTIC.policy(sim, rng))
        else:
            sim.apply_action(rules.choose(sim))
    return HEURISTIC.estimate(sim)[seat]


def _pick_options(state: FrontlineState, seat: int, count: int) -> list[Choice]:
    """The policy's starting hand and the next ``count`` hands of the deck by §12.2's
    ``hand_key`` (the policy's own ranking since the first-turn study)."""
    rng = random.Random(0)
    sim = state.clone()
    policy = []
    while sim.phase == PH_PICK and sim.player == seat:
        policy.append(HEURISTIC.policy(sim, rng))
        sim.apply_action(policy[-1])
    hands = sorted(set(itertools.combinations(sorted(state.reserves[seat]), 4)))
    mine = tuple(sorted(a - CARD for a in policy))
    others = [h for h in hands if h != mine]
    ranked = sorted(others, key=lambda h: (hand_key(list(h)), h), reverse=True)
    options: list[Choice] = [policy]
    return options + [[CARD + c for c in h] for h in ranked[:count]]


def _choice_points(state: FrontlineState, seat: int) -> str:
    """Which of Hard's first-turn choices ``state`` is ("" for none)."""
    if state.player != seat or state.turn > 1:
        return ""
    if state.phase == PH_BUILD and not state.deck[seat]:
        return "deck"
    if state.phase == PH_PICK and not state.hand_units[seat]:
        return "hand"
    if _first_commitment(state):
        return "commit"
    if _first_declaration(state):
        return "plan"
    if _free_draw(state) and state.free_draws == 1:  # the first of the two free draws
        return "draw"
    return ""


def first_turn(pairs: int, rollouts: int, first_seed: int) -> dict[str, list[int]]:
    """The first-turn study: Hard against the rule policy on the duels' seeds, seat-swapped; at
    each of Hard's turn-1 choices (the deck when built, the starting hand, the commitment, the
    target plan, the first free draw) every alternative is played on ``rollouts`` times on
    common random numbers (``_play_on``). Prints per choice the spread of the options' means
    and whether an alternative beats Hard's choice by 2 SE; returns per kind [choices,
    alternative better by 2 SE, spread >= 0.1]."""
    counts: dict[str, list[int]] = {}
    for seed in range(first_seed, first_seed + pairs):
        for names, seat in ((("hard", "rules"), 0), (("rules", "hard"), 1)):
            state = FrontlineGame().new_state(**setup(seed))
            agents, rng = agents_for(names, seed), random.Random(seed)
            seen = {""}  # each kind of choice once a game
            while not state.is_terminal() and state.turn <= 1:
                player = state.current_player()
                if player < 0:
                    state.apply_action(state.sample_chance(rng))
                    continue
                action = agents[player].choose(state.determinize(player, rng))
                kind = _choice_points(state, seat)
                if kind not in seen:
                    seen.add(kind)
                    _study(state, seat, kind, action, rollouts, seed, counts)
                state.apply_action(action)
    for kind, (n, better, spread) in counts.items():
        print(f"{kind}: {n} choices, an alternative better by 2 SE at {better}, "
              f"options apart by >= 0.1 at {spread}")  # fmt: skip
    return counts


def _study(
    state: FrontlineState,
    seat: int,
    kind: str,
    action: int,
    rollouts: int,
    seed: int,
    counts: dict[str, list[int]],
) -> None:
    """One choice point of ``first_turn``: Hard's choice (index 0) and its alternatives."""
    options: list[Choice]
    if kind == "deck":
        decks = [a for a in state.legal_actions() if kind_of(a) == "prebuilt"]
        options = [[action], *([a] for a in decks if a != action)]
    elif kind == "hand":
        options = _pick_options(state, seat, 5)
    elif kind == "commit":
        options = [*_commitments(state, seat)]
    elif kind == "plan":
        planner = Planner(state, seat, list(state.queue))
        plans = candidate_plans(planner, 6)
        view = state.determinize(seat, random.Random(seed))
        chosen, _ = check(view, seat, 200, random.Random(seed), HEURISTIC.policy,
                          HEURISTIC.estimate)  # fmt: skip
        options = [chosen, *(p for p in plans if p != chosen)]
    else:
        other = DRAW_COMMAND if action == DRAW_UNIT else DRAW_UNIT
        options = [[action], [other]]
    if len(options) < 2:
        return
    seeds = [seed * 1000 + i for i in range(rollouts)]
    values = [[_play_on(state, seat, option, s) for s in seeds] for option in options]
    means = [statistics.mean(v) for v in values]
    best, best_err = 0.0, 0.0
    for other_values in values[1:]:
        diff = [b - a for a, b in zip(values[0], other_values, strict=True)]
        gain = statistics.mean(diff)
        if gain > best:
            best, best_err = gain, statistics.stdev(diff) / math.sqrt(rollouts)
    row = counts.setdefault(kind, [0, 0, 0])
    row[0] += 1
    row[1] += best > 2 * best_err > 0
    row[2] += max(means) - min(means) >= 0.1
    print(f"seed {seed} seat {seat} {kind}: {len(options)} options, Hard's {means[0]:+.3f}, "
          f"means {' '.join(f'{m:+.2f}' for m in means)}, best alternative "
          f"{best:+.3f} +- {best_err:.3f}", flush=True)  # fmt: skip


def balance(
    games: int,
    name: str = "rules",
    ledger: Ledger | None = None,
    first_seed: int = 0,
    log: str | None = None,
) -> tuple[float, float, float, float]:
    """The bench's balance run of ``name`` with ``rules-plain`` allowed; with ``ledger``, each
    unit's VP dealt and lost too; with ``log``, each game appended to that JSONL file as it
    ends (a stopped run still counts: ``--balance-log`` reports it)."""
    games_played: list[dict[str, Any]] = []
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state, decks = balance_state(seed)
        agents = [agent(name, 2 * seed), agent(name, 2 * seed + 1)]
        if ledger is None:
            play_out(state, agents, random.Random(seed))
        else:
            seats = decks if state.seat_of_side(0) == 0 else decks[::-1]
            _watched(state, agents, random.Random(seed), Watcher(ledger, seats))
        record = balance_record(seed, decks, state)
        games_played.append(record)
        if log is not None:
            with open(log, "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    print(f"balance ({name}): {games} games in {time.perf_counter() - start:.0f} s", flush=True)
    return balance_report(games_played)


def deck_study(
    us_deck: str, games: int, first_seed: int, name: str = "rules", **options: str
) -> float:
    """One US deck's self-play games of ``name`` (the rule policy or a ``RuleVariant``)
    against the two German prebuilt decks in turn, the US in either seat, under the game
    ``options`` given (the balance study: which part of the deck's deficit the policy's
    reading, the command cards or a rules decision explain). Prints and returns the US
    share."""
    per: dict[str, list[float]] = {}
    for seed in range(first_seed, first_seed + games):
        ge_deck = OPTIONS[GE_DECK][seed % 2]
        state = FrontlineGame().new_state(
            us_deck=us_deck,
            ge_deck=ge_deck,
            seat0_army=("US", "GE")[seed // 2 % 2],
            **{TURN_LIMIT: DUEL_TURNS, **options},
        )
        play_out(state, [agent(name, 2 * seed), agent(name, 2 * seed + 1)], random.Random(seed))
        per.setdefault(ge_deck, []).append(us_score(state))
    results = [r for rows in per.values() for r in rows]
    mean = statistics.mean(results)
    err = statistics.stdev(results) / math.sqrt(len(results))
    split = ", ".join(f"{d} {100 * statistics.mean(r):.1f}%" for d, r in per.items())
    given = "".join(f", {k}={v}" for k, v in options.items())
    print(f"{us_deck} ({name}{given}): US {100 * mean:.1f}% +- {100 * err:.1f} over {len(results)} "
          f"games ({split})", flush=True)  # fmt: skip
    return mean


def _watched(
    state: FrontlineState, agents: list[Agent], rng: random.Random, watcher: Watcher
) -> None:
    """``play_out`` with every step fed to ``watcher``."""
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            action = state.sample_chance(rng)
        else:
            action = agents[player].choose(state.determinize(player, rng))
        watcher.step(state, action)


def calibration(games: int, first_seed: int = 0) -> list[tuple[float, float, int]]:
    """Whether the rollouts' estimate is a win chance: on policy self-play, at every draw
    (where Hard's rollouts stop), the estimate read as P(win) = (1 + v) / 2 against how the
    game ended, in five bins. Returns (mean prediction, share won, positions) per bin."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(5)]
    wins: list[float] = []
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = FrontlineGame().new_state(turn_limit=DUEL_TURNS)
        seen: list[float] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if HEURISTIC.evaluate(state) is not None and state.player == 0:
                seen.append(0.5 + 0.5 * HEURISTIC.estimate(state)[0])
            action = obvious_move(HEURISTIC, state)
            state.apply_action(HEURISTIC.policy(state, rng) if action is None else action)
        won = 0.5 + 0.5 * state.returns()[0]
        wins.append(won)
        for p in seen:
            bins[min(4, int(p * 5))].append((p, won))
    rows = []
    for cell in bins:
        if cell:
            rows.append(
                (
                    statistics.mean(p for p, _ in cell),
                    statistics.mean(w for _, w in cell),
                    len(cell),
                )
            )
    print(f"seat 0 won {100 * statistics.mean(wins):.1f}% of {games} games")
    for predicted, won, n in rows:
        print(f"estimate {100 * predicted:5.1f}% -> won {100 * won:5.1f}% ({n} positions)")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m research.frontline_studies")
    parser.add_argument("--latency", type=int, default=0, help="positions per level")
    parser.add_argument("--check-latency", type=int, default=0, help="first declarations")
    parser.add_argument("--balance", type=int, default=0, help="self-play games")
    parser.add_argument(
        "--player",
        default="rules",
        help="rules, rules-plain or a level",
    )
    parser.add_argument(
        "--units", action="store_true", help="for --balance: the per-unit ledger (§10.6)"
    )
    parser.add_argument("--log", help="for --balance: append each game to this JSONL file")
    parser.add_argument("--balance-log", help="report a --balance run from its JSONL file")
    parser.add_argument("--duel", nargs=3, metavar=("A", "B", "PAIRS"))
    parser.add_argument("--losses", nargs=3, metavar=("A", "B", "PAIRS"), help="game classes")
    parser.add_argument("--alternatives", type=int, default=0, help="commit and draw positions")
    parser.add_argument("--first-turn", type=int, default=0, help="pairs: the first-turn study")
    parser.add_argument(
        "--rollouts", type=int, default=100, help="for --alternatives, --first-turn"
    )
    parser.add_argument(
        "--deck-study", nargs=2, metavar=("US_DECK", "GAMES"), help="with --player, --first-seed"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="for --deck-study"
    )
    parser.add_argument("--calibration", type=int, default=0, help="policy self-play games")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--levels", default="normal,hard", help="for --latency, with ismcts")
    args = parser.parse_args(argv)
    if args.latency:
        levels = tuple(args.levels.split(","))
        for level, (median, p95, worst) in latency(levels, args.latency).items():
            print(f"{level}: median {median:.2f} s, p95 {p95:.2f} s, max {worst:.2f} s")
    if args.check_latency:
        for clock, (median, p95, worst) in check_latency(args.check_latency).items():
            print(f"hard first declarations, {clock}: median {median:.2f} s, p95 {p95:.2f} s, "
                  f"max {worst:.2f} s")  # fmt: skip
    if args.balance:
        ledger = Ledger() if args.units else None
        balance(args.balance, args.player, ledger, args.first_seed, args.log)
        if ledger is not None:
            decks = OPTIONS[US_DECK] + OPTIONS[GE_DECK]
            report(ledger, {deck: args.balance // 2 for deck in decks})
    if args.balance_log:
        with open(args.balance_log, encoding="utf-8") as lines:
            balance_report([json.loads(line) for line in lines if line.strip()])
    if args.deck_study:
        options = dict(option.split("=", 1) for option in args.option)
        deck_study(args.deck_study[0], int(args.deck_study[1]), args.first_seed, args.player,
                   **options)  # fmt: skip
    if args.calibration:
        calibration(args.calibration, args.first_seed)
    if args.duel:
        duel(args.duel[0], args.duel[1], int(args.duel[2]), args.first_seed)
    if args.alternatives:
        alternatives(args.alternatives, args.rollouts, args.first_seed)
    if args.first_turn:
        first_turn(args.first_turn, args.rollouts, args.first_seed)
    if args.losses:
        loss_classes(args.losses[0], args.losses[1], int(args.losses[2]), args.first_seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
