"""The designer's route handlers, by what they serve (wired by ``generator.web.app``)."""
