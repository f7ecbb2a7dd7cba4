"""Sound effects synthesised in plain Python (no audio files, no numpy), loaded on first use.

No sound device, a mixer that fails to start, or the setting "sound off" all mean silence, never
an error: ``play`` simply does nothing. Synthesis happens once, after the first frame (the app
calls ``warm_up``): about 0.12 s of arithmetic on some 106,000 samples. Plain Python rather than
numpy because numpy served nothing else at run time, and with its BLAS it was over a quarter of
the executable that unpacks at every start.
"""

from __future__ import annotations

import cmath
import math
import random
from array import array
from collections.abc import Callable
from itertools import accumulate, repeat
from operator import mul

import pygame

RATE = 44100
VOLUME = 0.55
# The mixer's sample formats we can fill (pygame's ``size``: signed 16-bit, 32-bit float).
FORMATS = {-16: "h", 32: "f"}

Wave = list[float]
Part = tuple[float, Wave, Wave]  # gain, wave, envelope


def _synth() -> dict[str, Wave]:
    """Every effect as a mono wave of samples in [-1, 1] (before normalising)."""
    rng = random.Random(5)
    tau = 2 * math.pi

    def time(seconds: float) -> Wave:
        return [i / RATE for i in range(int(RATE * seconds))]

    def noise(n: int, smooth: int) -> Wave:
        """White noise smoothed by a moving sum over ``smooth`` samples (a low-pass)."""
        white = [rng.uniform(-1, 1) for _ in range(n)]
        scale = 1 / math.sqrt(smooth)
        before, after = smooth // 2, (smooth - 1) // 2
        return [sum(white[max(0, i - before) : i + after + 1]) * scale for i in range(n)]

    def sweep(t: Wave, f0: float, f1: float) -> Wave:
        """A tone gliding from ``f0`` to ``f1`` Hz over ``t``."""
        glide, step = (f1 - f0) / t[-1], tau / RATE
        return [math.sin(step * p) for p in accumulate(f0 + glide * x for x in t)]

    def decay(t: Wave, rate: float) -> Wave:
        return [math.exp(-x * rate) for x in t]

    def ring(freq: float, n: int, fall: float) -> list[complex]:
        """``exp(-fall * t) * exp(i * tau * freq * t)`` over ``n`` samples: a sine (its
        imaginary part) dying away, by one complex multiplication a sample (sin and exp per
        sample cost several times that)."""
        step = cmath.exp(complex(-fall, tau * freq) / RATE)
        return list(accumulate(repeat(step, n - 1), mul, initial=1 + 0j))

    def bell(freq: float, seconds: float, fall: float) -> Wave:
        n = int(RATE * seconds)
        tone = [
            a.imag + 0.35 * b.imag
            for a, b in zip(ring(freq, n, fall), ring(2 * freq, n, fall), strict=True)
        ]
        onset = RATE // 400  # a 2.5 ms attack, so the bell does not click
        tone[:onset] = [v * i / onset for i, v in enumerate(tone[:onset])]
        return tone

    def mix(first: Part, second: Part) -> Wave:
        """``gain * wave * envelope`` of two parts, added (as long as they are)."""
        (g, w, e), (h, v, f) = first, second
        return [g * a * b + h * c * d for a, b, c, d in zip(w, e, v, f, strict=True)]

    click = [z.imag for z in ring(1750, int(RATE * 0.035), 140)]
    t = time(0.12)
    place = mix((1, sweep(t, 360, 250), decay(t, 38)), (0.3, sweep(t, 720, 500), decay(t, 38)))
    hit = noise(int(RATE * 0.006), 3)
    place[: len(hit)] = [p + 0.6 * h for p, h in zip(place, hit, strict=False)]
    t = time(0.16)
    swell = [math.sin(math.pi * x / t[-1]) ** 2 for x in t]
    flip = mix((0.6, noise(len(t), 6), swell), (0.25, sweep(t, 900, 1500), decay(t, 18)))
    t = time(0.28)
    growl = [math.tanh(3 * v) for v in sweep(t, 240, 110)]
    attack = mix((0.6, growl, decay(t, 11)), (0.35, noise(len(t), 4), decay(t, 11)))
    t = time(0.2)
    knock = mix((1, sweep(t, 120, 60), decay(t, 24)), (0.5, noise(len(t), 2), decay(t, 90)))
    beep = [math.tanh(3 * math.sin(tau * 155 * x)) * 0.5 for x in time(0.09)]
    error = beep + [0.0] * int(RATE * 0.045) + beep
    win = [0.0] * int(RATE * 0.95)
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        start, gain = int(RATE * 0.11 * i), 0.8 if i < 3 else 1.0
        for j, v in enumerate(bell(freq, 0.6, 6)):
            win[start + j] += v * gain
    turn = [0.5 * v for v in bell(784, 0.12, 20) + bell(1046.5, 0.3, 12)]
    return {
        "click": [0.5 * v for v in click],
        "place": place,
        "flip": flip,
        "attack": attack,
        "knock": knock,
        "error": error,
        "win": win,
        "turn": turn,
    }


def pcm(wave: Wave, rate: int, channels: int, code: str) -> bytes:
    """``wave`` resampled to ``rate`` (linear), normalised to ``VOLUME`` of full scale, in the
    mixer's sample format (``array`` type ``code``), each sample on every channel."""
    if rate != RATE:
        n = int(len(wave) * rate / RATE)
        step = (len(wave) - 1) / max(1, n - 1)
        resampled = []
        for i in range(n):
            x = i * step
            k = min(int(x), len(wave) - 2)
            resampled.append(wave[k] + (wave[k + 1] - wave[k]) * (x - k))
        wave = resampled
    gain = VOLUME / max(1e-9, max(map(abs, wave)))
    if code == "h":
        gain *= 32767
        return array("h", [int(v * gain) for v in wave for _ in range(channels)]).tobytes()
    return array(code, [v * gain for v in wave for _ in range(channels)]).tobytes()


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
        init = pygame.mixer.get_init()
        if init is None:
            raise ValueError("the mixer is not open")
        rate, size, channels = init
        code = FORMATS.get(size)
        if code is None:
            raise ValueError(f"no synthesis for the mixer's sample size {size}")
        return {
            name: pygame.mixer.Sound(buffer=pcm(wave, rate, channels, code))
            for name, wave in _synth().items()
        }

    def play(self, name: str) -> None:
        if not self.enabled():
            return
        self.warm_up()
        sound = self._sounds.get(name) if self._sounds else None
        if sound is not None:
            sound.set_volume(self.volume())
            sound.play()
