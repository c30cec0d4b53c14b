"""The import-name tree mypy reads: ``build/mypy/plywright`` made of symbolic links to the
folders as they are (``generator/`` is ``plywright``, ``plugins/`` is ``plywright.plugins``;
see setup.py). mypy does not run the import hooks of an editable install, so it is given the
names this way. Run by ``make lint`` before mypy; safe to run again."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "mypy"


def build_tree() -> Path:
    """(Re)make the tree; returns the folder to give mypy as its search path."""
    package = TREE / "plywright"
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for entry in sorted((ROOT / "generator").iterdir()):
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    (package / "plugins").symlink_to(ROOT / "plugins")
    return TREE


if __name__ == "__main__":
    print(build_tree())
