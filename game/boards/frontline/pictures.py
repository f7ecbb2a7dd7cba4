"""The rules screen's pictures of Frontline (``![...](picture:name)`` in
``assets/rules/frontline.*.md``), drawn with the card faces of :mod:`cards`.

"combat": a worked attack, attacker card -> target card, then the roll, the damage formula
with its numbers and the result. The numbers come from the card data and the engine's own
damage rule (``probability.net_damage``), so the picture cannot drift from the game; only the
dice are fixed here.
"""

from __future__ import annotations

import pygame

from game.boards.frontline import cards as faces
from game.boards.palette import BASE_PALETTE
from game.engines.frontline.cards import ARM, UNIT_INDEX, UNITS
from game.engines.frontline.probability import net_damage
from game.engines.frontline.words import weapon_name
from game.i18n import get_language
from game.ui.draw import Colour
from game.ui.text import fit_px, render, text_width

ATTACKER, TARGET, ROW = UNIT_INDEX["us_m4a1_sherman"], UNIT_INDEX["ge_pz4h"], 0
DICE, POWER = (7, 8), 6
STEPS = 5  # the lines of the worked example

_WORDS = {
    "en": {
        "weapon": "{weapon} against armour: hits on {value} or more",
        "roll": "{a} + {b} = {total} ≥ {value}: a hit",
        "power": "power {power} + damage {mod:+d} − defence {defence} = {damage} damage",
        "hp": "HP {hp} − {damage} = {left}, at or below ½ HP {half}: draw a Damage card",
        "hp_above": "HP {hp} − {damage} = {left}, above ½ HP {half}: no Damage card",
        "recover": "End of the Combat Phase: it recovers to ½ HP {half}, not to {hp}",
    },
    "ja": {
        "weapon": "{weapon}（対装甲）：{value}以上で命中",
        "roll": "{a} + {b} = {total} ≥ {value}：命中",
        "power": "威力値 {power} + ダメージ指数 {mod:+d} − 防御値 {defence} = ダメージ {damage}",
        "hp": "耐久値 {hp} − {damage} = {left}、半耐久値 {half} 以下：ダメージカードを引く",
        "hp_above": "耐久値 {hp} − {damage} = {left}、半耐久値 {half} より上：カードなし",
        "recover": "戦闘フェイズの終了時、耐久値は {hp} ではなく半耐久値 {half} まで回復",
    },
}


def picture(name: str, width: int) -> pygame.Surface | None:
    """The two cards side by side with the steps beside them, or (too narrow for that) the
    steps under the cards."""
    if name != "combat":
        return None
    lang = get_language() if get_language() in _WORDS else "en"
    palette: dict[str, Colour] = {**BASE_PALETTE, **faces.PALETTES["normal"]}
    width = max(320, width)
    px = max(13, min(22, round(width / 34)))
    step_h = round(px * 3.3)  # room for a step of two lines
    card_w, gap = round(width * 0.2), round(width * 0.045)
    card_h = faces.card_size(card_w)[1]
    beside = width - 2 * card_w - 2 * gap
    if card_h >= STEPS * step_h and beside >= 24 * px:
        surf = pygame.Surface((width, card_h + 8), pygame.SRCALPHA)
        steps = pygame.Rect(2 * card_w + 2 * gap, 0, beside, card_h)
        left = 0
    else:
        card_w = min(round(width * 0.36), 260)
        card_h = faces.card_size(card_w)[1]
        surf = pygame.Surface((width, card_h + px + STEPS * step_h), pygame.SRCALPHA)
        steps = pygame.Rect(0, card_h + px, width, STEPS * step_h)
        left = (width - 2 * card_w - gap) // 2
    surf.blit(faces.unit_face(ATTACKER, card_w, palette, lang), (left, 0))
    surf.blit(faces.unit_face(TARGET, card_w, palette, lang), (left + card_w + gap, 0))
    arrow_y = card_h // 3
    _arrow(surf, (left + card_w + 4, arrow_y), (left + card_w + gap - 4, arrow_y), palette["gold"])
    _steps(surf, steps, px, palette, lang)
    return surf


def _arrow(
    surf: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour: Colour
) -> None:
    thick = max(3, (end[0] - start[0]) // 8)
    head = thick * 3
    pygame.draw.line(surf, colour, start, (end[0] - head, end[1]), thick)
    pygame.draw.polygon(surf, colour, [end, (end[0] - head, end[1] - head),
                                       (end[0] - head, end[1] + head)])  # fmt: skip


def _steps(
    surf: pygame.Surface, box: pygame.Rect, px: int, palette: dict[str, Colour], lang: str
) -> None:
    """The roll and the damage formula, one numbered step per line, with the dice drawn."""
    words = _WORDS[lang]
    weapon = UNITS[ATTACKER].weapons[ROW]
    printed = UNITS[TARGET]
    value = weapon.attack[ARM]
    assert value is not None  # the example's weapon must be able to hurt armour
    natural = sum(DICE)
    damage = net_damage(POWER, natural, weapon.damage_mod, printed.defense)
    left = printed.hp - damage
    lines = [
        ("", words["weapon"].format(weapon=weapon_name(weapon, lang), value=value)),
        ("dice", words["roll"].format(a=DICE[0], b=DICE[1], total=natural, value=value)),
        (
            "power",
            words["power"].format(
                power=POWER, mod=weapon.damage_mod, defence=printed.defense, damage=damage
            ),
        ),
        (
            "",
            words["hp" if left <= printed.half_hp else "hp_above"].format(
                hp=printed.hp, damage=damage, left=left, half=printed.half_hp
            ),
        ),
        ("", words["recover"].format(hp=printed.hp, half=printed.half_hp)),
    ]
    text, gold = palette["text"], palette["gold"]
    step_h = box.h // len(lines)
    die = round(px * 1.6)
    for n, (kind, line) in enumerate(lines):
        y = box.y + n * step_h
        number = render(f"{n + 1}", px, gold, bold=True)
        surf.blit(number, (box.x, y + (step_h - number.get_height()) // 2))
        x = box.x + number.get_width() + px // 2
        faces_shown = DICE if kind == "dice" else (POWER,) if kind == "power" else ()
        for face in faces_shown:
            _die(surf, pygame.Rect(x, y + (step_h - die) // 2, die, die), face, palette)
            x += die + px // 3
        room = box.right - x
        images = [render(part, fit_px(part, px, room), text) for part in _wrap(line, px, room)]
        top = y + (step_h - sum(image.get_height() for image in images)) // 2
        for image in images:
            surf.blit(image, (x, top))
            top += image.get_height()


def _die(surf: pygame.Surface, rect: pygame.Rect, face: int, palette: dict[str, Colour]) -> None:
    """A d10 as a rounded square with its face value."""
    pygame.draw.rect(surf, (236, 230, 214), rect, border_radius=rect.h // 4)
    pygame.draw.rect(surf, palette["gold"], rect, 2, border_radius=rect.h // 4)
    label = render(str(face), round(rect.h * 0.62), (30, 26, 20), bold=True)
    surf.blit(label, label.get_rect(center=rect.center))


def _wrap(text: str, px: int, width: int) -> list[str]:
    """``text`` in at most two lines that fit ``width`` (split at the word nearest the middle,
    or between characters for Japanese)."""
    if text_width(text, px) <= width:
        return [text]
    spaces = [i for i, ch in enumerate(text) if ch in " 、："]
    cut = min(spaces, key=lambda i: abs(i - len(text) // 2)) + 1 if spaces else len(text) // 2
    return [text[:cut].rstrip(), text[cut:].lstrip()]
