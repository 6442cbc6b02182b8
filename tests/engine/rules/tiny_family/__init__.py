"""A tiny rules family written in the tests (issue 28, "a sixth family touches only its own folder"): two
sides with one unit each on a small hex map, each Game Turn the first side then the second moves its unit
one hex or passes, three Game Turns, and the side whose unit ends on the objective hex wins. Built on the
rules kit like the shipped families (engine/rules/kit: Position, typed steps and actions, the machine)
and registered at run time (`registry.register_family`) by its test, which then validates, plays, draws
and studies it through the app's and the engine's ordinary paths. Light, like a shipped family's package:
only family.py is read to register it."""
