"""Independent opponents for strength measurement, written from published descriptions."""
