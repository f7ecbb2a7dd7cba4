"""Independent baselines: the best-known simple strategy of each game, written from its
description and never tuned against our AI (DESIGN.md, "AI")."""
