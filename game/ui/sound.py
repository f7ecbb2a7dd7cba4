"""Sound effects synthesised with numpy (no audio files), loaded on first use.

No sound device, a mixer that fails to start, or the setting "sound off" all mean silence, never
an error: ``play`` simply does nothing. Synthesis happens once, after the first frame (the app
calls ``warm_up``), so start-up does not pay for importing numpy.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

RATE = 44100
VOLUME = 0.55


def _synth() -> dict[str, object]:
    """Every effect as a mono float array in [-1, 1]."""
    import numpy as np

    rng = np.random.default_rng(5)

    def time(seconds: float) -> np.ndarray:
        return np.arange(int(RATE * seconds)) / RATE

    def noise(n: int, smooth: int) -> np.ndarray:
        white = rng.uniform(-1, 1, n)
        return np.convolve(white, np.ones(smooth) / smooth, mode="same") * np.sqrt(smooth)

    def sweep(t: np.ndarray, f0: float, f1: float) -> np.ndarray:
        freq = f0 + (f1 - f0) * t / t[-1]
        return np.sin(2 * np.pi * np.cumsum(freq) / RATE)

    def bell(freq: float, seconds: float, decay: float) -> np.ndarray:
        t = time(seconds)
        tone = np.sin(2 * np.pi * freq * t) + 0.35 * np.sin(4 * np.pi * freq * t)
        return tone * np.exp(-t * decay) * np.minimum(1, t * 400)

    t = time(0.035)
    click = np.sin(2 * np.pi * 1750 * t) * np.exp(-t * 140)
    t = time(0.12)
    place = (sweep(t, 360, 250) + 0.3 * sweep(t, 720, 500)) * np.exp(-t * 38)
    place[: int(RATE * 0.006)] += noise(int(RATE * 0.006), 3) * 0.6
    t = time(0.16)
    flip = noise(len(t), 6) * np.sin(np.pi * t / t[-1]) ** 2 * 0.6 + 0.25 * sweep(
        t, 900, 1500
    ) * np.exp(-t * 18)
    t = time(0.28)
    attack = (np.tanh(3 * sweep(t, 240, 110)) * 0.6 + noise(len(t), 4) * 0.35) * np.exp(-t * 11)
    t = time(0.2)
    knock = sweep(t, 120, 60) * np.exp(-t * 24) + noise(len(t), 2) * np.exp(-t * 90) * 0.5
    beep = np.tanh(3 * np.sin(2 * np.pi * 155 * time(0.09))) * 0.5
    error = np.concatenate([beep, np.zeros(int(RATE * 0.045)), beep])
    notes = (523.25, 659.25, 783.99, 1046.5)
    win = np.zeros(int(RATE * 0.95))
    for i, f in enumerate(notes):
        tone = bell(f, 0.6, 6)
        start = int(RATE * 0.11 * i)
        win[start : start + len(tone)] += tone * (0.8 if i < 3 else 1.0)
    turn = np.concatenate([bell(784, 0.12, 20), bell(1046.5, 0.3, 12)]) * 0.5
    return {
        "click": click * 0.5,
        "place": place,
        "flip": flip,
        "attack": attack,
        "knock": knock,
        "error": error,
        "win": win,
        "turn": turn,
    }


class SoundBank:
    """Named effects ("click", "place", "flip", "attack", "knock", "error", "win", "turn")."""

    def __init__(
        self, enabled: Callable[[], bool], volume: Callable[[], float] = lambda: 1.0
    ) -> None:
        self.enabled = enabled
        self.volume = volume  # 0..1, read at every play so the settings slider acts at once
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def warm_up(self) -> None:
        """Open the audio device and synthesise every effect; silence if either fails."""
        if self._sounds is not None:
            return
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            self._sounds = self._make_sounds()
        except (pygame.error, ImportError, ValueError):
            self._sounds = {}

    def _make_sounds(self) -> dict[str, pygame.mixer.Sound]:
        import numpy as np

        opened = pygame.mixer.get_init()
        if opened is None:  # the mixer closed again: no sounds
            return {}
        rate, _size, channels = opened
        sounds = {}
        for name, wave in _synth().items():
            mono = np.asarray(wave, dtype=np.float64)
            if rate != RATE:
                positions = np.linspace(0, len(mono) - 1, int(len(mono) * rate / RATE))
                mono = np.interp(positions, np.arange(len(mono)), mono)
            peak = max(1e-9, float(np.abs(mono).max()))
            pcm = (mono / peak * VOLUME * 32767).astype(np.int16)
            frames = np.repeat(pcm[:, None], channels, axis=1) if channels > 1 else pcm
            sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(frames))
        return sounds

    def play(self, name: str) -> None:
        if not self.enabled():
            return
        self.warm_up()
        sound = self._sounds.get(name) if self._sounds else None
        if sound is not None:
            sound.set_volume(self.volume())
            sound.play()
