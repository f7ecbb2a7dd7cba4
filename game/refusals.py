"""Refusals in the player's language: an ``IllegalActionError``'s phrase worded through i18n.

Engines give a refusal as ``(key, args)`` with their English in a table of their own (``str(err)``,
for logs and tests). Here the same phrase becomes a capitalised sentence from the
``refusal.<game>.<key>`` strings (or ``refusal.<key>`` for the base engine's and the match's
phrases). Arguments are worded by their name: ``side``/``target``/``player`` a seat, ``card`` and
``deck`` by the game's names, ``mine``/``theirs`` a Battle Line formation key, ``completion`` a
list of cards, and ``why``/``wanted`` a nested phrase. A phrase without strings (an engine that
words its refusals in English only) falls back to the engine's English as a sentence.
"""

from __future__ import annotations

from typing import Any

from game.engines.base import Game, IllegalActionError, Phrase
from game.i18n import has, t
from game.match import side_name


class _Unworded(Exception):
    """A phrase (or a nested one) has no strings: fall back to the engine's English."""


def sentence(text: str) -> str:
    """Capitalised, with a full stop unless it already ends a sentence."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?。！？" else text + "."


def refusal_text(game: Game, err: IllegalActionError) -> str:
    """Why ``err``'s action was refused, as a sentence in the active language."""
    return phrase_text(game, err.phrase, str(err))


def phrase_text(game: Game, phrase: Phrase, english: str = "") -> str:
    """A refusal's phrase (from an error, or one an observation carries) as a sentence in the
    active language; ``english`` where the phrase has no strings."""
    key, args = phrase
    if key == "text":
        return sentence(str(args.get("text", english)))
    try:
        return sentence(_word(game, key, args))
    except _Unworded:
        return sentence(english or key)


def _word(game: Game, key: str, args: dict[str, Any]) -> str:
    for name in (f"refusal.{game.id}.{key}", f"refusal.{key}"):
        if has(name):
            return t(name, **{arg: _arg(game, arg, value) for arg, value in args.items()})
    raise _Unworded(key)


def _arg(game: Game, name: str, value: Any) -> Any:
    game_id = game.id
    if name in ("why", "wanted"):
        nested: Phrase = value
        return _word(game, *nested)
    if name in ("side", "target", "player"):
        return side_name(game, value)
    if name == "card":
        return _card(game_id, value)
    if name == "deck":
        return t(f"refusal.{game_id}.deck.{value}")
    if name in ("mine", "theirs") and game_id == "battleline":
        return _formation(value)
    if name == "completion" and game_id == "battleline":
        parts = [
            _card(game_id, card)
            if as_card < 0
            else t(
                "refusal.battleline.wild_as",
                card=_card(game_id, card),
                troop=_card(game_id, as_card),
            )
            for card, as_card in value
        ]
        return " + ".join(parts) or t("refusal.battleline.nothing")
    return value


def _card(game_id: str, card: int) -> str:
    name = f"refusal.{game_id}.card.{card}"
    if has(name):
        return t(name)
    if game_id == "battleline":
        from game.engines.battleline.cards import card_name

        return card_name(card)  # troop cards: "R7" in every language
    return str(card)


def _formation(key: int) -> str:
    from game.engines.battleline.formations import NONE, key_rank, key_total

    if key == NONE:
        return t("refusal.battleline.incomplete")
    rank = t(f"refusal.battleline.rank.{key_rank(key)}")
    return t("refusal.battleline.formation", rank=rank, total=key_total(key))
