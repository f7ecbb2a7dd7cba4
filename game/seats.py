"""What sits at a seat: a person (``HUMAN``), a person on another machine (``REMOTE``, set-up
only) or an AI level (``ai.agents.LEVELS``).

Below the match controller, so that saves, settings and scenes can name a person's seat without
importing the match.
"""

from __future__ import annotations

HUMAN = "human"
# A set-up seat for a player on another machine (game/net): in the match it is a HUMAN seat
# listed in ``Match.remote``.
REMOTE = "remote"
