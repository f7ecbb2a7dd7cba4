"""The Tsuno Senki board's own logic: dice roles in the tray, exact previews (checked against
the engine by enumerating every roll), the AI's chance after the hinted action, what a teammate
did read off the table, and the log's words and icons."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from functools import partial

import pygame
import pytest

from ai.chances import chance_after
from ai.heuristics.tsuno import greedy_action, win_chance
from game import i18n
from game.boards.base import BoardContext
from game.boards.palette import palette_of
from game.boards.tsuno.art import AreaFace
from game.boards.tsuno.board import TsunoBoard
from game.boards.tsuno.tray import T_TUMBLE
from game.engines import GAMES
from game.engines.base import CHANCE
from game.engines.tsuno import actions as act
from game.engines.tsuno import preview
from game.engines.tsuno.state import ABSORB, TsunoState
from game.engines.tsuno.words import TsunoWords
from game.turns import Step, StepLog, Turn, group, since
from game.ui import overlays
from game.ui.text import render
from tests.tsuno_helpers import acting

GAME = GAMES["tsuno"]


def states(seed: int, players: int, count: int) -> list[TsunoState]:
    """Decision states met in a game played by the policy with some random moves."""
    rng = random.Random(seed)
    state = GAME.new_state(players, layout=rng.choice(["ring", "grid"]))
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(greedy_action(state) if rng.random() < 0.7 else rng.choice(legal))
    return found


def test_die_roles_follow_the_engine_resolution() -> None:
    assert preview.die_roles([2, 4, 3, 4]) == ["run", "run", "run", "single"]
    assert preview.die_roles([5, 5, 1, 5]) == ["triple", "triple", "single", "triple"]
    assert preview.die_roles([1, 2, 3, 4, 5, 6]) == ["run"] * 6
    assert preview.die_roles([1, 2, 5, 6]) == ["single"] * 4
    roll = {"area": 3, "black": [3, 3, 3, 3, 2]}
    assert preview.hits(roll) == [False, False, False, True, False]


def retreat_by_enumeration(state: TsunoState, action: int) -> tuple[float, float]:
    """P(hit on the acting area), P(its unit retreats) over every roll, pieces absorbing all
    they may."""
    area = state.area
    start = state.clone()
    start.apply_action(action)
    dice = start.roll_black
    hit = retreat = 0.0
    for faces in itertools.product(range(6), repeat=dice):
        s = start.clone()
        for face in faces:
            s.apply_action(face)
        if s.last_roll["loss"]:
            hit += 6.0**-dice
        if s.phase == ABSORB:
            s.apply_action(max(s.legal_actions(), key=lambda a: sum(act.ABSORB_CHOICES[a - 30])))
        if not s.home[area - 1] or s.is_terminal():
            retreat += 6.0**-dice
    return hit, retreat


def test_attack_previews_are_exact() -> None:
    checked = 0
    for state in states(3, 1, 60):
        obs = state.observation(0)
        me = obs["areas"][state.area - 1]
        if me["unit"] != "area" or state.phase != 1 or state.attack_dice() > 4:
            continue
        for action in state.legal_actions():
            if action == act.ATTACK or act.is_relief(action):
                target = state.area if action == act.ATTACK else act.target_of(action)
                odds = preview.attack_preview(obs, target)
                hit, retreat = retreat_by_enumeration(state, action)
                assert odds["hit"] == pytest.approx(hit)
                assert odds["worst"] == pytest.approx(retreat)
                checked += 1
        if checked >= 6:
            break
    assert checked >= 3


@pytest.mark.parametrize("players", [1, 3, 6])
def test_the_hints_chance_is_the_ais_estimate_after_the_action(players: int) -> None:
    for state in states(players, players, 25):
        action = state.legal_actions()[0]
        after = state.clone()
        after.apply_action(action)
        chance = chance_after("tsuno", state, action)
        assert chance is not None and 0.0 <= chance <= 1.0
        if not after.is_terminal():
            assert chance == pytest.approx(win_chance(after))


def test_the_hints_chance_after_an_attack_counts_the_attack_roll() -> None:
    """After an Attack its roll is still to come: the chance is the exact expectation over every
    sequence of the roll's dice (it was the estimate of the moment before the dice, as if the
    attack cost nothing: a unit at morale 1 attacking a lone chip looked safer than waiting)."""
    state = acting(2, difficulty="beginner")  # area 2 is skilled: 3 dice, 216 sequences
    state.chips[1], state.morale[1] = 1, 1
    chance = chance_after("tsuno", state, act.ATTACK)
    total = 0.0
    for faces in itertools.product(range(6), repeat=3):
        after = state.clone()
        after.apply_action(act.ATTACK)
        for face in faces:
            after.apply_action(face)
        total += win_chance(after) / 216
    assert chance == pytest.approx(total)


def test_the_hint_says_the_chance_the_scene_lends_and_nothing_without_one() -> None:
    state = acting(2)
    b = board_of(["You"], speed=0.0)
    b.show(state.observation(0), 0, state.legal_actions(), animate=False)
    b.show_hint([act.ATTACK], ["Attack"])
    assert b.hint_caption() == i18n.t("match.hint_result", move="Attack")
    asked: list[int] = []
    b.ctx.chance_after = lambda action: asked.append(action) or 0.42
    b.show_hint([act.ATTACK], ["Attack"])
    assert asked == [act.ATTACK] and b.hint_caption().endswith(
        " · " + i18n.t("tsuno.hint_chance", p="42%")
    )


class Played:
    """A game and its log as the match scene keeps them: who made each action, and the log's
    turns (``turns.StepLog``, ``turns.group``) for the board's recap of seat 0's teammates."""

    def __init__(self, players: int, **options: str) -> None:
        self.state = GAME.new_state(players, **options)
        self.movers: list[int] = []
        self.log = StepLog(GAME, TsunoBoard.log_phrase)

    def apply(self, action: int) -> None:
        self.movers.append(self.state.current_player())
        self.state.apply_action(action)

    def since(self, viewer: int = 0) -> list[Turn]:
        n = len(self.movers)
        steps = self.log.update(self.state.to_record(), self.movers, [False] * n, [False] * n,
                                viewer)  # fmt: skip
        return since(group(steps), viewer)


def test_each_teammates_turn_since_yours_is_said_beside_its_area() -> None:
    """Several teammates act between two of the viewer's turns: the board says each one's
    decisions (from the log's turns, not read off the table), named, beside the area where its
    turn ended, in places that cover no area and no other note; they stay until the viewer
    acts."""
    b = board_of(["You", "Hard AI 2", "Hard AI 3"], speed=0.0)
    last, checked = -1, 0
    for mover in teammates_played(b, (1280, 800), animate=True):
        if checked == 3:
            break
        if mover == 0 and last == 0:
            assert b.notes == []  # the viewer has acted: the notes are gone
        elif mover == 0 and last == 2:  # seats 1 and 2 (areas 3-4 and 5-6) acted since
            assert [seat for seat, _, _ in b.notes] == [1, 2]
            for (seat, area, text), box in zip(b.notes, b.note_boxes, strict=True):
                assert text.startswith(f"Hard AI {seat + 1}: Area {area - 1} ")
                assert box.collidelist(b.readable()) == -1
                assert box.collidelist([o for o in b.note_boxes if o is not box]) == -1
            checked += 1
        last = mover
    assert checked == 3


def teammates_played(board: TsunoBoard, size: tuple[int, int], animate: bool) -> Iterator[int]:
    """A three-seat game played by the policy, seen by seat 0 at ``size``: each decision is
    shown (seat 0's with its legal moves), its recap given and drawn, then the mover is yielded
    before the policy plays it."""
    board.layout(board_rect(size))
    rng = random.Random(3)
    game = Played(3)
    state = game.state
    surface = pygame.Surface(size)
    while not state.is_terminal():
        if state.is_chance_node():
            game.apply(state.sample_chance(rng))
            continue
        mover = state.current_player()
        board.show(state.observation(0), 0, state.legal_actions() if mover == 0 else [], animate)
        board.recap(game.since())
        board.draw(surface)
        yield mover
        game.apply(greedy_action(state))


def board_of(
    names: list[str], layout: str = "ring", speed: float = 1.0, colorblind: bool = False
) -> TsunoBoard:
    """A Tsuno board for seats ``names`` with the areas in ``layout``, animating at ``speed``."""
    pygame.font.init()
    ctx = BoardContext(
        game=GAME, options={"layout": layout}, num_players=len(names), seat_names=names,
        palette=palette_of(TsunoBoard, colorblind=colorblind), lang="en",
        feedback=lambda text: None, play_sound=lambda name: None, anim_speed=lambda: speed,
    )  # fmt: skip
    return TsunoBoard(ctx)


def test_log_words_and_dice_icons() -> None:
    b = board_of(["You"], colorblind=True)
    steps = [
        Step(0, 0, ("attack", {"area": 2, "seat": 0}), ""),
        Step(1, CHANCE, ("die", {"colour": "black", "roll": "attack", "face": 2, "player": 0}), ""),
        Step(2, CHANCE, ("die", {"colour": "black", "roll": "attack", "face": 5, "player": 0}), ""),
    ]
    assert b.turn_words(steps) == ["Area 2 attacks", "Attack roll: 2 5"]
    assert len(b.log_icons(steps, 16)) == 2
    i18n.set_language("ja")
    try:
        assert b.turn_words(steps[:1]) == ["エリア2が攻撃"]
    finally:
        i18n.set_language("en")


def test_the_colour_blind_palette_keeps_every_colour_and_six_distinct_seats() -> None:
    normal = palette_of(TsunoBoard, colorblind=False)
    blind = palette_of(TsunoBoard, colorblind=True)
    assert set(normal) == set(blind)
    assert len({blind[role] for role in TsunoBoard.SEAT_ROLES}) == 6


def board_rect(size: tuple[int, int]) -> pygame.Rect:
    """The board's part of a window of ``size`` as the match panel leaves it (``MatchPanel.
    layout``: the side panel on the right, the status line on top)."""
    from game.ui.layout import Metrics

    m = Metrics.of(size)
    margin = m.px(14)
    panel_w = max(m.px(290), min(m.px(360), round(m.width * 0.26)))
    status_bottom = margin + m.px(46)
    width = m.width - panel_w - 3 * margin
    return pygame.Rect(margin, status_bottom + m.px(10), width, m.height - status_bottom - 24)


def marked_board(size: tuple[int, int], layout: str, players: int, seed: int) -> TsunoBoard:
    """A board at the viewer's (seat 0's) decision right after teammates moved, so their last
    move is marked, with the team AI's hint shown."""
    b = board_of(["You"] + [f"Easy AI {n}" for n in range(2, players + 1)], layout, 0.0)
    b.layout(board_rect(size))
    rng = random.Random(seed)
    state = GAME.new_state(players, layout=layout)
    b.show(state.observation(0), 0, [], animate=False)
    last_mover = 0
    while not (state.current_player() == 0 and last_mover and len(state.legal_actions()) > 2):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            last_mover = state.current_player()
            state.apply_action(greedy_action(state))
        legal = state.legal_actions() if state.current_player() == 0 else []
        b.show(state.observation(0), 0, legal, animate=True)
    hint = greedy_action(state)
    b.ctx.chance_after = partial(chance_after, "tsuno", state)  # as the match scene lends it
    b.show_hint([hint], [state.action_to_string(hint)])
    return b


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
@pytest.mark.parametrize("layout", ["ring", "grid"])
def test_last_move_tag_and_hint_caption_stay_off_the_areas(size, layout) -> None:
    for players, seed in ((3, 1), (3, 2), (6, 4), (2, 5)):
        b = marked_board(size, layout, players, seed)
        b.draw(pygame.Surface(size))
        boxes = [g.box for g in b.geo.areas.values()]
        assert b.marked and b.mark_tag_box is not None and b.hint_box is not None
        for label in (b.mark_tag_box, b.hint_box):
            assert label.collidelist(boxes) == -1, (players, seed, label)
            assert b.rect.contains(label)


def played_frames(size: tuple[int, int], layout: str, players: int, seed: int, decisions: int):
    """The board of seat 0 through the first ``decisions`` decisions of a game played by the
    policy, with animations on at speed 1, the teammates' turns recapped as the match scene
    does, and the frame drawn 0.6 s after each decision (the forced-Defence banner is in
    then): yields the board."""
    b = board_of(["You"] + [f"Hard AI {n}" for n in range(2, players + 1)], layout)
    b.layout(board_rect(size))
    rng = random.Random(seed)
    game = Played(players, layout=layout)
    state = game.state
    b.show(state.observation(0), 0, [], animate=False)
    surface = pygame.Surface(size)
    while decisions > 0 and not state.is_terminal():
        decided = not state.is_chance_node()
        if decided:
            game.apply(greedy_action(state))
            decisions -= 1
        else:
            game.apply(state.sample_chance(rng))
        legal = state.legal_actions() if state.current_player() == 0 else []
        b.show(state.observation(0), 0, legal, animate=True)
        b.recap(game.since())
        if state.current_player() == 0 and len(legal) > 1:
            b.show_hint([greedy_action(state)], ["the hint"])
        b.update(T_SHOWN if decided else T_TUMBLE + 0.05)
        if decided:
            b.draw(surface)
            yield b
        b.tweens.finish_all()


T_SHOWN = 0.6  # seconds after a decision at which its note and banner are checked


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
@pytest.mark.parametrize("layout", ["ring", "grid"])
def test_notes_and_banners_leave_the_areas_and_the_castle_in_sight(size, layout) -> None:
    """Issue 10: a teammate's words drawn over the castle's caption, the forced-Defence banner
    over areas 6 and 3. Every label the board draws stays inside it and off every area, every
    part of the castle (its caption included), the date, the dice tray and the action panel's
    title and buttons."""
    seen = {"note": 0, "banner": 0, "tag": 0, "hint": 0}
    for players, seed in ((3, 1), (6, 4), (1, 2)):
        for b in played_frames(size, layout, players, seed, 25):
            readable = b.readable()
            assert [g.box for g in b.geo.areas.values()] == readable[:6]
            assert b.geo.castle.contains(readable[6])  # the caption is the castle's
            labels = {"banner": b.banner_box, "tag": b.mark_tag_box, "hint": b.hint_box}
            labels |= {f"note {k}": box for k, box in enumerate(b.note_boxes)}
            panel = [b.geo.date, b.geo.tray, *b.bar.readable()]
            for name, box in labels.items():
                if box is None:
                    continue
                seen[name.split()[0]] += 1
                assert box.collidelist(readable + panel) == -1, (name, players, seed, box)
                assert b.rect.contains(box), (name, box)
            for k, note in enumerate(b.note_boxes):
                others = [b.banner_box, b.mark_tag_box, b.hint_box, *b.note_boxes[k + 1 :]]
                assert all(other is None or not other.colliderect(note) for other in others)
    assert min(seen.values()) >= 1 and seen["note"] >= 5 and seen["tag"] >= 5, seen


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_hint_ring_lies_on_its_button(size) -> None:
    """The ring round the hinted action covered the panel's title (over the first button) and
    the neighbouring buttons' words: besides its caption, the hint changes no pixel outside the
    hinted button."""
    for players, seed, layout in ((3, 1, "ring"), (6, 4, "grid"), (2, 5, "ring")):
        b = marked_board(size, layout, players, seed)
        # One part, or a whole move whose second part is the next area's decision (an Attack
        # of area 2 rang area 1's Attack button, numbered, over the title).
        for action, line in ((b.legal[0], [b.legal[0]]), (b.legal[-1], [b.legal[-1], act.ATTACK])):
            b.show_hint(line, ["the hint"] * len(line))
            hinted, plain = pygame.Surface(size), pygame.Surface(size)
            b.draw(hinted)
            caption = b.hint_box
            assert caption is not None
            b.show_hint([])
            b.draw(plain)
            changed = pygame.surfarray.array3d(hinted) != pygame.surfarray.array3d(plain)
            button = b.bar.choice_rect(action)
            assert button is not None
            for x, y in zip(*changed.any(axis=2).nonzero(), strict=True):
                assert button.collidepoint(x, y) or caption.collidepoint(x, y), (x, y, button)


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
@pytest.mark.parametrize("layout", ["ring", "grid"])
def test_the_castle_counts_sit_by_their_labels_at_full_size(size, layout) -> None:
    """The soldiers, wounded and supply counts stood a third of the castle below their labels,
    and the labels shrank to a third of the narrow ring's castle (about 7 px at 800x540)."""
    b = marked_board(size, layout, 3, 1)
    full = b.castle.px(1.2)
    ring = b.ring_unit()  # the last-move ring round a count (Board.draw_marks)
    for (words, at, spot, _), (box, _) in zip(
        b.castle.count_places(b.obs), b.castle.counts(), strict=True
    ):
        assert words.get_height() >= render("Wg", full, (0, 0, 0)).get_height()
        assert box.contains(at) and box.contains(spot)
        assert not at.colliderect(spot.inflate(ring, ring).inflate(2, 2))
        assert overlays.gap_between(at, spot) <= b.geo.unit
    places = [at.union(spot) for _, at, spot, _ in b.castle.count_places(b.obs)]
    assert all(a.collidelist(places[n + 1 :]) == -1 for n, a in enumerate(places))


def most_buttons(players: int, seed: int) -> TsunoState:
    """Seat 0's decision with the most actions in a game played by the policy."""
    rng = random.Random(seed)
    state = GAME.new_state(players)
    best: TsunoState | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.current_player() == 0 and (
            best is None or len(state.legal_actions()) > len(best.legal_actions())
        ):
            best = state.clone()
        state.apply_action(greedy_action(state))
    assert best is not None
    return best


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_hint_caption_covers_no_button_even_when_the_field_is_full(size) -> None:
    """Six areas' actions at 800x540 leave no clear place by the buttons: the caption was put
    under the hinted button, over the next ones; now it may cover the date or the tray only."""
    state = most_buttons(6, 3)
    b = board_of(["You"] + [f"AI {n}" for n in range(2, 7)], "ring", 0.0)
    b.layout(board_rect(size))
    b.show(state.observation(0), 0, state.legal_actions(), animate=False)
    assert len(b.legal) >= 8
    b.ctx.chance_after = partial(chance_after, "tsuno", state)
    for action in b.legal:
        b.show_hint([action], [b.action_words(state, action)])
        b.draw(pygame.Surface(size))
        caption = b.hint_box
        assert caption is not None and b.rect.contains(caption)
        kept = [*b.readable(), *b.bar.readable()]
        assert caption.collidelist(kept) == -1, (action, caption)


def button_words(b: TsunoBoard, action: int) -> tuple[str, str]:
    """The words on ``action``'s button: its label and its second line."""
    return next((c.label, c.detail) for c in b.decision()[1] if c.action == action)


def test_the_words_say_no_filler_and_a_single_chip_is_singular() -> None:
    """ "absorbs with 0 soldiers and 0 reinforcements", "sends a soldier to area 4" from area
    4 and "−1 chips" said nothing or said it wrong."""
    b = board_of(["You"], speed=0.0)

    def said(key: str, **args: int) -> str:
        return b.turn_words([Step(0, 0, (key, {"seat": 0, **args}), "")])[0]

    assert said("absorb", area=3, soldiers=0, reinforcements=0) == (
        "Area 3 takes every hit on its morale"
    )
    assert said("absorb", area=3, soldiers=1, reinforcements=0) == "Area 3 absorbs with 1 soldier"
    assert said("absorb", area=3, soldiers=0, reinforcements=2) == (
        "Area 3 absorbs with 2 reinforcements"
    )
    assert said("replenish", area=4, target=4) == "Area 4 takes a soldier from the castle"
    assert said("replenish", area=4, target=5) == "Area 4 sends a soldier to area 5"
    state = acting(4)
    state.chips[3] = 1
    b.show(state.observation(0), 0, state.legal_actions(), animate=False)
    assert " · −1 chip · " in button_words(b, act.ATTACK)[1]
    own = act.REPLENISH_BASE + 4 - 1
    if own in state.legal_actions():
        assert button_words(b, own)[0] == "Soldier from the castle"
    state.chips[3] = 0
    b.show(state.observation(0), 0, state.legal_actions(), animate=False)
    assert " · nothing here to remove · " in button_words(b, act.ATTACK)[1]


def test_the_banners_say_a_forced_defence_and_the_outcome() -> None:
    """The banners are worded beside the engine: a forced Defence names its area and the morale
    its chips cost, the end of the game its outcome; a quiet position has none. The board shows
    the end at once, but no Defence over a position reached without animation."""
    words = TsunoWords()
    state = acting(2)
    state.chips[1] = 3
    obs = state.observation(0)
    assert words.banner(obs) == ("Area 2 must defend", "3 Ichijo chips: it loses 2 morale")
    over = {**obs, "phase": "over", "result": "victory"}
    assert words.banner(over) == ("Ei-ei-oh!", "Hanyama Castle held for six days")
    assert words.banner({**over, "result": "defeat"})[0] == "The castle has fallen"
    state.chips[1] = 1
    assert words.banner(state.observation(0)) is None
    b = board_of(["You"])
    b.show(obs, 0, [], animate=False)
    assert b.banner is None  # a Defence reached without animation is not announced again
    b.show(over, 0, [], animate=False)
    b.tweens.update(0.0)
    assert b.banner is not None and b.banner.title == "Ei-ei-oh!"


def test_an_area_card_is_a_picture_of_its_values() -> None:
    """The area card is art: the same values give the same (cached) picture, as big as the
    area's box; two chips tint its paper, an area not in use is veiled."""
    b = board_of(["You", "Hard AI"])
    geo, unit = b.geo.areas[3], b.geo.unit
    face = AreaFace(3, "skilled", 1, "Hard AI", False, 0)
    card = b.art.area_card(geo, unit, face)
    assert card.get_size() == geo.box.size
    assert b.art.area_card(geo, unit, face) is card
    paper = (geo.box.w // 2, geo.box.h - geo.box.h // 12)  # the card's paper, under its unit
    assert card.get_at(paper) != b.art.area_card(geo, unit, replace(face, chips=2)).get_at(paper)
    veiled = b.art.area_card(geo, unit, replace(face, name="", note="not in use", veiled=True))
    assert sum(veiled.get_at(paper)[:3]) < sum(card.get_at(paper)[:3])


def test_the_viewer_is_said_as_you_and_a_past_position_shows_no_live_marker() -> None:
    b = board_of(["You", "Hard AI"], speed=0.0)
    state = acting(1, num_players=2)
    obs = state.observation(0)
    b.show(obs, 0, [], animate=False)  # the viewer's area, the decision not yet open
    assert b.decision()[0] == "Area 1: your decision…"
    other = next(e["area"] for e in obs["areas"] if e["seat"] == 1)
    b.show(acting(other, num_players=2).observation(0), 0, [], animate=False)
    assert b.decision()[0] == f"Area {other}: Hard AI decides…"
    b.show(obs, 0, [], animate=False)
    mine = next(e for e in obs["areas"] if e["seat"] == 0)
    assert b.area_name(mine).startswith("▶ ")
    b.reviewing = True
    assert b.area_name(mine) == "You"
    assert b.decision()[0] == "Area 1 acts (You)"
    i18n.set_language("ja")
    try:
        ja = board_of(["あなた", "Hard AI"], speed=0.0)
        ja.show(obs, 0, [], animate=False)
        assert ja.decision()[0] == "エリア1：あなたの番です…"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("players", [1, 3])
def test_the_game_over_card_says_the_days_held_or_the_day_the_castle_fell(players: int) -> None:
    rng = random.Random(players)
    outcomes = {}
    for _ in range(40):
        state = GAME.new_state(players)
        while not state.is_terminal():
            state.apply_action(
                state.sample_chance(rng)
                if state.is_chance_node()
                else greedy_action(state)
                if rng.random() < 0.8
                else rng.choice(state.legal_actions())
            )
        obs = state.observation(0)
        names = ["You", "Hard AI 2", "Hard AI 3"][:players]
        summary = TsunoBoard.summary(obs, names)
        assert summary is not None
        active = [e for e in obs["areas"] if e.get("active", True)]
        assert len(summary.rows) == len(active)
        assert summary.rows[0][0] == ("Area 1" if players == 1 else "Area 1 · You")
        outcomes[obs["result"]] = (summary.subtitle, obs["day"])
        if len(outcomes) == 2:
            break
    for result, (subtitle, day) in outcomes.items():
        if result == "victory":
            assert subtitle == "The castle held for 6 days"
        else:
            assert subtitle == f"The castle fell on day {day}"
    assert i18n.t("tsuno.summary.held", n=1) == "The castle held for 1 day"
    assert i18n.t("gameover.after_turns", n=1) == "after 1 turn"


def test_no_teammate_note_is_set_in_a_narrow_column_at_the_smallest_size() -> None:
    """One AI caption stood in a 90 px column at 800x540."""
    b = board_of(["You", "Hard AI 2", "Hard AI 3"], speed=0.0)
    widths: list[int] = []
    for _ in teammates_played(b, (800, 540), animate=False):
        widths += [box.w for box in b.note_boxes]
        if len(widths) >= 12:
            break
    assert widths and min(widths) >= 14 * 9
