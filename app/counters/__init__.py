"""Counters in the app: painting them (draw), printing counter sheets (sheets) and the counter
designer widget (designer)."""
