"""Hexwright engine: the model of maps, counters and scenarios, their file format and validation,
the movement kernel and the rules families. This package never imports Qt."""
