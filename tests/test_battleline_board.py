"""The Battle Line board, driven headless by a real BattleLineState (no match scene needed).

A small harness plays seeded games (tactics on; a mix of heuristic and random moves), hands every
observation to the board the way the match scene does (``legal`` only on the viewer's decisions,
a click's several actions applied in order, ``auto_action`` polled when nothing animates), clicks
where the board draws things, and saves screenshots to tests/artifacts/battleline_*.png.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from ai.heuristics.battleline import BattleLineHeuristic
from game import i18n
from game.boards.base import BoardContext, Decision
from game.boards.battleline.art import TACTIC_EMBLEMS
from game.boards.battleline.board import BattleLineBoard
from game.boards.battleline.layout import shows
from game.boards.battleline.palette import PALETTES
from game.boards.palette import palette_of
from game.engines.battleline import BattleLineGame
from game.engines.battleline.actions import (
    CLAIM_BASE,
    DISCARD,
    DONE,
    DRAW_TACTICS,
    DRAW_TROOP,
    FLAG_BASE,
    PASS,
    claim_action,
    flag_action,
    is_claim,
    is_flag,
)
from game.engines.battleline.cards import (
    ALEXANDER,
    DESERTER,
    FOG,
    MUD,
    NUM_TROOPS,
    REDEPLOY,
    SCOUT,
    TRAITOR,
    parse_card,
)
from game.engines.battleline.placing import free_flags, side_of, targets
from game.engines.battleline.state import winning_flags
from game.engines.battleline.words import SUIT_SYMBOLS, claim_words
from game.i18n import t as tr
from game.i18n import table
from game.ui.fonts import get_symbol_font
from tests.frame_probe import costly_work

ARTIFACTS = Path(__file__).parent / "artifacts"
SIZE = (1280, 800)
FRAME = 1 / 60
HEURISTIC = BattleLineHeuristic()


class Harness:
    """A real game plus the board, wired like the match scene wires them; seat 0 is the viewer."""

    def __init__(
        self,
        seed: int = 1,
        palette: str = "normal",
        size: tuple[int, int] = SIZE,
        speed: float = 1.0,
        viewer: int = 0,
        **options: object,
    ) -> None:
        pygame.font.init()
        self.sounds: list[str] = []
        self.feedback: list[str] = []
        self.speed = speed
        self.viewer = viewer
        self.game = BattleLineGame()
        ctx = BoardContext(
            game=self.game,
            options=dict(options),
            num_players=2,
            seat_names=["You", "Hard AI"] if viewer == 0 else ["Hard AI", "You"],
            palette=palette_of(BattleLineBoard, palette == "colorblind"),
            lang="en",
            feedback=self.feedback.append,
            play_sound=self.sounds.append,
            anim_speed=lambda: self.speed,
        )
        self.board = BattleLineBoard(ctx)
        self.surface = pygame.Surface(size)
        self.board.layout(self.surface.get_rect())
        self.state = self.game.new_state(**options)
        self.rng = random.Random(seed)
        self.show(animate=False)

    @property
    def obs(self) -> dict:
        return self.board.obs

    @property
    def legal(self) -> list[int]:
        return self.state.legal_actions() if self.state.current_player() == self.viewer else []

    def show(self, animate: bool = True) -> None:
        self.board.show(self.state.observation(self.viewer), self.viewer, self.legal, animate)

    def apply(self, decision: int | list[int]) -> None:
        """Apply a decision as the match scene does: its actions in order, then one show."""
        for action in [decision] if isinstance(decision, int) else decision:
            self.state.apply_action(action)
        self.show()

    def settle(self, limit: float = 15.0) -> float:
        """Run frames until the board stops animating; returns the animation time."""
        elapsed = 0.0
        while self.board.is_animating() and elapsed < limit:
            self.board.update(FRAME)
            elapsed += FRAME
        self.board.update(FRAME)
        return elapsed

    def step(self, randomness: float = 0.3) -> None:
        """One action: a chance event, or a heuristic move (sometimes a random legal one)."""
        if self.state.current_player() < 0:
            action = self.state.sample_chance(self.rng)
        elif self.rng.random() < randomness:
            action = self.rng.choice(self.state.legal_actions())
        else:
            action = HEURISTIC.policy(self.state, self.rng)
        self.apply(action)
        self.settle()

    def play_until(self, wanted: Callable[[dict], bool], randomness: float = 0.3) -> dict:
        """Play until the viewer decides in a position whose observation satisfies ``wanted``."""
        while not self.state.is_terminal():
            if self.state.current_player() == self.viewer and wanted(self.obs):
                return self.obs
            self.step(randomness)
        raise AssertionError("the game ended before the wanted position")

    def run_auto(self) -> list[int]:
        """What the match scene does while nothing animates: apply the board's auto actions."""
        done = []
        while (action := self.board.auto_action()) is not None:
            self.apply(action)
            self.settle()
            done.append(action)
        return done

    def draw(self) -> pygame.Surface:
        self.board.draw(self.surface)
        return self.surface

    def event(self, kind: int, **fields: object) -> Decision:
        return self.board.handle_event(pygame.event.Event(kind, **fields))

    def hover(self, pos: tuple[float, float]) -> None:
        self.event(pygame.MOUSEMOTION, pos=_px(pos), rel=(0, 0), buttons=(0, 0, 0))
        self.board.update(0.5)

    def click(self, pos: tuple[float, float]) -> Decision:
        self.hover(pos)
        action = self.event(pygame.MOUSEBUTTONDOWN, pos=_px(pos), button=1)
        up = self.event(pygame.MOUSEBUTTONUP, pos=_px(pos), button=1)
        return action if action is not None else up

    def card_center(self, card: int) -> tuple[int, int]:
        """Where to click a card: a hand card's upper part, or the visible part at a flag."""
        rect = self.board.rect_of(card)
        assert rect is not None
        if side_of(self.obs, card) is not None:
            return rect.center
        return rect.centerx, rect.top + rect.h // 5

    def save(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"battleline_{name}.png"
        pygame.image.save(self.draw(), str(path))
        return path


def _px(pos: tuple[float, float]) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def _differs(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    rect = rect.clip(a.get_rect())
    return any(
        a.get_at((x, y)) != b.get_at((x, y))
        for x in range(rect.left, rect.right, 3)
        for y in range(rect.top, rect.bottom, 3)
    )


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# --- static checks ------------------------------------------------------------------------------
def test_palettes_and_strings_are_complete():
    assert set(PALETTES["normal"]) == set(PALETTES["colorblind"])
    # the six troop colours differ in the colour-blind palette too
    assert len({PALETTES["colorblind"][f"suit{c}"] for c in range(6)}) == 6


def test_every_symbol_is_in_the_symbol_font():
    """Suit symbols and emblems must be real DejaVu Sans glyphs, not the missing-glyph box."""
    pygame.font.init()
    font = get_symbol_font(40)
    missing = pygame.image.tobytes(font.render("\ue000", True, (255, 255, 255)), "RGBA")
    symbols = [*SUIT_SYMBOLS, *TACTIC_EMBLEMS.values()]
    assert len(set(SUIT_SYMBOLS)) == 6
    for symbol in symbols:
        drawn = pygame.image.tobytes(font.render(symbol, True, (255, 255, 255)), "RGBA")
        assert drawn != missing, symbol


# --- whole games --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seed", "palette", "size", "randomness"),
    [
        (1, "normal", SIZE, 0.2),
        (2, "colorblind", (1024, 640), 0.5),
        (3, "normal", (800, 500), 0.35),
    ],
)
def test_renders_every_phase_of_a_real_game(seed, palette, size, randomness):
    h = Harness(seed, palette, size)
    phases = set()
    while not h.state.is_terminal():
        if h.state.current_player() == h.viewer:
            phases.add(h.obs["phase"])
            assert h.board.status_text()
            h.draw()
        h.step(randomness)
    h.draw()
    assert {"play", "flag", "draw"} <= phases
    assert h.obs["phase"] == "over"
    assert h.board.banner is not None and h.board.status_text().endswith(h.board.banner.title)
    # the layout keeps every part inside the board and apart from each other
    g = h.board.geo
    parts = [g.opp_plate, g.opp_discard, *g.decks, g.action, g.toggle, g.my_discard, g.my_plate]
    assert all(h.surface.get_rect().contains(r) for r in [g.felt, g.column, *parts])
    assert not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1 :])
    assert g.hand_top + g.hand_h <= g.felt.bottom
    if size != SIZE:
        h.save(f"{palette}_{size[0]}x{size[1]}")


# --- helpers for set positions ------------------------------------------------------------------
def give(h: Harness, card: int) -> None:
    """Put ``card`` into the viewer's hand in place of a troop card (test set-up only): it comes
    from its deck (the troop card goes back into the troop deck) or from the opponent's hand
    (swapped)."""
    state = h.state
    hand = state.hands[h.viewer]
    if card in hand:
        return
    out = next(c for c in hand if c < NUM_TROOPS)
    other = state.hands[1 - h.viewer]
    deck = state.decks[0 if card < NUM_TROOPS else 1]
    if card in other:
        other[other.index(card)] = out
    elif card in deck:
        deck.remove(card)
        state.decks[0].append(out)
    else:
        pytest.skip(f"card {card} is out of reach in this game")
    hand[hand.index(out)] = card
    h.show(animate=False)


def my_turn_to_play(h: Harness, wanted: Callable[[dict], bool] = lambda o: True) -> dict:
    return h.play_until(lambda o: o["phase"] == "play" and wanted(o))


def my_cards_at_open_flags(obs: dict) -> list[int]:
    return [c for f in obs["flags"] if f["claimed_by"] < 0 for c in f["cards"][0]]


def their_troops_at_open_flags(obs: dict) -> list[int]:
    return [c for f in obs["flags"] if f["claimed_by"] < 0 for c in f["cards"][1] if c < 60]


def choose_then(h: Harness, card: int, target: tuple[int, int]) -> list[int]:
    """Select ``card`` in the hand, click ``target``: the board returns the card and its target
    as one decision (no second round trip through ``auto_action``)."""
    assert h.click(h.card_center(card)) is None
    assert h.board.selected == card
    decision = h.click(target)
    assert isinstance(decision, list) and len(decision) == 2 and decision[0] == card, h.feedback
    assert h.board.selected is None and h.board.auto_action() is None
    return decision


# --- playing cards ------------------------------------------------------------------------------
def test_click_a_card_then_a_flag_plays_it_there():
    h = Harness(4)
    obs = my_turn_to_play(h, lambda o: sum(len(f["cards"][0]) for f in o["flags"]) >= 2)
    card = next(c for c in h.legal if c < NUM_TROOPS)
    free = free_flags(h.obs, 0)
    assert free == [f for f in range(9) if len(obs["flags"][f]["cards"][0]) < 3]
    flag = free[-1]
    slot = h.board.table.slot_rect(flag, 0, len(obs["flags"][flag]["cards"][0]))
    decision = choose_then(h, card, slot.center)
    assert decision == [card, flag_action(flag)]
    h.apply(decision)
    h.settle()
    assert card in h.obs["flags"][flag]["cards"][0]
    rect = h.board.table.slot_rect(flag, 0, h.obs["flags"][flag]["cards"][0].index(card))
    sprite = h.board.sprites[card]
    assert (sprite.x, sprite.y) == rect.center and not sprite.moving
    assert "place" in h.sounds


def test_dragging_a_card_onto_a_flag_plays_it():
    h = Harness(5)
    my_turn_to_play(h)
    card = next(c for c in h.legal if c < NUM_TROOPS)
    flag = free_flags(h.obs, 0)[0]
    start = h.card_center(card)
    assert h.event(pygame.MOUSEBUTTONDOWN, pos=start, button=1) is None
    target = h.board.table.column_rect(flag).center
    h.event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
    assert h.board.hand.drag.active
    h.draw()
    assert h.event(pygame.MOUSEBUTTONUP, pos=target, button=1) == [card, flag_action(flag)]
    h.apply([card, flag_action(flag)])
    assert h.run_auto() == []
    assert card in h.obs["flags"][flag]["cards"][0]


def test_clicks_that_cannot_be_played_are_explained():
    h = Harness(6)
    obs = my_turn_to_play(h, lambda o: any(len(f["cards"][0]) == f["slots"] for f in o["flags"]))
    full = next(f for f in range(9) if len(obs["flags"][f]["cards"][0]) == obs["flags"][f]["slots"])
    card = next(c for c in h.legal if c < NUM_TROOPS)
    h.click(h.card_center(card))
    assert h.click(h.board.table.column_rect(full).center) is None
    assert h.feedback[-1] in (
        tr("battleline.feedback.full", n=full + 1),
        tr("battleline.feedback.claimed", n=full + 1),
    )
    # right-click cancels the choice; a click on a flag without a card asks for one
    h.event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)
    assert h.board.selected is None
    assert h.click(h.board.table.column_rect(full).midtop) is None
    assert h.feedback[-1] == tr("battleline.feedback.pick_card")
    # a card that may not be played is returned: the engine explains
    give(h, parse_card("Alexander"))
    h.state.leader_played[0] = True
    h.show(animate=False)
    action = h.click(h.card_center(parse_card("Alexander")))
    assert action == parse_card("Alexander") and h.state.illegal_reason(action)


@pytest.mark.parametrize("tactic", ["Alexander", "Companion Cavalry", "Shield Bearers"])
def test_morale_cards_go_to_a_free_slot(tactic):
    h = Harness(7)
    my_turn_to_play(h, lambda o: o["tactics_played"][0] <= o["tactics_played"][1])
    card = parse_card(tactic)
    give(h, card)
    flag = free_flags(h.obs, 0)[1]
    h.apply(choose_then(h, card, h.board.table.column_rect(flag).center))
    assert card in h.obs["flags"][flag]["cards"][0]


@pytest.mark.parametrize("tactic", [FOG, MUD])
def test_fog_and_mud_are_laid_at_a_flag_and_marked(tactic):
    h = Harness(8)
    my_turn_to_play(h, lambda o: o["tactics_played"][0] <= o["tactics_played"][1])
    give(h, tactic)
    flag = 4
    assert flag in targets(h.obs, 0, tactic)
    before = h.draw().copy()
    h.apply(choose_then(h, tactic, h.board.flags.pennant_rect(flag).center))
    h.settle()
    key = "fog" if tactic == FOG else "mud"
    assert h.obs["flags"][flag][key] == 0
    lying = h.board.table.env_rect(flag, tactic)  # the card lies across its flag, wider than tall
    sprite = h.board.sprites[tactic]  # it became the marker at the flag
    assert (sprite.x, sprite.y) == lying.center and abs(sprite.angle) == 90
    assert lying.w > lying.h and h.board.table.column_rect(flag).contains(lying)
    marker = pygame.Rect(0, 0, 8, 8)
    marker.center = (lying.left + lying.w // 8, lying.centery)  # its end, beside the pole
    assert _differs(before, h.draw(), marker)
    if tactic == MUD:
        assert h.obs["flags"][flag]["slots"] == 4


def test_scout_draws_three_then_puts_two_back():
    h = Harness(9)
    my_turn_to_play(h, lambda o: o["tactics_played"][0] <= o["tactics_played"][1])
    give(h, SCOUT)
    decision = choose_then(h, SCOUT, h.board.geo.decks[1].center)
    assert decision == [SCOUT, DRAW_TACTICS]
    h.apply(decision)
    drawn = 1
    while h.obs["phase"] != "scout_return":
        if h.state.current_player() < 0:
            h.step()
            continue
        assert h.obs["phase"] == "scout_draw"
        assert h.board.status_text() == tr("battleline.status.scout_draw", n=drawn + 1)
        action = h.click(h.board.geo.decks[0].center)
        assert action == DRAW_TROOP
        h.apply(action)
        h.settle()
        drawn += 1
    assert drawn == 3 and h.obs["hands"][0]["count"] == 9
    h.save("scout")
    returned = []
    while h.obs["phase"] == "scout_return":
        hand = h.obs["hands"][0]["cards"]
        card = hand[0] if hand[0] not in returned else hand[1]
        action = h.click(h.card_center(card))
        assert action == card and action in h.legal
        h.apply(action)
        sprite = h.board.sprites[card]
        assert sprite.moving  # on its way back to the deck, turning face down
        h.settle()
        assert card not in h.board.sprites
        returned.append(card)
    assert len(returned) == 2 and h.obs["hands"][0]["count"] == 7
    top = h.obs["deck_tops"]["troop"][0] if returned[-1] < 60 else h.obs["deck_tops"]["tactics"][0]
    assert top == returned[-1]  # the viewer sees what they put back


def test_redeploy_moves_own_card_to_another_flag_or_the_discard():
    h = Harness(10)
    my_turn_to_play(
        h,
        lambda o: (
            len(my_cards_at_open_flags(o)) >= 2 and o["tactics_played"][0] <= o["tactics_played"][1]
        ),
    )
    give(h, REDEPLOY)
    card = my_cards_at_open_flags(h.obs)[0]
    decision = choose_then(h, REDEPLOY, h.card_center(card))
    assert decision == [REDEPLOY, card]
    h.apply(decision)
    assert h.obs["phase"] == "redeploy_to"
    assert h.board.status_text().startswith("Redeploy")
    g = h.board.geo
    assert h.click(g.action.center) == DISCARD  # the button, or the discard pile itself
    assert h.click(g.my_discard.center) == DISCARD
    target = next(a for a in h.legal if is_flag(a))
    assert h.click(h.board.table.column_rect(target - FLAG_BASE).center) == target
    h.apply(DISCARD)
    h.settle()
    assert card in h.obs["discards"][0]
    assert h.board.sprites[card].w == g.mini_w


def test_deserter_discards_an_opposing_card():
    h = Harness(11)
    my_turn_to_play(
        h,
        lambda o: (
            their_troops_at_open_flags(o) and o["tactics_played"][0] <= o["tactics_played"][1]
        ),
    )
    give(h, DESERTER)
    card = their_troops_at_open_flags(h.obs)[-1]
    mine = my_cards_at_open_flags(h.obs)
    if mine:  # one's own card is not a Deserter target
        assert h.click(h.card_center(DESERTER)) is None
        assert h.click(h.card_center(mine[0])) is None
        assert h.feedback[-1] == tr("battleline.feedback.opposing_card")
        h.board.reset_input()
    decision = choose_then(h, DESERTER, h.card_center(card))
    assert decision == [DESERTER, card]
    h.sounds.clear()
    h.apply(decision)
    assert h.board.sprites[card].moving
    h.settle()
    assert "attack" in h.sounds
    assert card in h.obs["discards"][0]


def test_traitor_takes_an_opposing_troop_to_the_viewers_side():
    h = Harness(12)
    my_turn_to_play(
        h,
        lambda o: (
            their_troops_at_open_flags(o) and o["tactics_played"][0] <= o["tactics_played"][1]
        ),
    )
    give(h, TRAITOR)
    card = their_troops_at_open_flags(h.obs)[0]
    decision = choose_then(h, TRAITOR, h.card_center(card))
    assert decision == [TRAITOR, card]
    h.apply(decision)
    assert h.obs["phase"] == "traitor_to"
    assert set(h.board.flags.target_flags()) == {a - FLAG_BASE for a in h.legal}
    flag = h.board.flags.target_flags()[0]
    h.hover(h.board.table.column_rect(flag).center)
    h.save("traitor")
    action = h.click(h.board.table.column_rect(flag).center)
    assert action == flag_action(flag)
    h.apply(action)
    h.settle()
    assert card in h.obs["flags"][flag]["cards"][0]


def test_pass_button_when_no_troop_can_be_played():
    h = Harness(13)
    my_turn_to_play(h)
    state = h.state
    for card in list(state.hands[0]):  # a hand of tactics cards the limit blocks
        if card < NUM_TROOPS:
            state.hands[0].remove(card)
            state.decks[0].append(card)
    state.hands[0].append(state.decks[1].pop())
    state.tactics_played[0] = state.tactics_played[1] + 1
    h.show(animate=False)
    assert h.legal == [PASS]
    assert h.board.status_text() == tr("battleline.status.play_or_pass")
    assert h.click(h.board.geo.action.center) == PASS


def test_deck_choice_for_the_draw():
    h = Harness(14)
    h.play_until(lambda o: o["phase"] == "draw")
    assert h.click(h.board.geo.decks[0].center) == DRAW_TROOP
    assert h.click(h.board.geo.decks[1].center) == DRAW_TACTICS
    h.apply(DRAW_TACTICS)
    h.step()  # the card drawn: it flies in and turns face up
    h.settle()
    assert all(s.face == 1.0 for c, s in h.board.sprites.items() if c in h.obs["hands"][0]["cards"])


# --- claims -------------------------------------------------------------------------------------
def test_claim_buttons_and_done():
    h = Harness(15)
    h.play_until(lambda o: o["phase"] == "claim")
    claims = [a for a in h.legal if is_claim(a)]
    for action in claims:
        rect = h.board.flags.button_rect(action - CLAIM_BASE)
        assert h.click(rect.center) == action
    assert h.click(h.board.geo.action.center) == DONE
    h.hover(h.board.flags.button_rect(claims[0] - CLAIM_BASE).center)
    h.save("claim")
    flag = claims[0] - CLAIM_BASE
    h.sounds.clear()
    h.apply(claims[0])
    h.board.update(0.2)
    assert 0 < h.board.flags.pennants[flag].offset < 1.2
    h.settle()
    assert h.board.flags.pennants[flag].offset == 1.0 and "knock" in h.sounds


def test_auto_claim_claims_for_the_viewer():
    h = Harness(15)
    h.play_until(lambda o: o["phase"] == "claim")
    assert h.board.auto_action() is None  # off by default: the viewer clicks
    assert h.click(h.board.geo.toggle.center) is None
    assert h.board.auto_claim and h.board.ctx.extra["auto_claim"]
    claimable = list(h.obs["pending"]["claimable"])
    done = h.run_auto()
    assert done[: len(claimable)] == [claim_action(f) for f in claimable] or h.state.is_terminal()
    assert h.obs["phase"] != "claim"
    assert all(h.obs["flags"][f]["claimed_by"] == 0 for f in claimable)


def _refused(o: dict) -> bool:
    return any(
        f["claim"] is not None and not f["claim"]["provable"] and f["claim"]["beaten_by"]
        for f in o["flags"]
    )


def test_refused_claim_shows_the_completion_that_beats_the_viewer():
    for seed in range(20, 40):
        h = Harness(seed)
        try:
            obs = h.play_until(_refused, randomness=0.1)
            break
        except AssertionError:
            continue
    flag = next(f for f, fl in enumerate(obs["flags"]) if _refused({"flags": [fl]}))
    info = obs["flags"][flag]
    beaten = info["claim"]["beaten_by"]
    h.hover((5, 5))
    before = h.draw().copy()
    h.hover(h.board.table.column_rect(flag).center)
    assert h.board.flags.hovered_claim() == flag
    text = claim_words(h.obs["flags"][flag], flag, 0, "Hard AI", claiming=False)
    assert tr(f"battleline.formation.{beaten['rank']}") in text and str(beaten["total"]) in text
    ghost = h.board.table.slot_rect(flag, 1, len(info["cards"][1]))
    assert _differs(before, h.draw(), ghost)
    h.save("refused_claim")
    # clicking the flag token asks the engine, which explains the refusal
    action = h.click(h.board.flags.token_rect(flag).center)
    if action is not None:
        assert action == claim_action(flag) and h.state.illegal_reason(action)


# --- what the board may show --------------------------------------------------------------------
def test_the_opponents_hand_never_shows_faces():
    h = Harness(16)
    for _ in range(140):
        if h.state.is_terminal():
            break
        h.step()
        obs = h.obs
        assert obs["hands"][1]["cards"] is None
        visible = set(obs["hands"][0]["cards"]) | set(obs["hands"][1]["known"])
        visible |= {c for f in obs["flags"] for side in f["cards"] for c in side}
        visible |= set(obs["discards"][0]) | set(obs["discards"][1])
        if obs["pending"]["card"] is not None:
            visible.add(obs["pending"]["card"])
        shown = {shows(k)[0] for k in h.board.sprites} - {None}
        assert shown <= visible
        assert all(shows(k)[0] is None for k, s in h.board.sprites.items() if s.face == 0.0)


def test_opponents_play_flips_face_up_as_it_lands():
    h = Harness(17)
    h.play_until(lambda o: o["phase"] == "play")
    h.step(randomness=0)  # finish the viewer's turn heuristically
    while h.state.current_player() != 1 or h.state.observation(1)["phase"] != "play":
        h.step(randomness=0)
    card = HEURISTIC.policy(h.state, h.rng)
    h.apply(card)
    sprite = h.board.sprites[card]
    assert sprite.face == 0.0 and sprite.moving
    h.board.update(0.2)
    assert 0.0 < sprite.face < 1.0
    h.settle()
    assert sprite.face == 1.0 and not sprite.moving


def test_an_opponents_play_flies_only_the_card_played():
    """The card leaves from the last back of its deck; no other back flies to the deck (one did
    on every play before the flights moved onto the kit's choreography)."""
    h = Harness(3)
    for _ in range(3):
        while h.state.current_player() != 1 or h.obs["phase"] != "play":
            h.step()
        backs = sum(shows(k)[0] is None for k in h.board.sprites)
        card = HEURISTIC.policy(h.state, h.rng)
        h.apply(card)
        assert [k for k, s in h.board.sprites.items() if s.moving] == [card]
        h.settle()
        assert sum(shows(k)[0] is None for k in h.board.sprites) == backs - 1


def test_deal_flies_cards_from_the_deck_and_skip_lands_them():
    h = Harness(18)
    h.apply(h.state.sample_chance(h.rng))  # who starts
    h.apply(h.state.sample_chance(h.rng))  # the first card of the deal
    assert h.board.is_animating()
    h.board.skip_animation()
    assert not h.board.is_animating()
    assert all(not s.moving for s in h.board.sprites.values())
    while h.obs["phase"] == "deal":
        h.apply(h.state.sample_chance(h.rng))
        assert h.settle() < 1.0
    cards = [k for k in h.board.sprites if shows(k)[0] is not None]
    assert h.obs["hands"][0]["count"] == 7 and len(cards) == 7
    assert h.sounds.count("flip") >= 7
    h.save("early")


def test_animation_speed_zero_snaps():
    h = Harness(19, speed=0.0)
    my_turn_to_play(h)
    card = next(c for c in h.legal if c < NUM_TROOPS)
    h.apply(card)
    h.apply(h.legal[0])
    assert not h.board.is_animating()
    assert not any(s.moving for s in h.board.sprites.values())
    assert "place" in h.sounds


def test_going_back_rebuilds_without_animation():
    h = Harness(20)
    my_turn_to_play(h, lambda o: sum(len(f["cards"][0]) for f in o["flags"]) >= 4)
    record = h.state.to_record()
    record["history"] = record["history"][:30]
    h.state = h.game.replay(record)
    h.show(animate=False)
    assert not h.board.is_animating()
    assert set(h.board.sprites) == set(h.board.resting_places(h.obs))


def test_hot_seat_puts_the_viewer_at_the_bottom():
    h = Harness(21, viewer=1)
    obs = h.play_until(lambda o: o["phase"] == "play" and any(f["cards"][1] for f in o["flags"]))
    flag = next(f for f in range(9) if obs["flags"][f]["cards"][1])
    mine = h.board.table.slot_rect(flag, 1, 0)
    assert mine.top > h.board.geo.ridge.bottom
    assert h.board.table.slot_rect(flag, 0, 0).bottom < h.board.geo.ridge.top


def test_hint_and_palette_are_drawn():
    h = Harness(22)
    my_turn_to_play(h)
    card = h.legal[0]
    h.hover((3, 3))
    h.board.clock = 0.0
    before = h.draw().copy()
    h.board.show_hint(card)
    sprite_rect = h.board.rect_of(card)
    assert _differs(before, h.draw(), sprite_rect.inflate(20, 20))
    h.board.ctx.palette = palette_of(BattleLineBoard, True)
    assert _differs(before, h.draw(), h.board.geo.felt)


def test_a_hinted_flag_is_ringed_by_the_kit_alone():
    """The hinted part on the table wears the kit's ring (as on every board), not a second mark
    of the board's own: nothing changes outside the ring's band round the flag."""
    h = Harness(3)
    h.play_until(lambda o: o["phase"] == "play")
    h.apply(HEURISTIC.policy(h.state, h.rng))
    h.settle()
    flag = next(a for a in h.legal if is_flag(a))
    h.hover((3, 3))
    h.board.clock = 0.0
    before = h.draw().copy()
    h.board.show_hint([flag])
    after = h.draw()
    ringed = h.board.hint_rects()[0]
    assert ringed is not None and _differs(before, after, ringed.inflate(12, 12))
    band = ringed.inflate(4 * h.board.geo.unit, 4 * h.board.geo.unit)
    below = pygame.Rect(band.x, band.bottom, band.w, h.board.geo.felt.bottom - band.bottom)
    assert not _differs(before, after, below)  # no glow on the slot, no pill


def test_the_flags_that_won_the_game_glow_at_its_end():
    """A Breakthrough lights its three adjacent flags, not the winner's others; an Envelopment or
    a final resolution every flag of the winner's; a drawn game none; nothing while playing.
    The engine records them with the game's result; the board lights what it records."""
    h = Harness(1)
    assert h.board.flags.winning() == set()
    claimed = [0, -1, 0, 0, 0, 1, 1, -1, 0]

    def winning(winner: int, how: str) -> set[int]:
        won_with = winning_flags(claimed, how, winner)
        result = {"winner": winner, "how": how, "claimed": claimed, "won_with": won_with}
        match = {**h.obs["match"], "results": [result]}
        h.board.obs = {**h.obs, "phase": "over", "match": match}
        return h.board.flags.winning()

    assert winning(0, "breakthrough") == {2, 3, 4}
    assert winning(0, "envelopment") == {0, 2, 3, 4, 8}
    assert winning(1, "final resolution") == {5, 6}
    assert winning(-1, "stalemate") == set()


def test_mid_game_and_end_screenshots():
    h = Harness(23)
    h.play_until(
        lambda o: (
            sum(f["claimed_by"] >= 0 for f in o["flags"]) >= 2
            and sum(f["formation"][0] is not None for f in o["flags"]) >= 2
            and o["phase"] == "play"
        ),
        randomness=0.1,
    )
    card = next(c for c in h.legal if c < NUM_TROOPS)
    h.click(h.card_center(card))
    h.hover(h.board.table.column_rect(free_flags(h.obs, 0)[0]).center)
    h.save("mid")
    while not h.state.is_terminal():
        h.step(0.1)
    h.save("end")


def test_japanese_strings_render():
    i18n.set_language("ja")
    h = Harness(24)
    my_turn_to_play(h)
    assert "カード" in h.board.status_text()
    h.save("japanese")


def test_a_settled_frame_only_blits():
    """A settled frame renders no text, builds no picture and transforms no image (the frame
    time itself is measured by ``bench/ui_bench.py``)."""
    h = Harness(25)
    my_turn_to_play(h, lambda o: sum(len(f["cards"][0]) for f in o["flags"]) >= 8)
    h.hover(h.card_center(h.obs["hands"][0]["cards"][2]))
    h.settle()
    h.draw()
    with costly_work() as seen:
        for _ in range(20):
            h.board.update(FRAME)
            h.draw()
    assert not seen, seen


def test_an_opposing_guile_card_is_shown_before_it_goes_to_the_discard():
    h = Harness(11)
    h.play_until(lambda o: o["phase"] == "play" and any(f["cards"][0] for f in o["flags"]))
    while not (h.state.current_player() == 1 and h.state.observation(1)["phase"] == "play"):
        h.step(0)
    state = h.state
    hand, deck = state.hands[1], state.decks[1]
    if DESERTER not in deck:
        pytest.skip("Deserter was drawn already")
    out = next(c for c in hand if c < NUM_TROOPS)
    deck.remove(DESERTER)
    state.decks[0].append(out)
    hand[hand.index(out)] = DESERTER
    h.show(animate=False)
    h.apply(DESERTER)
    sprite = h.board.sprites[DESERTER]
    assert sprite.face == 0.0  # it leaves the opponent's hand face down
    h.board.update(0.6)
    focus = h.board.table.opp_focus()
    assert sprite.face == 1.0 and math.dist((sprite.x, sprite.y), focus) < 1
    h.settle()
    x, y = h.board.table.discard_places(1, 1)[0]
    assert math.dist((sprite.x, sprite.y), (x, y)) < 1 and not sprite.moving


def test_between_games_of_a_match_the_result_stays_on_the_finished_board():
    h = Harness(26, match_games=3)
    while h.obs["phase"] != "next_game":
        if h.state.current_player() < 0:
            h.apply(h.state.sample_chance(h.rng))
        else:
            h.apply(HEURISTIC.policy(h.state, h.rng))
        h.settle()
    result = h.obs["match"]["results"][0]
    winner = result["winner"]
    said = {-1: tr("battleline.banner.draw"), 0: tr("battleline.banner.you_win")}
    won = said.get(winner, tr("battleline.banner.wins", name="Hard AI"))
    expected = tr("battleline.banner.game_result", n=1, result=won)
    assert h.board.banner is not None and h.board.banner.title == expected
    points = h.obs["match"]["points"]
    assert tr("battleline.banner.score", a=points[0], b=points[1]) in h.board.banner.subtitle
    h.board.update(5.0)  # the result stays until the next deal, however long
    assert h.board.banner is not None and h.obs["match"]["game"] == 0
    assert set(h.board.sprites) == set(h.board.resting_places(h.obs))  # the finished table
    h.apply(h.state.sample_chance(h.rng))  # the next deal begins
    h.settle()
    assert h.board.banner is None and h.obs["match"]["game"] == 1
    assert set(h.board.sprites) == set(h.board.resting_places(h.obs))  # the new game's table


def test_hovering_a_tactics_card_explains_it():
    h = Harness(27)
    my_turn_to_play(h)
    give(h, TRAITOR)
    h.hover((3, 3))
    before = h.draw().copy()
    h.hover(h.card_center(TRAITOR))
    rect = h.board.rect_of(TRAITOR)
    above = pygame.Rect(rect.x - rect.w, rect.y - rect.h, rect.w * 3, rect.h // 2)
    assert _differs(before, h.draw(), above)


def test_the_board_works_inside_the_match_scenes_rect():
    h = Harness(28)
    rect = pygame.Rect(14, 70, 905, 716)  # where the match scene puts it in a 1280 x 800 window
    h.board.layout(rect)
    my_turn_to_play(h)
    g = h.board.geo
    assert rect.contains(g.felt) and rect.contains(g.column)
    card = next(c for c in h.legal if c < NUM_TROOPS)
    flag = free_flags(h.obs, 0)[0]
    assert choose_then(h, card, h.board.table.column_rect(flag).center) == [card, flag_action(flag)]


def test_every_string_the_board_asks_for_exists():
    import re

    game = Path(__file__).parent.parent / "game"
    files = [
        *sorted((game / "boards" / "battleline").glob("*.py")),
        game / "engines" / "battleline" / "words.py",
        game / "engines" / "battleline" / "placing.py",
    ]
    source = "".join(path.read_text("utf-8") for path in files)
    literal = set(re.findall(r"""["'](battleline\.[a-z0-9_.]+[a-z0-9_])["']""", source))
    assert len(literal) > 30
    families = {
        "battleline.card.": range(60, 70),
        "battleline.tactic.": range(60, 70),
        "battleline.help.": range(60, 70),
        "battleline.family.": ["troop", "morale", "environment", "guile"],
        "battleline.formation.": range(6),
        "battleline.how.": ["breakthrough", "envelopment", "final_resolution", "stalemate"],
        "battleline.status.": [
            "flag",
            "scout_draw",
            "scout_return",
            "redeploy_from",
            "redeploy_to",
            "deserter",
            "traitor_from",
            "traitor_to",
            "claim",
            "draw",
            "play",
            "play_or_pass",
            "selected",
            "selected_env",
        ],
        "battleline.status.selected_": ["scout", "redeploy", "deserter", "traitor"],
        "battleline.feedback.": ["own_card", "opposing_card"],
        "battleline.step.": ["choose_card", "choose_flag"],
    }
    dynamic = set(re.findall(r"""f["'](battleline\.[a-z_.]*)\{""", source))
    assert dynamic <= set(families), dynamic - set(families)
    wanted = literal | {f"{prefix}{v}" for prefix, values in families.items() for v in values}
    for lang in ("en", "ja"):
        assert sorted(wanted - set(table(lang))) == [], lang
    board_keys = {key for key in table("en") if key.startswith("battleline.")}
    assert sorted(board_keys - wanted) == []  # no string is left unused


def test_unplayable_cards_are_greyed_out_and_say_why_on_hover():
    """A second Leader and a tactics card over the limit are dimmed; hovering one shows the
    engine's reason (issue 9, item 18)."""
    h = Harness(3)
    my_turn_to_play(h, lambda o: o["tactics_played"][0] <= o["tactics_played"][1])
    give(h, ALEXANDER)
    give(h, SCOUT)
    h.state.leader_played[0] = True  # test set-up: a Leader is already on the table
    h.show(animate=False)
    assert ALEXANDER not in h.legal and SCOUT in h.legal
    assert h.board.hand.unplayable_reason(ALEXANDER) == tr("refusal.battleline.second_leader")
    assert h.board.hand.unplayable_reason(SCOUT) is None
    rect = h.board.rect_of(ALEXANDER)
    h.hover((rect.centerx, rect.top + rect.h // 5))
    above = pygame.Rect(rect.x, rect.y - rect.h, rect.w, rect.h)
    hovered = h.draw().copy()
    h.hover((h.board.geo.felt.centerx, h.board.geo.felt.top + 5))
    assert _differs(hovered, h.draw(), above)  # the note above the card
    h.state.tactics_played = [1, 0]  # over the limit: every tactics card waits
    h.show(animate=False)
    assert SCOUT not in h.legal
    reason = h.board.hand.unplayable_reason(SCOUT)
    assert reason == tr("refusal.battleline.tactics_limit", played=1, opponent_played=0)
    troop = next(c for c in h.obs["hands"][0]["cards"] if c < NUM_TROOPS)
    assert troop in h.legal and h.board.hand.unplayable_reason(troop) is None


def test_fog_and_mud_at_one_flag_both_lie_across_it_and_explain_themselves():
    """Issue 9, item 19: the cards lie across their flag, both readable, with their effect on
    hover (they were small discs at the foot of the pole); issue 38, item 12: as bands along
    the ridge's edges, Fog above Mud (``test_battleline_table_reads``)."""
    h = Harness(8)
    my_turn_to_play(h)
    h.state.fog[4], h.state.mud[4] = 0, 1  # test set-up: Fog and Mud at flag 5
    h.show(animate=False)
    fog, mud = h.board.table.env_rect(4, FOG), h.board.table.env_rect(4, MUD)
    column = h.board.table.column_rect(4)
    assert fog.bottom < mud.top and fog.w > fog.h
    assert column.contains(fog) and column.contains(mud)  # across its own flag only
    assert h.board.flags.env_at((fog.left + 3, fog.top + 2)) == (4, FOG)
    assert h.board.flags.env_at((mud.left + 3, mud.bottom - 2)) == (4, MUD)
    away = h.draw().copy()
    h.hover((mud.left + 3, mud.bottom - 2))
    note = pygame.Rect(column.right, h.board.geo.field_top, column.w, column.h // 3)
    assert _differs(away, h.draw(), note) or _differs(away, h.draw(), note.move(-2 * column.w, 0))
    h.save("fog_and_mud")


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_scout_top_card_keeps_clear_of_the_deck_names(size):
    """The card put back with Scout covered the TROOPS label (issue 9, item 21)."""
    h = Harness(2)
    h.board.layout(pygame.Rect((0, 0), size))
    decks = h.board.geo.decks
    label_h = h.board.table.art.text(
        "TROOPS", h.board.hand.fs(1.15), (255, 255, 255), bold=True
    ).get_height()
    labels = [pygame.Rect(r.x - 4, r.top - 2 - label_h, r.w + 8, label_h) for r in decks]
    for deck in range(len(decks)):
        spot = h.board.table.top_card_rect(deck)
        assert spot.collidelist(labels) == -1
        assert spot.colliderect(decks[deck])  # it still reads as lying on its deck


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(460, 485), (560, 500), (800, 540), (1280, 800)])
def test_discard_labels_fit_between_the_name_plate_and_the_pile(lang, size):
    """Issue 9 #21: DISCARD (捨て札) sits in its own room, under no plate and no pile."""
    from game.boards.battleline.art import card_height
    from game.boards.battleline.layout import Geometry
    from game.ui.text import render

    pygame.font.init()
    i18n.set_language(lang)
    g = Geometry(pygame.Rect((0, 0), size))
    label = render(tr("battleline.discard").upper(), g.pile_px, (0, 0, 0), bold=True)
    for pile, plate in ((g.opp_discard, g.opp_plate), (g.my_discard, g.my_plate)):
        assert not pile.colliderect(plate)
        assert label.get_height() <= pile.h - card_height(g.mini_w)


def test_a_refusal_is_said_beside_the_thing_refused_never_over_the_hand():
    """Issue 9 #18: the refused hand card, flag or deck anchors the message, off the hand."""
    h = Harness(6)
    my_turn_to_play(h)
    give(h, parse_card("Alexander"))
    h.state.leader_played[0] = True
    h.show(animate=False)
    g, (hand,) = h.board.geo, h.board.keep_clear()
    size = (340, 34)
    card = h.board.rect_of(parse_card("Alexander"))
    box = h.board.refusal_box(size, h.card_center(parse_card("Alexander")))
    assert not box.colliderect(hand) and box.bottom <= card.top
    assert abs(box.centerx - card.centerx) <= size[0] // 2  # above the card, not far off
    column = h.board.table.column_rect(4)
    box = h.board.refusal_box(size, column.center)
    assert not box.colliderect(hand) and not box.colliderect(column)
    assert box.inflate(2 * g.unit, 2 * g.unit).colliderect(column)  # beside it
    box = h.board.refusal_box(size, g.decks[0].center)
    assert h.board.rect.contains(box) and not box.colliderect(g.decks[0])
