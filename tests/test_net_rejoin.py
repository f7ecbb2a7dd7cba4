"""A seat let in by knocking is kept in the settings: after a restart the join dialog offers
its table again and rejoins with the host's token, no knock; it is forgotten when the match
ends or the host refuses the token; a damaged kept seat is reported and left out (issue 36)."""

from __future__ import annotations

import json

from game import saves
from game.net.invite import Invite, new_token
from game.net.protocol import encode
from game.net.rejoin import KeptSeat, keep, kept_seats
from game.scenes.guest_match import GuestMatchScene
from game.settings import Settings
from tests.test_net_join import FRAME, dialog, frames_until, listed_table
from tests.test_net_scenes import guest_screen, tell, view_message, welcome_message


def test_a_knock_let_in_is_kept_and_rejoined_after_a_restart_without_a_knock(app, tmp_path) -> None:
    referee, host_scene, table = listed_table(app, "battleline")
    assert referee.invite is not None
    try:
        scene = dialog(app, table)
        app.step(FRAME)
        assert scene.list_hint() == "Pick one to ask its host to let you in"
        scene.name = "Bob"
        scene.join_table(0)
        frames_until(app, lambda: bool(referee.server.knocks()))
        host_scene.update(FRAME)
        host_scene.admit_button.on_click()
        frames_until(app, lambda: isinstance(app.stack.top, GuestMatchScene), referee)
        kept = KeptSeat("127.0.0.1", table.port, referee.invite.token, "Ann", 0)
        assert kept_seats(app.settings) == [kept]
        app.stack.top.quit()  # the guest's program ends (its player quits; it may crash)
        frames_until(app, lambda: not referee.sessions, referee)

        path = tmp_path / "restarted.json"
        assert app.settings.save(path)
        app.settings = Settings.load(path)  # the program again, from its settings file
        assert kept_seats(app.settings) == [kept] and not app.settings.problems
        unheard = dialog(app)  # the table not heard on the network: offered all the same
        app.step(FRAME)
        assert [(row.heading, row.text) for row in unheard.rows()] == [
            ("Ann", "Your seat is kept: rejoin")
        ]
        app.stack.pop()
        scene = dialog(app, table)
        app.step(FRAME)
        assert scene.rows()[0].text == "Battle Line · your seat is kept: rejoin"
        assert scene.list_hint().startswith("Pick a table: a kept seat rejoins at once")
        scene.join_table(0)
        assert scene.client is not None and scene.client.invite.token == kept.token
        # Nobody admits anything: a knock would wait here for the host's player.
        frames_until(app, lambda: isinstance(app.stack.top, GuestMatchScene), referee)
        assert referee.joined() == [(0, "Bob")] and not referee.server.knocks()
        app.stack.top.quit()
    finally:
        referee.stop()


def test_a_kept_seat_whose_token_the_host_refuses_is_forgotten_and_knocks(app) -> None:
    """The host opened a new table at the same address: the old token is wrong."""
    referee, _host_scene, table = listed_table(app, "flatfront")
    try:
        keep(app.settings, KeptSeat("127.0.0.1", table.port, new_token(), "Ann", 0))
        scene = dialog(app, table)
        app.step(FRAME)
        scene.join_table(0)
        frames_until(app, lambda: scene.status()[0] == "Waiting for Ann to let you in…")
        assert kept_seats(app.settings) == []
        frames_until(app, lambda: bool(referee.server.knocks()))
    finally:
        referee.stop()


def test_the_kept_seat_follows_a_rematch_and_is_forgotten_at_the_end_of_a_match(app) -> None:
    from game.engines import GAMES

    state = GAMES["flatfront"].new_state(2)
    token = new_token()
    keep(app.settings, KeptSeat("127.0.0.1", 4000, token, "Ann", 1))
    scene, client = guest_screen(app)
    client.invite = Invite("127.0.0.1", 4000, token)
    try:
        tell(app, client, welcome_message(state, seat=0), view_message(state))
        assert [k.seat for k in kept_seats(app.settings)] == [0]  # the host's seat for us now
        over = json.loads(view_message(state, index=1))
        over["returns"] = [1.0, -1.0]
        tell(app, client, json.dumps(over))
        assert scene.is_over and kept_seats(app.settings) == []
        tell(app, client, welcome_message(state, seat=0))  # a rematch at the same table
        assert [k.token for k in kept_seats(app.settings)] == [token]
        tell(app, client, encode("bye", "host", reason="host_quit", text="bye"))
        client.closed_code = "host_quit"
        app.step(FRAME)
        assert kept_seats(app.settings) == []
    finally:
        app.stack.pop()


def test_a_damaged_kept_seat_is_left_out_and_reported(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    good = {"host": "192.168.1.20", "port": 52731, "token": new_token(), "host_name": "Ann"}
    bad = {**good, "token": "not a token"}
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"player_name": "Bob", "kept_seats": [{**good, "seat": 1}, {**bad, "seat": 0}]}),
        encoding="utf-8",
    )
    loaded = Settings.load()
    assert loaded.kept_seats == [] and loaded.player_name == "Bob"
    assert loaded.problems and "kept_seats" in loaded.problems[0].detail
    path.write_text(json.dumps({"kept_seats": [{**good, "seat": 1}]}), encoding="utf-8")
    assert kept_seats(Settings.load()) == [KeptSeat(**{**good, "seat": 1})]
