"""The `vaza` command: deals, robots in the terminal, scoring, analysis, benchmarks."""

from __future__ import annotations

import argparse
import importlib
import re
import signal
import sys
from collections.abc import Sequence
from typing import NoReturn

from vaza import __version__
from vaza.commands.common import lang_of, refusing_language, speaking
from vaza.core.errors import VazaError
from vaza.i18n import default_language, text

EPILOG = "Vaza is an online bridge club. Run `vaza COMMAND --help` for each command's options."

# One module per command in vaza.commands; each registers its own parser.
COMMANDS = (
    "deal", "demo", "play", "match", "score", "pad", "analyze", "serve", "backup", "robot",
    "bluechip", "bench",
)  # fmt: skip


class _Parser(argparse.ArgumentParser):
    """A parser whose refusals are one sentence naming the command (argparse prints the whole
    usage first, which buries the reason)."""

    def error(self, message: str) -> NoReturn:
        lang = refusing_language()
        hint = text("error.help", lang, prog=self.prog)
        self.exit(2, f"{self.prog}: {argparse_message(message, lang).rstrip('.')} ({hint})\n")


# argparse's own refusals (its English wording), each as a catalogue entry, so that they read in
# the chosen language too; a refusal of ours (a type's message) is already in it.
_ARGPARSE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^argument (?P<argument>[^:]+): (?P<message>.*)$", re.S), "argparse.argument"),
    (re.compile(r"^invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)$"),
     "argparse.choice"),
    (re.compile(r"^the following arguments are required: (?P<names>.*)$"), "argparse.required"),
    (re.compile(r"^unrecognized arguments: (?P<names>.*)$"), "argparse.unknown"),
    (re.compile(r"^expected one argument$"), "argparse.one"),
    (re.compile(r"^invalid (?P<kind>\w+) value: (?P<value>.*)$"), "argparse.value"),
)  # fmt: skip


def argparse_message(message: str, lang: str) -> str:
    """An argparse refusal in `lang`: its known wordings read from the catalogue (an
    argument's own message translated in turn), anything else as it came."""
    for pattern, key in _ARGPARSE:
        found = pattern.match(message)
        if found is not None:
            values = found.groupdict()
            if "message" in values:
                values["message"] = argparse_message(values["message"], lang)
            return text(key, lang, **values)
    return message


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="vaza", description=__doc__, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"vaza {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"vaza.commands.{name}").register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; a person's mistake, a file the system refuses, or Ctrl-C ends it with
    one sentence on standard error and a non-zero status, never a traceback."""
    command = "vaza"
    words = sys.argv[1:] if argv is None else list(argv)
    with speaking(words):
        try:
            parser = build_parser()
            args = parser.parse_args(words)
            if args.command is None:
                parser.print_help()
                return 2
            command = f"vaza {args.command}"
            status: int = args.run(args)
        except VazaError as error:
            print(f"{command}: {error}", file=sys.stderr)
            return 1
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            print(f"{command}: {where}{error.strerror or error}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            # A second Ctrl-C while stopping (a person pressing again, a loaded machine slow to
            # exit) must not kill the process before it has said so and ended with 130.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            lang = default_language() if command == "vaza" else lang_of(args)
            print(f"\n{command}: {text('error.interrupted', lang)}", file=sys.stderr)
            return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
