"""Frontline General: Spearpoint 1943 (フロントライン・ジェネラル), the engine (in progress).

Rules: the project's ``rules/frontline.md``. Card data: ``cards.json`` (rules Appendix A) read by
``cards``; exact attack odds: ``probability``.
"""
