"""The ASL map rules' registry entry (engine/rules/registry.py): no rules engine yet, only what a
scenario of them names. Imports only the registry."""

from __future__ import annotations

from ..registry import RulesFamily

FAMILY = RulesFamily("asl", "ASL map rules", "ASL Arnhem Bridge", "ASL", "004_09a6f3be713b811c.txt", (),
                     "ASL counters", "ASL stacking")
