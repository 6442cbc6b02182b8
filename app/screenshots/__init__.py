"""Screenshots for docs/screenshots that need windows from several layers of the app (the area-map editor
with its playtest): `python -m hexwright.app.screenshots.areas docs/screenshots`."""
