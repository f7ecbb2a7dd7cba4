"""Five Fronts: five tabletop games with animated boards, AI opponents and hot-seat play."""
