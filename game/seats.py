"""What sits at a seat: a person (``HUMAN``) or an AI level (``ai.agents.LEVELS``).

Below the match controller, so that saves, settings and scenes can name a person's seat without
importing the match.
"""

from __future__ import annotations

HUMAN = "human"
