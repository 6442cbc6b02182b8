"""The scenario designer: a ScenarioDocument with its undo stack, one undo command per kind of edit,
and the panels that edit a scenario (order of battle, reinforcements, turn track, victory, tables,
markers)."""
