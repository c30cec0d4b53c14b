"""Konstruktsiia (Конструкція, ``cardtrack``): a two-player card game whose track is built from
the cards. Rules: ``docs/rules/konstruktsiia.md``."""
