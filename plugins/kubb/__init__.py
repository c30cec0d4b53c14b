"""The built-in ``kubb`` game plugin: the lawn game of throws (see ``docs/rules/kubb.md``)."""
