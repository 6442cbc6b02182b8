"""The hex map kind's drawing: the map canvas (the map as a few layer items in a QGraphicsScene), its
geometry and layers. The hex editor (app/editor) and the playtest's hex board (app/playtest/hex_board.py)
both draw with it; it sits beside app/areamap, the area kind, below both."""
