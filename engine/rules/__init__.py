"""Rules families: one package per family behind one game-state protocol."""
