"""Five Fronts: five tabletop games with animated boards, AI opponents and hot-seat play."""

__version__ = "0.1.0"
