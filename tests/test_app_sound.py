"""Sound effects: synthesised once, silent (never an error) without a device or when off."""

from __future__ import annotations

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
        assert float(abs(wave).max()) > 0.05, name


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
