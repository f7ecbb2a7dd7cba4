"""Sound effects: synthesised once, silent (never an error) without a device or when off."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import sound
from game.ui.sound import SoundBank

EFFECTS = {"click", "place", "flip", "attack", "knock", "error", "win", "turn"}


def test_every_effect_is_synthesised_as_a_short_clip_in_range() -> None:
    waves = sound._synth()
    assert set(waves) == EFFECTS
    for name, wave in waves.items():
        seconds = len(wave) / sound.RATE
        assert 0.02 < seconds < 1.2, name
        assert max(map(abs, wave)) > 0.05, name


def test_a_bank_on_the_dummy_driver_loads_and_plays() -> None:
    pygame.mixer.quit()
    bank = SoundBank(lambda: True)
    bank.warm_up()
    bank.play("place")
    bank.play("no-such-effect")  # unknown names are ignored, boards may ask for more
    assert bank.available
    pygame.mixer.quit()


def test_no_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    bank = SoundBank(lambda: True)
    bank.play("win")
    assert not bank.available


def test_sound_off_never_opens_the_device(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = []
    monkeypatch.setattr(SoundBank, "warm_up", lambda self: opened.append(True))
    SoundBank(lambda: False).play("click")
    assert opened == []


def test_the_game_runs_and_makes_its_sounds_without_numpy(tmp_path: Path) -> None:
    """numpy (with its BLAS some 70 MB unpacked at every start of the one-file executable)
    served only the sound effects; the app, its sounds made, imports it nowhere."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["FIVEFRONTS_DATA_DIR"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "game", "--frames", "6"],
        cwd=Path(__file__).resolve().parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()}
    assert "game.ui.sound" in imported
    assert not {name for name in imported if name.split(".")[0] == "numpy"}
