"""Command line: ``python -m game`` (and the ``fivefronts`` executable).

    [--game ID] [--seats human,hard,...] [--option NAME=VALUE ...] [--seed N] [--lang en|ja]
    [--fullscreen]                   open straight into a match (the title screen without them)
    --version                        print the version (from pyproject.toml) and exit
    --selftest [--game ID]           headless AI-vs-AI match of every built game; 0 if all ok
    --selftest --network [--game ID] the same between two processes over loopback
    --host --seats human,remote [--port P] [--bind ADDR] [--relay HOST:PORT]
                                     host a networked match ("remote": a seat a guest takes)
    --join CODE [--name N]           join a networked match by its invite code
    --join CODE --bot SEED           the same headless, random legal moves (the self-test's guest)
    relay [--port P] [--bind ADDR]   run a relay for network play (headless, until interrupted)
    --screenshot PATH [--frames N]   save the window after N frames (or at game over) and quit

Nothing here runs at import time, and ``multiprocessing.freeze_support()`` comes first in main,
as the AI worker process requires inside the PyInstaller bundle.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

if TYPE_CHECKING:
    from game.app import App
    from game.engines.base import Game
    from game.match import Match
    from game.scenes.base import Scene

SELFTEST_LEVEL = "easy"  # the fastest AI: the self-test checks the plumbing, not the strength
SELFTEST_TIMEOUT = 240.0  # seconds per game
SELFTEST_FRAME = 1 / 60
# A game with no end but the rules' own may run long between passive AIs: the self-test sets one.
SELFTEST_OPTIONS: dict[str, dict[str, object]] = {"frontline": {"turn_limit": 20}}


EXIT_USAGE = 2  # a command line that cannot be carried out, as argparse exits
SCREENSHOT_FORMATS = (".png", ".bmp", ".tga", ".jpg", ".jpeg")


class OneLineParser(argparse.ArgumentParser):
    """Command-line errors as one line on stderr (exit 2): the reason, not the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see --help)\n")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from game.version import version

    parser = OneLineParser(prog="fivefronts", description="Five Fronts: five tabletop games.")
    parser.add_argument("--version", action="version", version=f"Five Fronts {version()}")
    parser.add_argument("--game", metavar="ID", help="open straight into a match of this game")
    parser.add_argument(
        "--seats",
        metavar="KINDS",
        help="comma-separated seats: human, easy, normal or hard (e.g. human,hard)",
    )
    parser.add_argument(
        "--option",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="a game option (repeatable)",
    )
    parser.add_argument("--seed", type=int, help="random seed of the match")
    parser.add_argument("--lang", choices=("en", "ja"), help="interface language for this session")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="play a short AI-vs-AI match of every built game headless and exit",
    )
    parser.add_argument(
        "--network",
        action="store_true",
        help="with --selftest: play each game between two processes over loopback",
    )
    parser.add_argument(
        "--host", action="store_true", help="host a networked match (seats may be 'remote')"
    )
    parser.add_argument("--port", type=int, default=0, help="with --host: port (default any)")
    parser.add_argument(
        "--bind", default="0.0.0.0", help="with --host: address to listen on (default all)"
    )
    parser.add_argument("--relay", metavar="HOST:PORT", help="with --host: meet through a relay")
    parser.add_argument("--join", metavar="CODE", help="join a networked match by its invite code")
    parser.add_argument("--name", default="", help="your name at a networked table")
    parser.add_argument(
        "--bot",
        type=int,
        metavar="SEED",
        help="with --join: play headless, random legal moves (the network self-test's guest)",
    )
    parser.add_argument("--screenshot", metavar="PATH", help="save the window to PATH and quit")
    parser.add_argument(
        "--frames",
        type=int,
        default=0,
        metavar="N",
        help="quit after N frames (with --screenshot: when to take it; default 90)",
    )
    args = parser.parse_args(argv)
    for flag, value in (
        ("--game", args.game),
        ("--seats", args.seats),
        ("--screenshot", args.screenshot),
    ):
        if value is not None and not value.strip():
            parser.error(f"{flag} needs a value, not an empty string")
    if args.frames < 0:
        parser.error(f"--frames must be 0 or more, not {args.frames}")
    if args.selftest and (args.seats or args.option or args.screenshot or args.join):
        parser.error("--selftest takes only --game and --network")
    if args.network and not args.selftest:
        parser.error("--network goes with --selftest")
    if args.bot is not None and args.join is None:
        parser.error("--bot goes with --join")
    if args.host and (args.selftest or args.join):
        parser.error("--host goes with neither --selftest nor --join")
    if not 0 <= args.port < 65536:
        parser.error(f"--port must be between 0 and 65535, not {args.port}")
    args.remote = frozenset()
    if args.host:
        kinds = [k.strip().lower() for k in (args.seats or "human,remote").split(",")]
        args.remote = frozenset(i for i, kind in enumerate(kinds) if kind == "remote")
        if not args.remote:
            parser.error("--host needs a 'remote' seat in --seats (e.g. human,remote)")
        args.seats = ",".join("human" if kind == "remote" else kind for kind in kinds)
    args.match = None
    try:
        if args.screenshot is not None:
            check_screenshot_path(args.screenshot)
        if args.selftest and args.game is not None:
            playable_game(args.game)
        wants_match = args.game or args.seats or args.option or args.seed is not None
        if wants_match and not args.selftest:
            args.match = match_spec(args.game, args.seats, args.option)
    except ValueError as err:
        parser.error(str(err))
    return args


def check_screenshot_path(path: str) -> None:
    """A screenshot target we can write: ValueError says why not, before any window opens."""
    target = Path(path)
    if target.suffix.lower() not in SCREENSHOT_FORMATS:
        raise ValueError(
            f"--screenshot {path!r} must end in one of {', '.join(SCREENSHOT_FORMATS)}"
        )
    if target.is_dir():
        raise ValueError(f"--screenshot {path!r} is a folder, not a file name")
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"--screenshot: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"--screenshot: the folder {str(folder)!r} is not writable")


def playable_game(game_id: str) -> Game:
    """The game to open; ValueError tells "coming soon" from "no such game"."""
    from game.engines import GAMES

    playable = playable_games()
    if game_id in playable:
        return playable[game_id]
    if game_id in GAMES:
        title = GAMES[game_id].title
        raise ValueError(f"{title} ({game_id}) is coming soon; playable now: {', '.join(playable)}")
    raise ValueError(f"unknown game {game_id!r}; playable games: {', '.join(playable)}")


def match_spec(
    game_id: str | None, seats: str | None, options: list[str]
) -> tuple[Game, list[str], dict]:
    """The game, seat kinds and options the command line asks for; ValueError says what is wrong."""
    from ai.agents import LEVELS
    from game.match import HUMAN

    game = next(iter(playable_games().values())) if game_id is None else playable_game(game_id)
    if seats is None:
        kinds = [HUMAN] + ["normal"] * (game.min_players - 1)
    else:
        kinds = [s.strip().lower() for s in seats.split(",") if s.strip()]
    allowed = (HUMAN, *LEVELS)
    for kind in kinds:
        if kind not in allowed:
            raise ValueError(f"seat {kind!r} must be one of {', '.join(allowed)}")
    game.resolve_players(len(kinds))
    pairs = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--option needs NAME=VALUE, not {item!r}")
        pairs[name.strip()] = value.strip()
    return game, kinds, game.resolve_options(pairs)


def playable_games() -> dict[str, Game]:
    """Built games that also have a board (an engine alone cannot be played)."""
    from game.boards import has_board
    from game.engines import GAMES

    return {gid: game for gid, game in GAMES.items() if has_board(gid)}


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    # A Windows build without a console window has no standard streams: give printing a sink.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w"))  # noqa: SIM115 (lives as long as the program)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # players need no banner on stdout
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["relay"]:
        return relay(argv[1:])
    args = parse_args(argv)
    if args.selftest and args.network:
        from game.net import selftest as net_selftest

        return net_selftest.run([args.game] if args.game else list(playable_games()))
    if args.selftest:
        return selftest(args.game)
    if args.bot is not None:
        from game.net.selftest import bot_guest

        return bot_guest(args.join, args.name or f"Bot {args.bot}", args.bot)
    from game.app import App
    from game.settings import Settings

    settings = Settings.load()
    if args.lang:
        settings.for_session("language", args.lang)
    if args.fullscreen:
        settings.for_session("fullscreen", True)
    app = App(settings)
    failure: list[str] = []
    if args.screenshot:
        install_screenshot(app, args.screenshot, args.frames or 90, failure)
    elif args.frames:
        app.after_frame.append(lambda a: a.quit() if a.frames >= args.frames else None)
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    if args.join is not None:
        from game.net.guest import GuestClient
        from game.net.invite import Invite, InviteError
        from game.scenes.guest_match import GuestMatchScene

        try:
            invite = Invite.parse(args.join)
        except InviteError as err:
            print(f"fivefronts: --join: {err}", file=sys.stderr)
            return EXIT_USAGE
        app.stack.push(GuestMatchScene(app, GuestClient(invite, args.name or "Guest")))
    elif args.match is not None:
        from game.match import HUMAN, Match
        from game.scenes.match import MatchScene
        from game.scenes.saved import confirm_new_match

        game, seats, options = args.match
        seed = args.seed if args.seed is not None else int(time.time()) % 2**31

        def start() -> None:
            match = Match(
                game,
                seats,
                options=options,
                seed=seed,
                client=app.ai,
                autosave=True,
                names=[
                    args.name if kind == HUMAN and i not in args.remote else ""
                    for i, kind in enumerate(seats)
                ],
                remote=args.remote,
            )
            if args.host:
                app.stack.replace(hosted_scene(app, match, args))
            else:
                app.stack.replace(MatchScene(app, match))

        confirm_new_match(app, game, start)  # a match of this game in progress is not lost
    code = app.run()
    if failure:
        print(f"fivefronts: {failure[0]}", file=sys.stderr)
        return EXIT_USAGE
    return code


def hosted_scene(app: App, match: Match, args: argparse.Namespace) -> Scene:
    """The host's match screen with its table open; the code is printed for scripts too."""
    from game.net.invite import Invite
    from game.scenes.hosting import open_table

    relay = None
    if args.relay:
        where = Invite.parse(f"{args.relay}/{'0' * 16}")
        relay = (where.host, where.port)
    scene = open_table(app, match, bind=(args.bind, args.port), relay=relay)
    print(f"Invite code: {scene.referee.invite}", flush=True)
    return scene


def relay(argv: list[str]) -> int:
    """``fivefronts relay``: a meeting point for network play across the internet."""
    parser = OneLineParser(prog="fivefronts relay", description="Five Fronts network relay.")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (8765)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (all)")
    args = parser.parse_args(argv)
    if not 0 <= args.port < 65536:
        parser.error(f"--port must be between 0 and 65535, not {args.port}")
    from game.net.relay import run_relay

    return run_relay(args.bind, args.port)


def install_screenshot(app: App, path: str, frames: int, failure: list[str]) -> None:
    """Save the window after ``frames`` frames, or as soon as a game-over summary is fully shown.

    A save that fails anyway (the disk filled up since the check) is put into ``failure``.
    """
    import pygame

    from game.scenes.gameover import GameOverScene

    def hook(a: App) -> None:
        top = a.stack.top
        over = isinstance(top, GameOverScene) and top.appear >= 1.0
        if a.frames >= frames or over:
            try:
                pygame.image.save(a.window, path)
            except (pygame.error, OSError) as err:
                failure.append(f"could not save the screenshot to {path!r}: {err}")
            a.quit()

    app.after_frame.append(hook)


# --- self-test ----------------------------------------------------------------------------------


class SelftestFailure(Exception):
    """A self-test step that did not do what it should."""


def check(condition: bool, failure: str) -> None:
    if not condition:
        raise SelftestFailure(failure)


SceneT = TypeVar("SceneT")


def expect(scene: object, kind: type[SceneT], failure: str) -> SceneT:
    """``scene`` as the scene the self-test should be on."""
    check(isinstance(scene, kind), failure)
    return scene  # type: ignore[return-value]


def selftest(game_id: str | None) -> int:
    """Drive title -> set-up -> match -> game over for each playable game, headless."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import saves

    previous = os.environ.get(saves.DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix="fivefronts-selftest-") as data:
        os.environ[saves.DATA_DIR_ENV] = data  # never touch the player's saves or settings
        try:
            return _selftest_games(game_id)
        finally:
            if previous is None:
                del os.environ[saves.DATA_DIR_ENV]
            else:
                os.environ[saves.DATA_DIR_ENV] = previous


def _selftest_games(game_id: str | None) -> int:
    from game.app import App
    from game.settings import Settings

    games = playable_games()
    app = App(Settings(animation="off", sound=False, language="en"), persist_settings=False)
    failures = 0
    try:
        for gid in [game_id] if game_id else list(games):
            ok, line = selftest_game(app, gid)
            failures += not ok
            print(f"{gid}: {'ok' if ok else 'FAILED'} {line}", flush=True)
    finally:
        app.close()
    return 1 if failures else 0


def selftest_game(app: App, game_id: str) -> tuple[bool, str]:
    """One AI-vs-AI match through the real scenes; (passed, one line saying how it went)."""
    from game.match import result_text
    from game.scenes.gameover import GameOverScene
    from game.scenes.match import MatchScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    started = time.perf_counter()
    try:
        app.stack.reset(TitleScene(app))
        app.step(SELFTEST_FRAME)
        title = expect(app.stack.top, TitleScene, "the title screen did not open")
        title.open_setup(game_id)
        setup = expect(app.stack.top, SetupScene, "the set-up screen did not open")
        setup.seats[:] = [SELFTEST_LEVEL] * len(setup.seats)
        setup.options.update(SELFTEST_OPTIONS.get(game_id, {}))
        setup.start(seed=1)
        scene = expect(app.stack.top, MatchScene, "the match did not start")
        while not isinstance(app.stack.top, GameOverScene):
            if time.perf_counter() - started > SELFTEST_TIMEOUT:
                return False, f"timed out after {len(scene.match.moves)} moves"
            app.step(SELFTEST_FRAME)
            time.sleep(0.001)
        match = scene.match
        returns = match.state.returns()
        check(
            len(returns) == len(match.seats) and all(-1 <= r <= 1 for r in returns),
            f"malformed returns {returns}",
        )
        replayed = match.game.replay(match.state.to_record())
        check(replayed.observation(0) == match.state.observation(0), "the record does not replay")
        seconds = time.perf_counter() - started
        return True, f"{len(match.moves)} moves, {result_text(match)} ({seconds:.1f} s)"
    except Exception as err:  # the self-test reports every failure in one line
        return False, f"{type(err).__name__}: {err}"


if __name__ == "__main__":
    sys.exit(main())
