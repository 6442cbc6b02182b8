"""Writing Hexwright's maps and scenarios for other tools (the pictures they need are drawn here, with Qt;
the file formats themselves are in engine/formats)."""
