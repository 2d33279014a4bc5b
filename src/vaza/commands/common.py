"""Argument types and options shared by several commands."""

from __future__ import annotations

import argparse
import errno
import socket
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from vaza.i18n import LANGUAGES, default_language, spoken, text

_chosen: list[str] = []
"""The --lang of the command line being read, for the refusals of its options (argparse reads
the options in order, so one before --lang could not know it otherwise)."""


@contextmanager
def speaking(argv: Sequence[str]) -> Iterator[None]:
    """While a command line is read and run, its refusals speak its --lang (when it names one
    Vaza speaks), else the locale's language."""
    found = None
    for place, word in enumerate(argv):
        value = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and place + 1 < len(argv):
            value = argv[place + 1]
        if value is not None:
            found = spoken(value)
    _chosen.append(found or default_language())
    try:
        yield
    finally:
        _chosen.pop()


def refusing_language() -> str:
    """The language the command line being read is refused in."""
    return _chosen[-1] if _chosen else default_language()


def seed(value: str) -> int | str:
    """Seeds given as digits are numbers, so `--seed 7` and `make_rng(7)` agree."""
    return int(value) if value.isdigit() else value


def positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        message = text("error.whole", refusing_language(), value=value)
        raise argparse.ArgumentTypeError(message) from None
    if number < 1:
        raise argparse.ArgumentTypeError(text("error.at_least_1", refusing_language()))
    return number


def board_number(value: str) -> int:
    try:
        return positive(value)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(text("error.board", refusing_language())) from None


def language(choice: str) -> str:
    """A `--lang` value: only a language Vaza speaks (``pt_BR`` and ``en-GB`` are read as
    theirs); anything else is refused, never taken for English."""
    found = spoken(choice)
    if found is None:
        raise argparse.ArgumentTypeError(
            text("error.lang", refusing_language(), name=choice, choices=", ".join(LANGUAGES))
        )
    return found


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=language,
        default=None,
        help=f"interface language: {', '.join(LANGUAGES)} (default: from your locale)",
    )


def lang_of(args: argparse.Namespace) -> str:
    """The language a command speaks: its --lang, else the locale's."""
    chosen: str | None = getattr(args, "lang", None)
    return chosen or default_language()


def port(value: str) -> int:
    """A TCP port to listen on: 1 to 65535."""
    if not value.isdigit() or not 1 <= int(value) <= 65535:
        raise argparse.ArgumentTypeError(text("error.port", refusing_language(), port=value))
    return int(value)


def cannot_listen(host: str, number: int, lang: str) -> str | None:
    """Why a server could not listen on `host`:`number` (a port in use, an address this machine
    does not have), found before any work starts; None when it can."""
    try:
        found = socket.getaddrinfo(host, number, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = found[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as error:
        reason = error.strerror or str(error)
        if error.errno == errno.EADDRINUSE:
            reason = {"en": "the port is in use", "pt-BR": "a porta está em uso"}[lang]
        return text("error.port_in_use", lang, host=host, port=number, reason=reason.lower())
    return None


def cannot_read(path: str | Path, lang: str) -> str | None:
    """Why a file given on the command line cannot be read; None when it can."""
    file = Path(path)
    if file.is_dir():
        return text("error.is_folder", lang, path=path)
    if not file.exists():
        return text("error.no_file", lang, path=path)
    try:
        with file.open("rb"):
            pass
    except OSError as error:
        return text("error.cannot_read", lang, path=path, reason=error.strerror or error)
    return None


def cannot_write(path: str | Path, lang: str) -> str | None:
    """Why a file the command will write cannot be (its folder is missing, or it is a
    folder), found before the work that fills it; None when it can."""
    file = Path(path)
    if file.is_dir():
        return text("error.is_folder", lang, path=path)
    folder = file.parent
    if not folder.is_dir():
        return text("error.no_folder", lang, path=path, folder=folder)
    return None


def robot_configs() -> list[str]:
    """The robot configurations a table may seat, from the robots' registry (`--robots`)."""
    from vaza.robots.registry import CONFIGS

    return list(CONFIGS)


def default_robot() -> str:
    """The robot configuration seated unless one is named (the registry's `DEFAULT_ROBOT`)."""
    from vaza.robots.registry import DEFAULT_ROBOT

    return DEFAULT_ROBOT


def robot_thinking(name: str) -> str:
    """How long a robot configuration thinks a card at most, for a command's help."""
    from vaza.robots.registry import thinking

    return thinking(name)
