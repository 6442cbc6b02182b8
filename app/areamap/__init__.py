"""The area kind of map (Storm over Arnhem plays on areas, not hexes; docs/editor.md "Area maps in the
editor"), what the one editor window shows with the area kind's part (app/editor/kinds.py,
app/editor/area_kind.py): `document.py` the document of an AreaMap (engine/model/areamap.py) on the
shell's document base (app/kindbase/document.py), `commands.py` one undo command per kind of edit,
`geometry.py` the drawing geometry on the engine's shapely helpers (welding shared borders, shared
vertices, counters inside an area), `view.py` draws the map in layers, `tools.py` the Select, Draw,
Split and Paint terrain tools, `panels.py` the Area, Borders, Problems and Units panels, `files.py`
opening and saving."""
