"""What every map kind (app/editor/kinds.py: hex maps, area maps) builds on: the document base (model,
undo stack, modified state, path), the scan underlay and the counter and marker items the kinds' views
and the playtest boards draw with."""
