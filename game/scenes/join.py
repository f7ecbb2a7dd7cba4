"""The join dialog (from the title screen): the player's name, an invite code to type or paste,
and the tables hosted on the local network, heard live.

Joining by code takes the seat at once (the code is the secret); picking a table from the list
*knocks* — the host's player admits or refuses (``game.net.host``). A seat once let in is kept
(``game.net.rejoin``): after a restart its table is offered again, heard or not, and rejoined
with the token the host handed over, without a knock. The dialog stays while it
connects: a bad code, nobody answering, a refusal, another version or a full table is said in
words here, and the guest window (``GuestMatchScene``) replaces the dialog once the host has
welcomed us. The list comes from ``game.net.discovery.Browser`` on its own threads; when local
discovery cannot run, the dialog says no local table was found and codes still work.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.engines import GAMES
from game.i18n import get_language, t, t_or
from game.net.discovery import Browser, Table
from game.net.guest import CLOSED, CONNECTED, KNOCKING, GuestClient
from game.net.invite import Invite, InviteError
from game.net.protocol import MAX_TEXT, PROTOCOL_VERSION, clean_name
from game.net.rejoin import KeptSeat, forget, keep, kept_at, kept_seats
from game.scenes.overlay import OverlayScene
from game.scenes.setup import NameField, clipboard_text
from game.ui import theme
from game.ui.layout import split_columns
from game.ui.text import blit_text, ellipsized
from game.ui.widgets import Button, Row, ScrollList
from game.version import version

if TYPE_CHECKING:
    from game.scenes.base import App

CODE_MAX = 120  # characters of a typed or pasted code (a host name, a port and the token)
CONNECT_WAIT = 8.0  # seconds without an answer before "nobody answers at ..."
SEARCH_SHOWN = 3.0  # seconds "looking for tables…" shows before "no local tables found"


class JoinScene(OverlayScene):
    card_size = (760, 640)

    def __init__(self, app: App, *, browser: Browser | None = None) -> None:
        super().__init__(app, lambda: t("join.title"))
        self.name = app.settings.player_name
        self.code = ""
        self.error = ""
        self.client: GuestClient | None = None
        self.knocking_at = ""  # the host's name while our knock waits for it
        self.from_list = False  # the connection was made from the list: its seat is kept
        self.rejoining: KeptSeat | None = None  # the kept seat being rejoined
        self.where = ""  # "address:port" while connecting
        self.started = 0.0
        self.searched = 0.0  # seconds the list has been listening
        self.tables: list[Table] = []
        self.kept: list[KeptSeat] = []  # kept seats at tables not heard on the network
        self.browser = browser or Browser()
        self.name_field = NameField(
            lambda: self.name, self._set_name, lambda: t("join.name_hint"), on_enter=self.join_code
        )
        self.code_field = NameField(
            lambda: self.code,
            self._set_code,
            lambda: t("join.code_hint"),
            limit=CODE_MAX,
            on_enter=self.join_code,
        )
        self.paste_button = Button(lambda: t("join.paste"), self.paste, enabled=self.idle)
        self.join_button = Button(
            lambda: t("join.join"),
            self.join_code,
            style="primary",
            enabled=lambda: self.idle() and bool(self.code.strip()),
        )
        self.table_list = ScrollList(self.rows, self.join_table)
        self.table_list.follow = False
        self.cancel_button = Button(lambda: t("join.cancel"), self.cancel)
        self.back_button = Button(lambda: t("common.back"), self.close, style="ghost", icon="←")
        self.widgets = [
            self.paste_button,
            self.join_button,
            self.table_list,
            self.cancel_button,
            self.back_button,
            self.name_field,  # last, so a field being typed in sees keys before the hotkeys
            self.code_field,
        ]

    # --- life cycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.browser.start()

    def leave(self) -> None:
        """Stop listening; a connection not handed to the guest window is closed."""
        self.browser.stop()
        for field in (self.name_field, self.code_field):
            field.focus(False)
        if self.client is not None and self.client.status != CONNECTED:
            self.client.stop()

    # --- the player's input -----------------------------------------------------------------------
    def idle(self) -> bool:
        """No connection under way: the player may start one."""
        return self.client is None

    def _set_name(self, value: str) -> None:
        self.name = value

    def _set_code(self, value: str) -> None:
        self.code, self.error = value, ""

    def paste(self) -> None:
        """The clipboard's text becomes the code (Ctrl+V in the field adds it instead)."""
        pasted = " ".join(clipboard_text().split())[:CODE_MAX]
        if pasted:
            self._set_code(pasted)
        else:
            self.error = t("join.clipboard_empty")

    def join_code(self) -> None:
        if self.client is not None or not self.code.strip():
            return
        try:
            invite = Invite.parse(self.code)
        except InviteError as err:
            self.error = t(f"join.bad_{err.part}")
            return
        self._connect(invite, "")

    def join_table(self, index: int) -> None:
        """Join a table from the list: rejoin a kept seat with its token, else knock (its host
        admits us or not: we hold no code)."""
        if self.client is not None or not 0 <= index < len(self.tables) + len(self.kept):
            return
        if index >= len(self.tables):
            self._rejoin(self.kept[index - len(self.tables)])
            return
        table = self.tables[index]
        kept = kept_at(self.app.settings, table.address, table.port)
        if kept is not None:
            self._rejoin(kept)
        else:
            self._connect(Invite(table.address, table.port, ""), table.host_name, listed=True)

    def _rejoin(self, kept: KeptSeat) -> None:
        self._connect(kept.invite, kept.host_name, seat=kept.seat, listed=True)
        self.rejoining = kept

    def cancel(self) -> None:
        if self.client is not None:
            self.client.stop()
            self.client = None

    def _connect(
        self, invite: Invite, host_name: str, *, seat: int | None = None, listed: bool = False
    ) -> None:
        name = clean_name(self.name)
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.save_settings()
        self.error, self.knocking_at = "", host_name
        self.from_list, self.rejoining = listed, None
        host = f"[{invite.host}]" if ":" in invite.host else invite.host
        self.where = f"{host}:{invite.port}"
        self.client = GuestClient(invite, name or t("join.name_hint"), seat=seat)
        self.client.start()
        self.started = time.monotonic()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._next_field()
        else:
            super().handle_event(event)

    def _next_field(self) -> None:
        """Tab: from the name to the code and round again, without the mouse."""
        fields = [self.name_field, self.code_field]
        now = next((i for i, field in enumerate(fields) if field.focused), -1)
        for field in fields:
            field.focus(False)
        fields[(now + 1) % len(fields)].focus(True)

    def on_unhandled(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.client:
            self.cancel()  # Escape first stops a connection, then closes the dialog
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        ):
            self.paste()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            picked = self.table_list.selected
            if picked is not None:
                self.join_table(picked)
            else:
                self.join_code()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._select(-1 if event.key == pygame.K_UP else 1)
        else:
            super().on_unhandled(event)

    def _select(self, step: int) -> None:
        count = len(self.tables) + len(self.kept)
        if not count:
            return
        now = self.table_list.selected
        self.table_list.selected = 0 if now is None else max(0, min(count - 1, now + step))

    # --- per frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.searched += dt
        heard = self.browser.poll()
        self.tables = sorted(heard.values(), key=lambda table: (table.host_name, table.key))
        self.kept = [
            kept
            for kept in kept_seats(self.app.settings)
            if not any(kept.at(table.address, table.port) for table in self.tables)
        ]
        client = self.client
        if client is None:
            return
        if client.status == CONNECTED:  # welcomed: the guest window takes the connection
            invite = client.invite
            if self.from_list and invite.token and client.seat is not None:
                seat = client.seat
                keep(
                    self.app.settings,
                    KeptSeat(invite.host, invite.port, invite.token, self.knocking_at, seat),
                )
                self.app.save_settings()
            self.app.stack.replace(self.app.stack.make("guest_match", client))
        elif client.status == CLOSED:  # refused: its thread and loop go too
            client.stop()
            self.error, self.client = closed_words(client), None
            self._refused(client)
        elif client.status != KNOCKING and time.monotonic() - self.started > CONNECT_WAIT:
            client.stop()
            self.error, self.client = t("join.unreachable", where=self.where), None

    def _refused(self, client: GuestClient) -> None:
        """A kept seat whose token the host refuses (a new table at the same address) or whose
        seat is no longer open is forgotten; for a new table we knock at once."""
        kept = self.rejoining
        if kept is None or client.closed_code not in ("token", "no_seat"):
            return
        forget(self.app.settings, kept.invite)
        self.app.save_settings()
        if client.closed_code == "token":
            self._connect(Invite(kept.host, kept.port, ""), kept.host_name, listed=True)

    def rows(self) -> list[Row]:
        settings = self.app.settings
        heard = [
            Row(table.host_name, table_text(table, kept_at(settings, table.address, table.port)))
            for table in self.tables
        ]
        return heard + [Row(kept.host_name, t("join.kept_seat")) for kept in self.kept]

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the list: what is happening, or what went wrong."""
        if self.error:
            return self.error, theme.DANGER
        if self.client is not None:
            if self.client.status == KNOCKING:
                return t("join.knocking", host=self.knocking_at), theme.GOLD
            return t("join.connecting", where=self.where), theme.GOLD
        return "", theme.TEXT_DIM

    # --- layout and drawing -----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        body, px, h = self.body, m.font_px(16), m.px(40)
        label_w = round(body.width * 0.28)
        field = pygame.Rect(body.x + label_w, body.y, body.width - label_w, h)
        self.name_field.place(field, px)
        code_row = pygame.Rect(field.x, field.bottom + m.px(14), field.width, h)
        button_w, gap = m.px(100), m.px(8)
        code_w = code_row.width - 2 * (button_w + gap)
        code, paste, join = split_columns(code_row, [code_w, button_w, button_w], gap)
        self.code_field.place(code, px)
        self.paste_button.place(paste, m.font_px(15))
        self.join_button.place(join, m.font_px(15))
        self.list_top = code_row.bottom + m.px(24)
        buttons = pygame.Rect(body.x, body.bottom - m.px(44), body.width, m.px(44))
        self.status_y = buttons.y - m.px(22)
        heading = m.font_px(15) + m.px(10)
        self.table_list.place(
            pygame.Rect(
                body.x,
                self.list_top + heading,
                body.width,
                self.status_y - m.px(22) - self.list_top - heading,
            ),
            m.font_px(15),
        )
        width = m.px(170)
        self.back_button.place(pygame.Rect(body.x, buttons.y, width, buttons.height), px)
        self.cancel_button.place(
            pygame.Rect(body.right - width, buttons.y, width, buttons.height), px
        )

    def list_hint(self) -> str:
        """What picking a row of the list does: a kept seat rejoins at once, a table knocks."""
        settings = self.app.settings
        if self.kept or any(kept_at(settings, row.address, row.port) for row in self.tables):
            return t("join.lan_hint_kept")
        return t("join.lan_hint") if self.tables else ""

    def draw(self, surface: pygame.Surface) -> None:
        self.cancel_button.visible = self.client is not None
        super().draw(surface)
        m, body = self.metrics, self.body
        px = m.font_px(16)
        for label, field in ((t("join.name"), self.name_field), (t("join.code"), self.code_field)):
            blit_text(surface, label, px, theme.TEXT, midleft=(body.x, field.rect.centery))
        small = m.font_px(15)
        blit_text(surface, t("join.lan"), small, theme.TEXT, True, topleft=(body.x, self.list_top))
        hint = self.list_hint()
        if hint:
            blit_text(
                surface,
                ellipsized(hint, m.font_px(13), body.width // 2),
                m.font_px(13),
                theme.TEXT_FAINT,
                topright=(body.right, self.list_top + m.px(2)),
            )
        if not self.tables and not self.kept:
            searching = self.searched < SEARCH_SHOWN and not self.browser.failed
            empty = t("join.lan_searching" if searching else "join.lan_none")
            blit_text(
                surface,
                ellipsized(empty, small, body.width - m.px(24)),
                small,
                theme.TEXT_FAINT,
                center=self.table_list.rect.center,
            )
        text, colour = self.status()
        if text:
            blit_text(
                surface,
                ellipsized(text, px, body.width),
                px,
                colour,
                midleft=(body.x, self.status_y),
            )


def table_text(table: Table, kept: KeptSeat | None = None) -> str:
    """A listed table's line: its game and whether a seat is open to us (``kept``: ours)."""
    game = GAMES[table.game]
    title = game.title_ja if get_language() == "ja" else game.title
    if kept is not None and table.compatible:
        return t("join.lan_kept", game=title)
    if not table.compatible:
        return t("join.lan_other_version", game=title, version=table.protocol)
    if table.free == 0:
        return t("join.lan_full", game=title)
    return t("join.lan_free", game=title, n=table.free)


def closed_words(client: GuestClient) -> str:
    """Why a connection ended, in the player's language: a refusal by its code (another version
    names both), else the client's own words."""
    refusal = client.refusal
    if refusal is None:
        return t("join.unreachable", where=f"{client.invite.host}:{client.invite.port}")
    if refusal["code"] == "version" or refusal["version"] != PROTOCOL_VERSION:
        return t(
            "join.bad_version",
            theirs=refusal["version"],
            app=str(refusal["app"])[:20],
            ours=PROTOCOL_VERSION,
            mine=version(),
        )
    text = str(refusal["text"])[:MAX_TEXT]
    return t_or(f"join.refused_{refusal['code']}", t("join.refused", text=text))
