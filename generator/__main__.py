"""``python -m plywright`` runs the plywright command."""

from plywright.launch import main

main()
