"""Benchmarks: ``python -m bench [--quick] [--strength]`` prints a table and writes results.json.

Each section module exposes ``run(quick: bool) -> list[dict]``; a row has the keys ``game``,
``metric``, ``value``, ``unit`` and optionally ``target`` (such as ">= 3x"). Benchmarks measure
and report; they never fail a build.
"""
