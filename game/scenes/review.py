"""Review: the AI as a coach after a match (issue 8, item 6).

For every move a human made (a move: that player's consecutive decisions, the first of them a
real choice), the searching AI is asked, on the hint budget and from that human's information
set (a determinization for their seat, as hints are), how good the move played was and which
move it prefers. The human's estimated winning chance (a mean return v in [-1, 1] read as
(v + 1) / 2) is drawn turn by turn; the three moves that lost the most against the AI's
preferred move are marked, and picking one shows the board there with the move played
highlighted and the preferred move ringed by the board's hint marker, both chances beside.

Generic over games: it uses only the engine protocol, the search's answers (``values`` and
``line``, through the match's AI client) and the board kit. The searches run in the AI worker
processes one at a time, polled every frame, so the window keeps drawing; results are cached
per match so reopening is instant (or resumes where a cancelled review stopped).

The scene (:class:`CoachScene`) draws from a :class:`Coach`: the local :class:`Reviewer`, or a
guest's coach searched on the host from the guest's own information (``game.scenes.guest_review``),
so a guest's review looks and reads exactly as a local one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

import pygame

from game.coach import Position, Verdict, biggest_drops, moves_of, verdict
from game.engines.base import CHANCE, State
from game.i18n import t
from game.match import HINT_LEVEL, Match
from game.scenes.base import Scene
from game.ui import art, overlays, theme
from game.ui.text import blit_text
from game.ui.widgets import Button
from game.words import words_of

if TYPE_CHECKING:
    from game.boards.base import Board
    from game.scenes.base import App
    from game.scenes.match import MatchScene
    from game.turns import Step


class Coach(Protocol):
    """What the review scene draws from: the moves to review, their verdicts so far, and for a
    verdict the boards around its move and the words of a move from there."""

    @property
    def total(self) -> int | None:
        """How many moves are reviewed (None: not known yet)."""

    @property
    def verdicts(self) -> list[Verdict]: ...

    @property
    def done(self) -> bool: ...

    @property
    def dice(self) -> bool:
        """Chance took part in the game (the swings may be the dice's and the draws')."""

    def note(self) -> str:
        """A line in place of the progress while the review cannot go on (why), else ""."""

    def poll(self) -> None: ...

    def cancel(self) -> None: ...

    def around(self, verdict: Verdict) -> tuple[dict, dict]:
        """The mover's observations before and after the move played."""

    def move_steps(self, verdict: Verdict, line: tuple[int, ...]) -> list[Step]:
        """``line`` (the move played or the preferred one) as log steps for the mover."""


def human_moves(match: Match) -> list[Position]:
    """Each human move of the match (``game.coach.moves_of``)."""
    return moves_of(match.moves, match.is_human)


_CACHE: dict[tuple, list[Verdict]] = {}  # per match reviewed, oldest first
REVIEWS_KEPT = 8  # matches whose review reopens where it was: a long session plays many


def _cache_key(match: Match) -> tuple:
    return (match.game.id, tuple(match.seats), tuple(match.state.history), match.seed)


class Reviewer:
    """Asks the match's AI client about each human move in turn; ``poll`` every frame."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.positions = human_moves(match)
        cached = _CACHE.get(_cache_key(match))
        self.verdicts: list[Verdict] = list(cached) if cached else []
        self._ticket: int | None = None
        self.cancelled = False

    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def done(self) -> bool:
        return len(self.verdicts) == len(self.positions)

    @property
    def dice(self) -> bool:
        return any(move.player == CHANCE for move in self.match.moves)

    def note(self) -> str:
        return ""

    def state_at(self, index: int) -> State:
        record = self.match.state.to_record()
        return self.match.game.replay({**record, "history": record["history"][:index]})

    def poll(self) -> None:
        client = self.match.client
        if self.done or self.cancelled or client is None:
            return
        position = self.positions[len(self.verdicts)]
        if self._ticket is None:
            rng = random.Random(f"{self.match.seed}:review:{position.index}")
            state = self.state_at(position.index).determinize(position.player, rng)
            seed = rng.randrange(2**31)
            self._ticket = client.request(self.match.game.id, HINT_LEVEL, seed, state)
            return
        while (answer := client.poll()) is not None:
            if answer[0] == self._ticket:
                self._ticket = None
                previous = self.verdicts[-1].played_value if self.verdicts else 0.0
                self.verdicts.append(verdict(position, answer, previous))
                key = _cache_key(self.match)
                _CACHE.pop(key, None)  # to the end: the latest reviewed
                _CACHE[key] = list(self.verdicts)  # reopening resumes here
                while len(_CACHE) > REVIEWS_KEPT:
                    del _CACHE[next(iter(_CACHE))]
                return

    def cancel(self) -> None:
        if self._ticket is not None and self.match.client is not None:
            self.match.client.cancel()
        self._ticket = None
        self.cancelled = True

    def around(self, verdict: Verdict) -> tuple[dict, dict]:
        position = verdict.position
        before = self.state_at(position.index)
        after = self.state_at(position.index + len(position.played))
        return dict(before.observation(position.player)), dict(after.observation(position.player))

    def move_steps(self, verdict: Verdict, line: tuple[int, ...]) -> list[Step]:
        position = verdict.position
        words = words_of(self.match.game.id)
        return words.move_steps(self.state_at(position.index), line, position.player)


class CoachScene(Scene):
    """The graph of a player's winning chances, and the board at a picked drop: ``board`` shows
    ``final`` (the finished game as ``viewer`` saw it) until the review is done."""

    def __init__(self, app: App, coach: Coach, board: Board, final: dict, viewer: int) -> None:
        super().__init__(app)
        self.reviewer = coach
        self.board = board
        self.board.reviewing = True  # past positions only: no live markers
        # The finished board until the review is done, then its biggest drop.
        self.board.show(final, viewer, [], animate=False)
        self.selected: int | None = None  # index into the verdicts
        self.opened = False  # a drop was shown (the biggest, once the review is done)
        self.played_rects: list[pygame.Rect] = []  # the move played, on the board shown
        self.back_button = Button(
            lambda: t("coach.back") if self.reviewer.done else t("coach.cancel"),
            self.back,
            hotkeys=(pygame.K_ESCAPE,),
        )
        self.widgets = [self.back_button]
        self.graph = pygame.Rect(0, 0, 0, 0)
        self.info = pygame.Rect(0, 0, 0, 0)

    # --- life cycle ---------------------------------------------------------------------------
    def leave(self) -> None:
        if not self.reviewer.done:
            self.reviewer.cancel()

    def back(self) -> None:
        self.app.stack.pop()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        w, h = size
        pad = m.px(16)
        self.graph = pygame.Rect(pad, pad, w - 2 * pad, round(h * 0.3))
        self.info = pygame.Rect(pad, self.graph.bottom + m.px(6), w - 2 * pad, m.px(50))
        self.back_button.place(
            pygame.Rect(w - pad - m.px(120), self.info.y + m.px(6), m.px(120), m.px(38)),
            m.font_px(14),
        )
        board = pygame.Rect(pad, self.info.bottom + m.px(6), w - 2 * pad, 0)
        board.h = h - board.y - pad
        self.board.layout(board)

    # --- the graph ----------------------------------------------------------------------------
    def drops(self) -> list[int]:
        return biggest_drops([v.loss for v in self.reviewer.verdicts])

    def plot(self) -> pygame.Rect:
        """The plotting area inside the graph panel (room for the title and the labels)."""
        m = self.metrics
        g = self.graph
        return pygame.Rect(g.x + m.px(48), g.y + m.px(50), g.w - m.px(72), g.h - m.px(80))

    def point_at(self, i: int) -> tuple[int, int]:
        """Where verdict ``i`` is plotted (x by move, y by the winning chance)."""
        g = self.plot()
        count = self.reviewer.total or 0
        x = g.x + round(g.w * i / (count - 1)) if count > 1 else g.centerx
        return x, g.bottom - round(g.h * self.reviewer.verdicts[i].chance)

    def points(self) -> list[tuple[int, int]]:
        return [self.point_at(i) for i in range(len(self.reviewer.verdicts))]

    def select(self, i: int) -> None:
        """Show the board before move ``i``: the move played highlighted, the preferred one
        ringed as a hint."""
        verdict = self.reviewer.verdicts[i]
        position = verdict.position
        self.selected, self.opened = i, True
        before, after = self.reviewer.around(verdict)
        self.board.show(before, position.player, [], animate=False)
        self.board.highlight_turn(before, after)
        self.board.show_hint(verdict.best)
        # The move played, where the board can place it before it is made (its first click).
        self.played_rects = [r for r in map(self.board.hint_rect, position.played) if r]

    # --- per frame ----------------------------------------------------------------------------
    def on_unhandled(self, event: pygame.event.Event) -> None:
        drops = self.drops()
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key < pygame.K_1 + len(drops):
            self.select(drops[event.key - pygame.K_1])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            radius = self.metrics.px(14)
            for i in drops:
                x, y = self.point_at(i)
                if (event.pos[0] - x) ** 2 + (event.pos[1] - y) ** 2 <= radius**2:
                    self.select(i)
                    return

    def update(self, dt: float) -> None:
        super().update(dt)
        self.reviewer.poll()
        if not self.opened and self.reviewer.done and (drops := self.drops()):
            self.select(drops[0])
        self.board.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.INK)
        art.panel(surface, self.graph, fill=(*theme.PANEL, 255), edge=theme.PANEL_EDGE,
                  radius=m.px(12))  # fmt: skip
        blit_text(surface, t("coach.title"), m.font_px(16), theme.TEXT, True,
                  topleft=(self.graph.x + m.px(14), self.graph.y + m.px(8)))  # fmt: skip
        self._draw_graph(surface)
        self._draw_info(surface)
        self.board.draw(surface)
        if self.selected is not None:
            colour = self.board.ctx.palette.get("highlight", theme.TEXT)
            unit = max(4, self.board.rect.h // 80)
            for rect in self.played_rects:
                overlays.mark_ring(surface, rect, colour, unit)
            if self.played_rects:
                top = min(self.played_rects, key=lambda r: (r.top, r.left))
                label = t("coach.played_tag")
                overlays.pill(
                    surface, label, top, colour, max(10, round(unit * 2.4)), self.board.rect
                )
        super().draw(surface)

    def _draw_graph(self, surface: pygame.Surface) -> None:
        m = self.metrics
        g = self.plot()
        for level in (0.0, 0.5, 1.0):
            y = g.bottom - round(g.h * level)
            pygame.draw.line(surface, theme.PANEL_EDGE, (g.x, y), (g.right, y), 1)
            blit_text(surface, f"{round(level * 100)}%", m.font_px(11), theme.TEXT_FAINT,
                      midright=(g.x - m.px(6), y))  # fmt: skip
        blit_text(surface, t("coach.turn_axis"), m.font_px(11), theme.TEXT_FAINT,
                  midtop=(g.centerx, g.bottom + m.px(4)))  # fmt: skip
        points = self.points()
        if len(points) > 1:
            pygame.draw.lines(surface, theme.GOLD, False, points, max(2, m.px(3)))
        for point in points:
            pygame.draw.circle(surface, theme.GOLD, point, max(3, m.px(4)))
        for rank, i in enumerate(self.drops(), 1):
            x, y = points[i]
            colour = theme.TEXT if i == self.selected else theme.DANGER
            pygame.draw.circle(surface, colour, (x, y), m.px(12), max(2, m.px(3)))
            blit_text(surface, str(rank), m.font_px(13), theme.DANGER, True,
                      midbottom=(x, y - m.px(13)))  # fmt: skip

    def _draw_info(self, surface: pygame.Surface) -> None:
        m = self.metrics
        reviewer = self.reviewer
        x, y = self.info.x + m.px(4), self.info.y + m.px(4)
        if reviewer.total and not reviewer.done and not reviewer.note():
            done, total = len(reviewer.verdicts), reviewer.total
            bar = pygame.Rect(x, y + m.px(26), m.px(260), m.px(6))
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=bar.h // 2)
            bar.w = round(bar.w * done / total)
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=bar.h // 2)
        elif self.selected is not None:
            self._draw_verdict(surface, reviewer.verdicts[self.selected], x, y)
            return
        blit_text(surface, self.info_text(), m.font_px(14), theme.TEXT_DIM, topleft=(x, y))

    def info_text(self) -> str:
        """The line under the graph while no drop is shown: the progress, how to pick a drop,
        or that there is none to pick (the swings were the dice's)."""
        reviewer = self.reviewer
        if note := reviewer.note():
            return note
        if reviewer.total == 0:
            return t("coach.no_turns")
        if not reviewer.done:
            total = "…" if reviewer.total is None else reviewer.total
            return t("coach.progress", done=len(reviewer.verdicts), total=total)
        drops = self.drops()
        if not drops:  # nothing marked: say so, not "click a marked drop"
            return t("coach.no_drops_dice" if reviewer.dice else "coach.no_drops")
        return t("coach.keys", keys=" ".join(str(n) for n in range(1, len(drops) + 1)))

    def _draw_verdict(self, surface: pygame.Surface, verdict: Verdict, x: int, y: int) -> None:
        m = self.metrics
        board = self.board
        p = board.ctx.palette
        played = t("coach.played", move=self.words(verdict, verdict.position.played),
                   chance=f"{round(verdict.chance * 100)}%")  # fmt: skip
        best = t("coach.preferred", move=self.words(verdict, verdict.best),
                 chance=f"{round(verdict.best_chance * 100)}%")  # fmt: skip
        px = m.font_px(13)
        blit_text(surface, played, px, p.get("highlight", theme.TEXT), True, topleft=(x, y))
        blit_text(surface, best, px, p.get("hint", theme.GOLD), True,
                  topleft=(x, y + round(px * 1.5)))  # fmt: skip

    def words(self, verdict: Verdict, line: tuple[int, ...]) -> str:
        """A whole move in the player's words, worded as the log words a turn: "♣5 → flag 1",
        not each part alone ("plays ♣5, ♣5 → flag 1")."""
        return " · ".join(self.board.proposed_words(self.reviewer.move_steps(verdict, line)))


class ReviewScene(CoachScene):
    """The review of a local match: its humans' moves, searched by the match's AI client."""

    def __init__(self, app: App, scene: MatchScene) -> None:
        self.scene = scene
        self.match = scene.match
        reviewer = Reviewer(self.match)
        super().__init__(
            app, reviewer, scene._make_board(), self.match.observation(), self.match.viewer
        )
        self.reviewer: Reviewer = reviewer
