"""Computer opponents: one MCTS for every game, per-game heuristics, the worker process."""
