"""Battle Line (バトルライン): two players build poker-like formations at nine flags.

Rules: ``assets/rules/battleline.en.md`` for players; sources and decisions in the project's
``rules/battleline.md``. Modules: ``cards`` (the 70 cards and their ids), ``formations`` (rank,
total, best reachable key, comparison), ``proof`` (the exact claim proof with counterexample),
``actions`` (action ids), ``phases``, ``options``, ``state`` (game, state, turn flow),
``knowledge`` (observation, determinize, hidden moves), ``refusals`` (illegal-action reasons),
``placing`` (where a chosen card may go, read from an observation).

Card ids
--------
0-59 troop cards: ``colour * 10 + value - 1``; colours 0-5 = Red, Orange, Yellow, Green, Blue,
Purple (letters R O Y G B P; "R7" = 6). 60 Alexander, 61 Darius (Leaders), 62 Companion
Cavalry, 63 Shield Bearers, 64 Fog, 65 Mud, 66 Scout, 67 Redeploy, 68 Deserter, 69 Traitor.
Flags are 0-8 (shown to players as 1-9). Players are 0 and 1.

Actions (what an id means depends on ``observation["phase"]``)
----------------------------------------------------------------
- ``play``: a card id from your hand, or PASS = 91 (only when no troop card can be played).
- ``flag``: FLAG_BASE + flag = 70-78, where the chosen troop, morale, Fog or Mud card goes.
- ``scout_draw`` / ``draw``: DRAW_TROOP = 88 or DRAW_TACTICS = 89 (asked only when both decks
  have cards; otherwise the draw happens without a decision).
- ``scout_return``: a card id from your hand to put back on top of its own deck.
- ``redeploy_from``: one of your card ids at an unclaimed flag; ``redeploy_to``: 70-78 (another
  flag) or DISCARD = 90.
- ``deserter``: an opposing card id (troop or morale) at an unclaimed flag.
- ``traitor_from``: an opposing troop card id at an unclaimed flag; ``traitor_to``: 70-78.
- ``claim``: CLAIM_BASE + flag = 79-87 (only provable flags are legal), DONE = 92 to stop.
- Chance (``current_player() == CHANCE``): ``first_player`` 93/94 (player 0/1 starts the
  match); ``deal``, ``next_game`` and ``draw_card``: the card id dealt or drawn.
- ``observed_action`` (search only, never legal): 95 a card dealt/drawn into the other hand,
  96/97 a troop/tactics card the other player put back with Scout.

A turn: [claim, advanced timing] -> play -> the card's decisions (flag; Scout's draws and
returns; Redeploy/Traitor from -> to; Deserter) -> [claim, basic timing] -> draw -> draw_card.
The claim phase appears only when a flag is provable; no draw after a pass or Scout, or with 7
cards; a card put back by Scout is drawn from the top without a chance event. A game ends at once
on 3 adjacent or 5 flags; two passes in a row end it by the ``stalemate`` option. In match play
the finished board stays (phase ``next_game``, ``match.game`` still the finished game) until the
chance event of the next deal's first card, which gathers the cards (``match.game`` increases).
The ``first_player`` option makes the opening chance event a fixed seat.

Observation (``state.observation(viewer)``, JSON-able)
------------------------------------------------------
- ``viewer``; ``current_player`` (0/1, -1 chance, -4 over); ``turn`` (whose turn, None before
  the first player is drawn); ``phase`` (the names above, or "over").
- ``pending``: ``card`` being played/moved or None; ``from_flag`` of a moved card;
  ``scout_draws_left``; ``scout_returns_left``; ``deck`` being drawn from ("troop"/"tactics")
  in ``draw_card``; ``claimable`` (provable flags in the claim phase); ``claim_stage``
  ("start"/"end"/None).
- ``flags``: 9 dicts: ``claimed_by`` (-1/0/1); ``fog`` and ``mud`` (-1, or who played it);
  ``slots`` (3, or 4 with Mud); ``cards`` [player 0's side, player 1's side] in play order;
  ``completed_at`` [move number when each side last became complete, or None];
  ``formation`` [{rank, total, name} for a complete side, else None] (rank 5 Wedge ... 1 Host,
  0 under Fog); ``claim``: on the viewer's turn at an open flag where the viewer's side is
  complete, {``provable``, ``reason`` (words), ``beaten_by``: None or the opposing completion
  that beats the viewer: {``cards`` (troop ids added), ``wilds`` [[morale id, colour, value]],
  rank, total, name}}, else None.
- ``hands``: per player {``count``, ``troops``, ``tactics``, ``cards`` (sorted ids; None for the
  opponent), ``known`` (ids the viewer knows are in that hand: cards it put back with Scout
  that the opponent drew), ``unplayable`` (while the viewer is to play: its cards that cannot
  be played now, each as [id, refusal phrase])}.
- ``decks``: {"troop": n, "tactics": n}; ``deck_tops``: per deck, the Scout-returned cards on
  top, top first: the id if the viewer put it there, else None.
- ``discards``: per player, face-up cards (played guile cards, deserted and discarded cards).
- ``tactics_played``, ``leader_played``, ``passes`` (consecutive passes).
- ``match``: {``games``, ``game`` (0-based), ``starter``, ``points``, ``wins``, ``results``:
  per finished game {``winner`` (-1 draw), ``how`` ("breakthrough", "envelopment", "final
  resolution", "stalemate"), ``flags`` [count, count], ``claimed`` [9 owners], ``points``
  [what each scored, §1.11], ``won_with`` [the flags that won it: a Breakthrough's three]}}.
- ``options``; ``winner`` (match winner, -1 drawn, None while playing); ``returns``.

For Python callers: ``state.claim_check(player, flag)`` (a ``proof.ClaimCheck`` with the
counterexample), ``state.provable_flags(player)``, ``describe_action(state, action, viewer)`` in
``knowledge`` for one player's view of a move (``action_to_string`` names public cards only,
so it is safe for the shared move log).
"""

from game.engines.battleline.state import BattleLineGame, BattleLineState

__all__ = ["BattleLineGame", "BattleLineState"]
