"""Packaging beside pyproject.toml (which holds the metadata): every import name lives under
``plywright`` while the folders keep their names, ``generator/`` being ``plywright`` and
``plugins/`` being ``plywright.plugins``. Nothing else is installed at top level; data
folders (locales, scenarios, the designer's pages) are packages too, so their files ship."""

from setuptools import find_namespace_packages, setup

FOLDERS = {"plywright": "generator", "plywright.plugins": "plugins"}

setup(
    package_dir=FOLDERS,
    packages=[
        f"{name}.{sub}" if sub else name
        for name, folder in FOLDERS.items()
        for sub in ["", *find_namespace_packages(folder, exclude=["*__pycache__*"])]
    ],
)
