"""An F&M game position and its sequence of play (F&M 4.0, 4.1, 000_e5c3deafb2cea4af.txt).

Each GT: the Support Fire Marker Phase (7.1, 10.7); the first player's Movement (5.0; airborne landings
11.4, engineer repair and ferry 10.6.4-10.6.5 and reinforcements 11.1 at its start), Bombardment (8.1),
Combat (8.2), Mobile Movement (5.5) and Mobile Combat phases; the same for the second player; the Game
Turn End Phase (victory 11.5 on the last GT). Scenario 2 starts with the secret set-up of 12.0.

The state is the kit's sequence machine (kit/machine.py) over the F&M board (board.py): a queue of
typed tasks, and a pending decision answered by the step of `STEPS` for its class, each in the module
of its rulebook section. Every decision the rules give a player is an action of that player
(actions.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex
from ..chance import Sampler
from ..kit import Ask, StepTable, Task
from ..kit.start import mark_opening
from ..protocol import CHANCE, Action, Draw, HistoryEntry, Outcome, Phase
from . import combat, engineers, landings, movement, retreat, setup, start, support, victory
from .actions import UNKNOWN, Attack, Bombard, Commit, MarkerId, Setup
from .board import FMBoard
from .decisions import AttackChoice, EngineerChoice, MoveChoice, SetupChoice
from .game import FMGameBase, cite, rule_ref
from .landings import NextLanding
from .reinforcements import BlockedEntries, entry_cost
from .sequence import PLAYER_PHASE_OF, PlayerPhase, Stage
from .setup import SetupBegin
from .support import MarkerAllotment, MarkerPools, draws_ahead, fit_hand

# the phases' rules as a player reads them (every history entry records its phase)
SETUP_RULE, SFM_RULE, GT_END_RULE = rule_ref("12.0"), rule_ref("4.1, 7.1, 10.7"), rule_ref("4.1")
# each player-turn stage's phase title, rule and whether it is the second player's (read at every action)
STAGE_PHASES: dict[Stage, tuple[str, str, bool]] = {
    s: (p.title, rule_ref(p.rule), s.second_player_turn) for s, p in PLAYER_PHASE_OF.items()}

# every step of F&M, found by the class of the decision it answers
STEPS = StepTable([*setup.STEPS, *support.STEPS, *movement.STEPS, *engineers.STEPS, *landings.STEPS,
                   *combat.STEPS, *retreat.STEPS])


@dataclass(frozen=True)
class PhaseStart(Task):
    """4.1: a new phase: no unit has attacked, been attacked or bombarded in it yet."""

    def run(self, state: FMBoard) -> None:
        state.attacked_phase = set()
        state.defended_phase = set()
        state.bombarded = {}


@dataclass(frozen=True)
class MovementPhaseStart(Task):
    """4.1, 5.0, 5.5: the start of a Movement (or Mobile Movement) Phase of `player`: airborne landings
    (11.4), the engineer's operation (10.6.4, 10.6.5) and delayed arrivals (11.1) first."""

    player: str
    mobile: bool

    def run(self, state: FMBoard) -> None:
        g = state.game
        PhaseStart().run(state)
        state.moved = set()
        state.clear_mp_spent()
        state.cannot_move = set()
        if not self.mobile:
            state.moved_in_movement = set()
            state.attacked_combat = set()
            state.no_attack = set()
            state.exhausted = set()
        # 10.6.3 Important: no demolition at bridges where an Allied unit begins the phase
        allied_hexes = {h for u, h in state.position.hexes.items() if g.units[u].side == g.allied}
        state.began_at_bridge = {s for s in g.bridges if s.hex in allied_hexes or s.other in allied_hexes}
        tasks: list[Task] = []
        if not self.mobile:
            for arr in state.arrivals:
                if arr.marker and arr.turn <= state.turn and g.units[arr.unit].side == self.player:
                    tasks.append(NextLanding(arr.unit))
            on_map = state.position.hexes
            if self.player == g.allied and any(g.is_engineer(u) for u in on_map if g.units[u].side == self.player):
                tasks.append(Ask(EngineerChoice(self.player)))
            tasks.append(BlockedEntries(self.player))
        tasks.append(Ask(MoveChoice(self.player, self.mobile)))
        state.queue[0:0] = tasks


class FMState(FMBoard):
    """A position of an F&M game: the board and the sequence of play of 4.1."""

    steps = STEPS

    def __init__(self, game: FMGameBase, seed: int, sampler: Sampler) -> None:
        super().__init__(game, seed, sampler)
        later = start.start_stage(self)  # a scenario that starts mid-way (Scenario.start)
        if later is not None:
            start.apply(self)
            self.open_stage(later)
        elif game.setup_hexes:
            self.queue.append(SetupBegin())
        self.advance()

    # -- the sequence of play (4.1) -------------------------------------------------------------------
    def next_stage(self) -> None:
        if self.stage is Stage.GAME_TURN_END:
            self.turn_end()
            return
        self.open_stage(self.stage.next())

    def open_stage(self, stage: Stage) -> None:
        """Open `stage` of the current GT: its tasks go on the queue. The openings a scenario may start in
        are marked for "start from here" (start.py)."""
        self.stage = stage
        if stage in start.PHASE_OF:
            mark_opening(self, start.capture)
        self.new_phase()
        self.queue.extend(self.stage_tasks())

    def stage_tasks(self) -> list[Task]:
        """The tasks that open the current stage."""
        g = self.game
        if self.stage is Stage.SUPPORT_FIRE_MARKER:
            return [MarkerPools(), MarkerAllotment(g.first_player), MarkerAllotment(g.second_player)]
        phase = self.stage.player_phase
        player = self.active
        if phase is PlayerPhase.MOVEMENT:
            return [MovementPhaseStart(player, False)]
        if phase is PlayerPhase.MOBILE_MOVEMENT:
            return [MovementPhaseStart(player, True)]
        if phase is PlayerPhase.BOMBARDMENT:
            return [PhaseStart(), combat.BombardAsk(player)]
        if phase is PlayerPhase.COMBAT or phase is PlayerPhase.MOBILE_COMBAT:
            return [PhaseStart(), Ask(AttackChoice(player))]
        return []  # the set-up and the Game Turn End Phase open with no task

    def turn_end(self) -> None:
        """4.1 Game Turn End Phase: victory on the last GT (11.5), else the next GT."""
        g = self.game
        for s in g.side_ids:
            self.available[s] = []  # 7.2: unused markers go back to the pools
        if self.turn >= g.last_turn:
            out = victory.at_end(self)
            if g.last_turn < len(g.scenario.turns):
                out = Outcome(out.winner, out.draw, f"play stopped after GT {self.turn} of {len(g.scenario.turns)} "
                              f"(max_turns); judged as if the game ended there: {out.reason}")
            self.end_game(out)
            return
        self.turn += 1
        self.demolition_tried = set()
        self.repaired_gt = set()
        self.repair_tried = set()
        self.set_ferry(None)  # 10.6.5: a ferry operates for one GT
        self.engineer_op = ""
        self.open_stage(Stage.SUPPORT_FIRE_MARKER)

    def check_victory(self) -> Outcome | None:
        """11.5: "at any time", asked after every action. It depends only on which units occupy the hexes
        the victory conditions name, so it is worked out again only when a unit that was in one of them or
        is in one now has changed since it was last worked out (`_victory`: the position's revision then,
        the answer and the units then in those hexes)."""
        pos = self.position
        rev = pos.revision
        memo = self._victory
        where = self.game.victory_hexes
        if memo is not None:
            if memo[0] == rev:
                return memo[1]
            changed = pos.units_changed_since(memo[0])
            if changed is not None:
                hexes = pos.hexes
                held = memo[2]
                for u in changed:
                    if u is not None and (u in held or hexes.get(u) in where):
                        break
                else:
                    self._victory = (rev, memo[1], held)
                    return memo[1]
        out = victory.immediate(self)
        self._victory = (rev, out, frozenset(u for u, h in pos.hexes.items() if h in where))
        return out

    @property
    def phase(self) -> Phase:
        key = (self.stage, self.turn)
        got = self.game.phase_memo.get(key)  # asked at every action (the history's entries): made once per game
        if got is None:
            got = self.game.phase_memo[key] = self._phase()
        return got

    def _phase(self) -> Phase:
        g = self.game
        stage = self.stage
        if stage is Stage.SET_UP:
            return Phase("Set-up", SETUP_RULE, self.turn)
        if stage is Stage.SUPPORT_FIRE_MARKER:
            return Phase("Support Fire Marker Phase", SFM_RULE, self.turn)
        got = STAGE_PHASES.get(stage)
        if got is None:
            return Phase("Game Turn End Phase", GT_END_RULE, self.turn)
        title, rule, second = got
        return Phase(title, rule, self.turn, g.second_player if second else g.first_player)

    # -- the protocol ---------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The action of a text; `sfm +3` stands for the one kind of +3 marker the player may commit."""
        action = self.game.parse_action(text)
        if isinstance(action, Commit) and action.marker and ":" not in action.marker \
                and self.pending_decision() is not None:
            same = [a for a in self.legal_actions() if isinstance(a, Commit) and a.marker
                    and MarkerId.parse(a.marker).value == MarkerId.parse(action.marker).value]
            if len(same) == 1:
                return same[0]
        return action

    def masked_text(self, entry: HistoryEntry) -> str:
        if entry.player == CHANCE and entry.owner:
            return f"draw (one {self.side_name(entry.owner)} support fire marker, hidden {cite('7.2')})"
        return super().masked_text(entry)

    def still_hidden(self, index: int) -> bool:
        """8.2.1 b: a marker committed face down is hidden until both players have made their four choices
        of the combat (the markers are flipped before the roll); 12.0: a set-up recorded secretly is hidden
        until both players have recorded theirs; 7.2, 10.7: a marker drawn in secret is hidden until the end
        of its GT, when the markers not used go back to the pools (those used were revealed when flipped or
        bombarding)."""
        history = self._history
        entry = history[index]
        if entry.player == CHANCE and entry.owner:
            return not self.is_terminal() and entry.phase.turn == self.turn
        action = entry.action
        if isinstance(action, Setup):
            return isinstance(self.pending_decision(), SetupChoice)
        if isinstance(action, Commit):
            c = self.combat
            return (c is not None and c.step <= 4
                    and all(isinstance(e.action, Commit) for e in history[index + 1:]))
        return super().still_hidden(index)

    def hidden_until(self, index: int) -> str:
        entry = self._history[index]
        if entry.player == CHANCE and entry.owner:
            return (f"until the end of GT {entry.phase.turn}, when the markers not used go back to the pools "
                    f"{cite('7.2')}")
        action = entry.action
        if isinstance(action, Setup):
            return f"until both players have recorded their set-up {cite('12.0')}"
        if isinstance(action, Commit):
            c = self.combat
            where = f" at {self.game.label(c.target)}" if c is not None else ""
            return f"until the markers of the combat{where} are revealed {cite('8.2.1 b')}"
        return super().hidden_until(index)

    def secret_draws_ahead(self) -> int:
        """10.7: the markers the side drawing now draws one after the other in this phase."""
        return draws_ahead(self)

    def stand_in_outcome(self) -> Action:
        """7.2: a marker the other side drew in secret, held as one not revealed yet (actions.UNKNOWN)."""
        return Draw(UNKNOWN.token())

    def fit_stand_ins(self, action: Action) -> None:
        """7.2, 8.1.2, 8.2.1 b: the markers a bombardment or an opened marker commitment names are among the
        acting side's markers not revealed yet (support.fit_hand)."""
        side = self.current_player
        if isinstance(action, Commit) and action.marker:
            named = [MarkerId.parse(action.marker)]
        elif isinstance(action, Bombard):
            named = [MarkerId.parse(t) for t in action.markers]
        else:
            return
        if side:
            fit_hand(self, side, named)

    def fingerprint(self) -> Any:
        return (self.turn, self.stage, self.position.key(), self.dz_extra_drm,
                {s: sorted(m.token() for m in v) for s, v in self.available.items()},
                sorted(self.moved), self.engineer_op, repr(self.pending_decision()), repr(self.combat),
                repr(self.queue), [a.unit for a in self.arrivals], sorted(self.move_fallback.items()),
                self.action_texts(), self.outcome())

    # -- typed queries for tools and presenters ----------------------------------------------------------
    def result_distribution(self, attack: Attack | None = None) -> dict[str, Fraction]:
        """The exact distribution of CRT results for the combat in progress, or for `attack` declared now
        with no support fire markers (rules/chance.combat_odds)."""
        return combat.result_distribution(self, attack)

    def entry_cost(self, uid: str, h: Hex) -> float:
        """11.1, 6.1: the MP a reinforcement spends entering the map at `h`."""
        return entry_cost(self, uid, h)


__all__ = ["STEPS", "FMState", "PlayerPhase", "Stage"]
