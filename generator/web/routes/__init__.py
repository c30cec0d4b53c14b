"""The designer's route handlers, by what they serve (wired by ``plywright.web.app``)."""
