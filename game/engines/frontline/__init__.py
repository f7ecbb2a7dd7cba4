"""Frontline General: Spearpoint 1943 (フロントライン・ジェネラル): two armies of unit cards fight
over a Frontline and a Rear Line with 2d10 attacks, crews, aircraft and command cards.

Rules: the project's ``rules/frontline.md`` (§ numbers below). Cards are "inspired by" the
published game: our names and numbers (§10, §11), in ``cards.json`` (rules Appendix A).

Modules: ``cards`` (the data file, card indices), ``probability`` (exact odds of an attack, the
§10.7 table; the AI reuses it), ``combat`` (legal targets, weapons, modifiers), ``commands``
(command cards and their windows), ``building`` (deck-building rules, §3 warnings, the
random balanced deck), ``units`` (a unit in the Battle Area), ``actions`` (action
ids), ``phases``, ``options`` (options and the named constants of §9), ``state`` (the turn
machine), ``knowledge`` (observation, determinize, hidden moves, move log), ``refusals``.

Implemented (by rules section)
------------------------------
- §3 set-up: option ``decks`` "prebuilt" (§10.5, named by ``us_deck``/``ge_deck``; public) or
  "build" (each seat in turn adds cards of its army's pool one by one, or takes a prebuilt
  deck of its army while its deck is empty, hidden, within the
  ``pool_count`` copy limits and 80-100 points; ``determinize`` re-draws the cards of the other
  deck the viewer has not seen); ``seat0_army``; each seat chooses 4 starting unit cards
  (hidden), 3 command cards each are dealt (chance).
- §4.1 commitment: hidden, in seat order (a face-down card at a time, then DONE; the other
  player sees only that it has committed, not how many cards, §9 #25); crew requirement (no
  crew without a unit, no crewed unit without its crew, a lone crew replaces a missing one, on
  the unit its player picks); mobile field
  artillery to either line (chosen face down); aircraft with Flight Turns; after the reveal
  the C1 window, where crews of land units move to uncrewed units of their kind and MFA change
  lines (once per unit per phase);
  frontline collapse (``_promote``) after the commitment and after each Combat Phase.
- §4.2.1 hidden target declarations in seat order (attacker by attacker: target or hold, then a
  set of up to two weapons, whose order the attacker picks when the attack resolves; the other
  player sees one phase and one step, whatever was declared, §9 #25); line
  rule, bullet rule on printed defense, bombs once per sortie, MFA in the Rear Line row 1 only
  against ground targets, damage-card weapon limits; close assault (3+ infantry, one roll,
  each member's d10; option ``close_assault_value``).
- §4.2.2 initiative (a d10 each, ties rolled again), the winner picks who starts, attacks
  alternate; a lost attacker or target loses the attack (§9 #12); every limit of the firing
  unit is checked again before each weapon (§9 #29).
- §4.2.3-§4.2.5 2d10 per rate of fire, naturals 2-3 (friendly fire, victim chosen by the
  opponent, no VP), 18 (double power), 19-20 (destroyed with crew); +2 against field guns and
  immobilized units (option ``field_gun_bonus``); damage, half-HP Damage cards, recovery at the
  end of the phase; crew rolls (power die, or a fresh d10), capture with double VP.
- §6 / §10.4 every Damage card edge with its duration (TURNS:N counters, FLIGHT, PERSISTENT),
  fire checks at the end of the Combat Phase.
- §5 / §10.3 all 15 command cards at their windows: C1 Camouflage, Hull Down, Dig In, Tactical
  Withdrawal, Drop Tanks; C2 Smoke Screen, Ambush!; C3 (before each own attack roll) Fire
  Mission!, Flanking Shot, AP Rounds, Steady Aim; C4 Surrender! (declared as an infantry
  attack, hidden until the reveal; whole-unit capture, the capturer choosing the line of a
  captured unit that needs a crew, §9 #28); C5 Field Repairs, Medic!; C6
  Reinforcements (in the draw). Discard-for-+1 before any own attack, power or initiative roll,
  once per roll. Windows C1/C2/C5: the previous initiative winner first, then alternately until
  two passes in a row (a player with nothing to play passes at once), §9 #26. Smoke Screen on
  any member of a close assault cancels the group's assault (§9 #27).
- §4.3 draw phase in initiative order (1 command card, then 2 free picks), hand limits 7 units
  (crews count) / 5 commands, excess units under the Reserves unseen.
- §7 51 VP (checked after every change), overrun (3 consecutive end-of-combat checks), and our
  ``turn_limit`` option (§9 #24: "none" by default; 20, 30 or 50 turns, at whose end the higher
  VP wins, equal VP draws).

Not implemented yet (next sessions)
-----------------------------------
- Cards returned to a hand by Tactical Withdrawal are ``known`` to the other player (kept in
  the hand by ``determinize``, and possibly set aside face down from it) until revealed or
  until a hidden discard blurs them.
- The board and the deck-builder screen. The AI is a first cut (``ai/heuristics/frontline.py``:
  policy with focus fire, estimate, auto moves; no discard-for-+1, no withdrawal, crew moves or
  MFA changes, no local search over assignments); Normal/Hard need a rollout depth in
  ``ai/agents.GAME_BUDGETS`` (a random rollout to the end is ~3,000 actions).

Action ids (``actions.RANGES``; the meaning depends on the phase)
-----------------------------------------------------------------
- ``card`` (0-31): a unit/crew card type: add to the deck being built, starting pick, commit to
  its printed line, put under the Reserves at the hand limit. ``rear`` (32-63): commit an MFA
  (or a Rear Line gun) to the Rear Line.
- ``unit`` (position = seat * 32 + slot): a target; the attack to resolve; the friendly-fire
  victim; a command card's unit; in C1 the unit whose crew moves, then where it goes.
  ``assault``: close assault on that unit; ``surrender``: Surrender! on it; ``switch``: the MFA
  changes line. For a captured unit (``capture_line``), ``card`` puts it in the Frontline and
  ``rear`` in the Rear Line.
- ``command``: play that command card in a window (discard it at the hand limit); ``boost``:
  discard it for +1 to the roll about to be made.
- singles: DONE (done committing, pass a window, roll), HOLD (no attack), ME_FIRST /
  THEM_FIRST (initiative winner), DRAW_COMMAND / DRAW_UNIT (free draw). ``weapons``: a row bit
  mask 1-7. ``prebuilt``: deck building, take that deck of ``cards.PREBUILT`` whole.
- chance: ``die`` (a d10 face), ``draw_unit``, ``draw_command``, ``draw_damage`` (card type).
- ``hidden`` (never legal; ``observed_action``): the last step of a declaration, a private
  card, a starting pick. The other steps of a commitment or a declaration observe as
  ``UNSEEN``: the other player never learns how many there were.

Observation: ``seats`` (per seat: army, deck list, hand cards or None, counts (the other seat's
hand counts its face-down cards), its own face-down cards or None plus their count (0 for the
other seat), ``decided``, ``declarations`` (None for the other seat while declaring), Reserves
size and the cards under it that the viewer saw, VP and the part of it earned by capturing,
overrun, prisoners), ``board`` (``Unit.view``), ``attacks`` (after the reveal), the attack
under way, initiative, window, ``captured`` (the unit whose line its capturer chooses, else
-1), decks and discard piles, ``winner`` and ``end_reason`` ("vp", "overrun", "turn_limit").
"""

from game.engines.frontline.state import FrontlineGame, FrontlineState

__all__ = ["FrontlineGame", "FrontlineState"]
