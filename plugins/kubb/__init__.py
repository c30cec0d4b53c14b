"""The built-in ``kubb`` game plugin: the lawn game of throws (see ``shared/rules/kubb.md``)."""
