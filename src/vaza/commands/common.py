"""Argument types and options shared by several commands."""

from __future__ import annotations

import argparse

from vaza.i18n import LANGUAGES, normalise


def seed(text: str) -> int | str:
    """Seeds given as digits are numbers, so `--seed 7` and `make_rng(7)` agree."""
    return int(text) if text.isdigit() else text


def positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def board_number(text: str) -> int:
    try:
        return positive(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError("board numbers start at 1") from None


def add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=normalise,
        default=None,
        help=f"interface language: {', '.join(LANGUAGES)} (default: from your locale)",
    )


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
