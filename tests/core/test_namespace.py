"""One namespace: every import name is under ``plywright`` (the folders ``generator/`` and
``plugins/`` are ``plywright`` and ``plywright.plugins``, see setup.py), and installing
plywright puts nothing else at top level."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JUNK = ("__pycache__", "*.egg-info", "*.pyc")

IMPORT_ALL = """
import importlib, pkgutil, sys
import plywright, plywright.plugins
names = [
    module.name
    for package in (plywright, plywright.plugins)  # two folders, so two walks
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not module.name.endswith("__main__")  # a command, not a module to import
]
for name in names:
    importlib.import_module(name)
stray = sorted({m.split(".")[0] for m in sys.modules} & {"generator", "plugins"})
print(len(names), " ".join(stray))
"""


def test_every_module_imports_under_plywright_and_nothing_under_the_folder_names() -> None:
    # run from the project root, where the folders themselves could be imported by mistake
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True, text=True, check=True
    )
    count, *stray = result.stdout.split()
    assert int(count) > 150  # the core and the three games, not an empty mapping
    assert stray == [], f"modules imported under a folder's name: {stray}"


def test_the_wheel_holds_only_the_plywright_package(tmp_path: Path) -> None:
    # built from a copy: an in-tree build rewrites ROOT/plywright.egg-info, which the other
    # test workers (the project root is on their sys.path) read for the entry points
    source = tmp_path / "source"
    source.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE", "generator", "plugins"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns(*JUNK))
        elif (ROOT / name).exists():
            shutil.copy2(ROOT / name, source / name)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path), str(source)],
        check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("plywright-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"plywright"}
    # the games, their data files and the designer's pages come along
    for wanted in (
        "plywright/plugins/halma/plugin.py",
        "plywright/plugins/kubb/locales/nl.toml",
        "plywright/plugins/cardtrack/scenarios/",
        "plywright/web/static/",
        "plywright/print/locales/en.toml",
    ):
        assert any(name.startswith(wanted) for name in names), wanted
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "generator." not in text and "= plugins." not in text
    assert "halma = plywright.plugins.halma.plugin" in text
