"""``python -m generator`` runs the plywright command."""

from generator.launch import main

main()
