"""One-off studies behind docs/experiments/: run from the repository root as
``python -m research.<name>``. Nothing in the product, the benchmark or the tests imports them."""
