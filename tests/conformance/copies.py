"""Copies of the example plugin (``examples/plywright-tictactoe``), each broken by one small
patch, for the conformance kit's own tests.

A copy is the example's package under another name (``kc_<slug>``, game ``kc-<slug>``) so
that it registers beside the installed example; a :class:`Patch` replaces text that must
occur exactly once in a file of it (a patch that no longer applies says so).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "plywright-tictactoe" / "src" / "plywright_tictactoe"
PACKAGE = "plywright_tictactoe"


@dataclass(frozen=True)
class Edit:
    """Replace ``old`` (found exactly once) by ``new`` in ``file`` of the package."""

    file: str
    old: str
    new: str


@dataclass(frozen=True)
class Patch:
    """One broken copy: its edits, the kit's tests it must fail (by name, any parameters)
    and the texts its failure messages must show (each in one of them at least)."""

    slug: str
    what: str
    edits: tuple[Edit, ...]
    fails: frozenset[str]
    messages: tuple[str, ...]

    @property
    def game(self) -> str:
        return f"kc-{self.slug}"

    @property
    def module(self) -> str:
        return f"kc_{self.slug.replace('-', '_')}"


def make_copy(patch: Patch, into: Path) -> Path:
    """Write the patched copy's package under ``into`` (the folder to put on ``sys.path``);
    returns ``into``."""
    target = into / patch.module
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("__pycache__"))
    for path in target.rglob("*"):
        if path.suffix in (".py", ".toml"):
            text = path.read_text(encoding="utf-8").replace(PACKAGE, patch.module)
            path.write_text(text, encoding="utf-8")
    init = target / "__init__.py"
    named = init.read_text(encoding="utf-8")
    assert named.count('GAME_NAME = "tictactoe"') == 1, "the example's GAME_NAME moved"
    init.write_text(named.replace('GAME_NAME = "tictactoe"', f'GAME_NAME = "{patch.game}"'))
    for edit in patch.edits:
        path = target / edit.file
        text = path.read_text(encoding="utf-8")
        old = edit.old.replace(PACKAGE, patch.module)
        assert text.count(old) == 1, f"patch {patch.slug}: {edit.old!r} is not once in {edit.file}"
        path.write_text(text.replace(old, edit.new.replace(PACKAGE, patch.module)))
    return into


MIRROR_AGENT = '''

class _Mirror:
    """Answers each move with the opposite cell (point symmetry), the centre first."""

    def __init__(self, game, seat, rng):
        self.seat = seat

    def step(self, state):
        history = state.history()  # forgets that the centre is its own mirror image
        return len(state.board) - 1 - history[-1] if history else len(state.board) // 2


@hookimpl
def plywright_register_agents(register):
    register(AgentSpec("mirror", "the opposite cell", _Mirror, games=(GAME_NAME,)))
'''
"""An agent that answers a move on the centre with the centre."""

GAME_LINE = '    designer=Path(__file__).with_name("designer.toml"),\n)'
IMPORT_LINE = (
    "from plywright.api import Artifact, GameDefinition, GameRegistrar, StaticCheck, hookimpl, lazy"
)
AGENT_IMPORT = "from plywright.api import (\n    AgentSpec, Artifact, GameDefinition, GameRegistrar, StaticCheck, hookimpl, lazy,\n)"

SOUND = Patch("sound", "the example, unbroken", (), frozenset(), ())

PATCHES = (
    Patch(
        "k-for-size",
        "rules values no preset uses: the record checker reads cells by k_in_row, not size "
        "(both presets have k_in_row == size)",
        (
            Edit(
                "records.py",
                "state.apply_action(_cell(entry, rules.size, number))",
                "state.apply_action(_cell(entry, rules.k_in_row, number))",
            ),
        ),
        frozenset({"test_rules_tables_from_the_schema_keep_the_protocol"}),
        ("a drawn table: the record checker refuses a sound record", "[rules] {'size': "),
    ),
    Patch(
        "ladder",
        "a ladder agent that plays an occupied cell",
        (
            Edit("plugin.py", IMPORT_LINE, AGENT_IMPORT),
            Edit(
                "plugin.py",
                GAME_LINE,
                GAME_LINE[:-1] + '    ladder=("random", "mirror"),\n)' + MIRROR_AGENT,
            ),
        ),
        frozenset({"test_every_agent_plays_legal_moves"}),
        ("agent 'mirror' (seat 1, move 1) chose 4, not a legal action",),
    ),
    Patch(
        "default-agent",
        "a default agent that plays an occupied cell (the records test names it)",
        (
            Edit("plugin.py", IMPORT_LINE, AGENT_IMPORT),
            Edit("plugin.py", 'default_agent="random",', 'default_agent="mirror",'),
            Edit("plugin.py", GAME_LINE, GAME_LINE + MIRROR_AGENT),
        ),
        frozenset({"test_every_agent_plays_legal_moves", "test_records_replay"}),
        ("agent 'mirror' (seat 1, move 1) chose 4", "with the default agent (mirror) failed"),
    ),
    Patch(
        "result-unchecked",
        "a record checker that compares only the kind of result, not the winners",
        (
            Edit(
                "records.py",
                "if stated != (outcome.result, list(outcome.winners), outcome.rounds):",
                "if stated[0] != outcome.result:",
            ),
        ),
        frozenset({"test_tampered_records_are_refused"}),
        ("a record with a changed result line is accepted",),
    ),
    Patch(
        "occupied",
        "an engine that lets a mark go on an occupied cell",
        (
            Edit(
                "rules.py",
                "if not 0 <= action < len(self.board) or self.board[action] != EMPTY:",
                "if not 0 <= action < len(self.board):",
            ),
        ),
        frozenset({"test_illegal_actions_are_refused", "test_tampered_records_are_refused"}),
        ("was accepted; an illegal action must raise ValueError",),
    ),
    Patch(
        "index-error",
        "an engine that refuses a cell past the board with IndexError",
        (
            Edit(
                "rules.py",
                "if not 0 <= action < len(self.board) or self.board[action] != EMPTY:",
                "if action < 0 or self.board[action] != EMPTY:",
            ),
        ),
        frozenset({"test_illegal_actions_are_refused"}),
        ("raised IndexError",),
    ),
    Patch(
        "over-at-start",
        "a game over before its first move (all() of a board of -1 marks is True)",
        (
            Edit(
                "rules.py",
                "return self.winner is not None or len(self.moves) == len(self.board)",
                "return self.winner is not None or all(self.board)",
            ),
        ),
        frozenset(
            {
                "test_a_new_game_is_ready_to_play",
                "test_random_games_keep_the_protocol",
                "test_rules_tables_from_the_schema_keep_the_protocol",
            }
        ),
        ("a new game is over before its first move",),
    ),
    Patch(
        "o-first",
        "the wrong player to move: O (seat 1) begins",
        (
            Edit(
                "rules.py",
                "return len(self.moves) % PLAYERS",
                "return (len(self.moves) + 1) % PLAYERS",
            ),
        ),
        frozenset({"test_random_games_keep_the_protocol"}),
        ("current_player() is 1, the declared turn order gives seat 0",),
    ),
    Patch(
        "half-points",
        "returns non-zero before the end: half a point each while nobody has won",
        (
            Edit(
                "rules.py",
                "            return [0.0] * PLAYERS",
                "            return [0.5] * PLAYERS",
            ),
        ),
        frozenset(
            {
                "test_a_new_game_is_ready_to_play",
                "test_random_games_keep_the_protocol",
                "test_rules_tables_from_the_schema_keep_the_protocol",
            }
        ),
        ("returns() [0.5, 0.5]",),
    ),
    Patch(
        "history-shared",
        "history() hands out the engine's own list",
        (
            Edit(
                "rules.py",
                "    def history(self) -> list[int]:\n        return self.moves.copy()",
                "    def history(self) -> list[int]:\n        return self.moves",
            ),
        ),
        frozenset(
            {
                "test_random_games_keep_the_protocol",
                "test_rules_tables_from_the_schema_keep_the_protocol",
            }
        ),
        ("changing the list history() or legal_actions() returned changed the state",),
    ),
    Patch(
        "turn-unchecked",
        "a record checker that lets either seat make any move",
        (
            Edit(
                "records.py",
                'if entry.get("player") != state.current_player():',
                'if entry.get("player") not in (0, 1):',
            ),
        ),
        frozenset({"test_tampered_records_are_refused"}),
        ("a record with an action line of another seat is accepted",),
    ),
    Patch(
        "zero-margin",
        "a static check that divides by the margin, which may be 0 (no preset sets it)",
        (
            Edit(
                "plugin.py",
                'f"{board.edge_wall:g} mm of wood between outer holes and the edge "',
                'f"{board.edge_wall:g} mm of wood between outer holes and the edge, "\n'
                '            f"{board.side / production.margin:.0f} margins across "',
            ),
        ),
        frozenset({"test_static_checks_of_drawn_tables_run"}),
        ("ZeroDivisionError", "[production] {"),
    ),
    Patch(
        "designer-choice",
        "a designer choice outside the field's own range (a 6 x 6 board; size is 3-5)",
        (
            Edit(
                "designer.toml",
                'label = "Cells per side"',
                'label = "Cells per side"\nchoices = { 3 = "3 × 3", 4 = "4 × 4", 6 = "6 × 6" }',
            ),
        ),
        frozenset({"test_the_designer_words_read"}),
        ("fields.rules.size.choices: '6' is outside the field's own range",),
    ),
    Patch(
        "coercing",
        "a rules model that turns text into numbers (a before-validator)",
        (
            Edit(
                "options.py",
                '    @field_validator("k_in_row")\n',
                '    @field_validator("size", "k_in_row", mode="before")\n'
                "    @classmethod\n"
                "    def _from_text(cls, value: Any) -> Any:\n"
                "        return int(value) if isinstance(value, str) else value\n\n"
                '    @field_validator("k_in_row")\n',
            ),
        ),
        frozenset({"test_the_models_are_strict"}),
        ("[rules] size = '3' (str) is accepted as 3",),
    ),
    Patch(
        "noisy-build",
        "a build that writes the time into the SVG",
        (
            Edit("layout.py", "import io\n", "import io\nimport time\n"),
            Edit(
                "layout.py",
                "drawing.set_desc(title=title)",
                'drawing.set_desc(title=title, desc=f"{time.time_ns()}")',
            ),
        ),
        frozenset({"test_builds_are_deterministic"}),
        ("layout/board.svg differs between two builds",),
    ),
    Patch(
        "designer-preset",
        "a designer file naming a preset the game lacks (the message once)",
        (Edit("designer.toml", "four = ", "fours = "),),
        frozenset({"test_the_designer_words_read"}),
        ("presets: 'fours' is not a preset (allowed: classic, four)",),
    ),
)
"""One patch per class of mistake; every copy loads (see :data:`HOOKIMPL` for one that
does not)."""

HOOKIMPL = Patch(
    "hookimpl",
    "a hook implementation whose parameter is misnamed (registrar for register)",
    (
        Edit(
            "plugin.py",
            "def plywright_register_games(register: GameRegistrar) -> None:\n    register(GAME)",
            "def plywright_register_games(registrar: GameRegistrar) -> None:\n    registrar(GAME)",
        ),
    ),
    frozenset(),
    ("are declared in the hookimpl but can not be found in the hookspec",),
)
"""The copy that fails to load: the kit and ``plywright games`` give pluggy's whole reason."""
