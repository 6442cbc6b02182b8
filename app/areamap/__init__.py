"""The area-map editor (Storm over Arnhem plays on areas, not hexes; docs/editor.md "Area maps in the
editor"): `document.py` owns the AreaMap (engine/model/areamap.py) and its undo stack, `commands.py` has
one undo command per kind of edit, `geometry.py` the drawing geometry on the engine's shapely helpers
(welding shared borders, shared vertices, counters inside an area), `view.py` draws the map,
`tools.py` the Select, Draw and Split tools, `panels.py` the Area, Borders, Problems and Units panels,
`window.py` the window, `files.py` opening and saving, `autosave.py` the side file, `new_dialog.py`
File > New Area Map…, `screenshots.py` the documentation's pictures."""
