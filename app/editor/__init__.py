"""The map editor: main window, map view, tools, digitizing, autosave and export dialogs."""
