"""The `vaza` subcommands, one module each.

Each module offers `register(commands)`, which adds its parser to the `vaza` command's
subparsers and sets `run` (a function of the parsed arguments returning the exit status).
"""
