"""``python -m generator`` runs the plywright command."""

from generator.cli import main

main()
