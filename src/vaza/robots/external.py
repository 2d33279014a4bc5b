"""A robot that is another program: Vaza sends it views and reads back its actions.

The program speaks the robot protocol of docs/robot-protocol.md on its standard input and
output (as `vaza robot --stdio` does): Vaza writes one view as a JSON line, the program answers
one action as a JSON line.  `ExternalRobot` starts the program on first use and keeps it for
the whole game, so it may remember what it likes between views.

A program that does not answer within the timeout, exits, answers something that is not an
action, or answers an action that is not legal in the view raises `ExternalRobotError` with a
sentence saying which.  After a timeout the program is stopped (its late answer would be read
as the answer to the next view); the next view starts it again.

Every view goes out with the protocol's version, and with a `seed` and `layouts` when the
robot is asked to think repeatably (`stdio.Request`): that is how `vaza match` seats another
program, the pinned release of Vaza among them, in a match that repeats exactly.
`ExternalSeats` gives each seat a program of its own, as four players would sit.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

from vaza.core.calls import Call
from vaza.core.cards import Card
from vaza.core.errors import ParseError, VazaError
from vaza.core.games.boerenbridge import BoerenbridgeAction
from vaza.core.games.contract import BridgeAction, LowestOf
from vaza.core.views import TableView
from vaza.core.views.boerenbridge import RoundView
from vaza.protocol import boerenbridge as boerenbridge_json
from vaza.protocol import bridge as bridge_json
from vaza.robots.base import PlaysOut
from vaza.robots.stdio import Request

DEFAULT_TIMEOUT = 30.0
"""Seconds a program may think about one view."""

ActionT = TypeVar("ActionT")


class ExternalRobotError(VazaError):
    """The external program did not give a usable answer."""

    code = "robot_error"


def is_command(text: str) -> bool:
    """Whether a robot named on the command line is a program to run (a command with
    arguments, or a path) rather than a configuration's name."""
    return any(character.isspace() for character in text.strip()) or "/" in text


def command_words(text: str) -> list[str]:
    """A command line's words, as a shell splits them (quotes kept together), with a leading
    `~` expanded; raises `ExternalRobotError` when it cannot be split."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise ExternalRobotError(f"cannot read the command {text!r}: {error}") from None
    if not words:
        raise ExternalRobotError("an external robot needs a command to run")
    return [str(Path(words[0]).expanduser()), *words[1:]]


class ExternalRobot:
    """Seats the program run by `command` (a list of arguments, no shell) at a table.

    Use it as a context manager, or call `close`, to stop the program when the game ends.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        if not command:
            raise ValueError("an external robot needs a command to run")
        self.command = list(command)
        self.timeout = timeout
        self.cwd = cwd
        self.env = env
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()

    # -- the program ---------------------------------------------------------------------------

    def _start(self) -> subprocess.Popen[str]:
        process = self._process
        if process is not None and process.poll() is None:
            return process
        try:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
                cwd=self.cwd,
                env=self.env,
            )
        except OSError as error:
            raise ExternalRobotError(f"cannot start {self.command[0]!r}: {error}") from None
        self._process = process
        self._lines = queue.Queue()
        assert process.stdout is not None
        threading.Thread(
            target=_pump, args=(process.stdout, self._lines), daemon=True, name="robot-reader"
        ).start()
        return process

    def close(self, *, polite: bool = True) -> None:
        """Stop the program: close its input (a polite end) and kill it if it lingers, or at
        once when it is not `polite` (it stopped answering)."""
        process, self._process = self._process, None
        if process is None:
            return
        if not polite:
            process.kill()
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def __enter__(self) -> ExternalRobot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()

    # -- asking --------------------------------------------------------------------------------

    def ask(self, view_data: dict[str, Any], request: Request | None = None) -> dict[str, Any]:
        """Send one view JSON, with the protocol's version and what `request` asks (a seed,
        layouts), and return the program's answer (an action, or its error)."""
        process = self._start()
        assert process.stdin is not None
        message = view_data | (request or Request()).as_json()
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except OSError:  # its input is closed: the program has ended, or is ending
            self.close(polite=False)
            raise ExternalRobotError(f"{self.command[0]!r} exited without answering") from None
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self.close(polite=False)
            raise ExternalRobotError(
                f"{self.command[0]!r} did not answer within {self.timeout:g} seconds"
            ) from None
        if line is None:
            self.close()
            raise ExternalRobotError(f"{self.command[0]!r} exited without answering")
        try:
            answer = json.loads(line)
        except ValueError:
            raise ExternalRobotError(f"the answer is not JSON: {line.strip()[:200]!r}") from None
        if not isinstance(answer, dict):
            raise ExternalRobotError("the answer is not a JSON object")
        return answer

    def choose(self, view: TableView | RoundView, request: Request | None = None) -> Any:
        """The program's action for `view` (contract bridge or Boerenbridge)."""
        if isinstance(view, TableView):
            return self.choose_bridge(view, request)
        return self.choose_round(view, request)

    def choose_bridge(self, view: TableView, request: Request | None = None) -> BridgeAction:
        answer = self.ask(bridge_json.view_json(view), request)
        action = _action(answer, bridge_json.parse_action)
        if isinstance(action, LowestOf):
            return action
        if not isinstance(action, Call | Card) or action not in view.legal_actions:
            raise ExternalRobotError(f"the program chose {action}, which is not legal here")
        return action

    def choose_round(self, view: RoundView, request: Request | None = None) -> BoerenbridgeAction:
        action = _action(
            self.ask(boerenbridge_json.view_json(view), request), boerenbridge_json.parse_action
        )
        if action not in view.legal_actions:
            raise ExternalRobotError(f"the program chose {action}, which is not legal here")
        return action


def _action(answer: dict[str, Any], parse: Callable[[dict[str, Any]], ActionT]) -> ActionT:
    """The action in a program's answer; its error, or an unreadable action, raised."""
    _raise_on_error(answer)
    try:
        return parse(answer)
    except ParseError as error:
        raise ExternalRobotError(f"not an action: {error}") from None


def _raise_on_error(answer: dict[str, Any]) -> None:
    if answer.get("type") == "error":
        raise ExternalRobotError(f"the program answered an error: {answer.get('message')}")


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Move the program's output lines into a queue (None when it closes its output), so
    that reading an answer can wait with a timeout."""
    for line in stream:
        if line.strip():
            lines.put(line)
    lines.put(None)


class ExternalSeats:
    """One program per seat (by the viewer of each view), started when the seat first acts and
    kept until `close`: the seats of a match's side never share a program, so none learns a
    hand its seat may not see.  `robot(request)` is a robot for any of them, asking as
    `request` says.

    In `vaza match` each seat of a side sits at one table only (A North–South at the first
    table is East–West at the second), so each program plays one seat of one table for the
    whole match; in Boerenbridge the player alone against three random ones (the same deal
    again) is asked of the program that played those cards."""

    def __init__(self, command: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.programs: dict[object, ExternalRobot] = {}

    def program(self, seat: object) -> ExternalRobot:
        if seat not in self.programs:
            self.programs[seat] = ExternalRobot(self.command, timeout=self.timeout)
        return self.programs[seat]

    def robot(self, request: Request | None = None) -> SeatedProgram:
        return SeatedProgram(self, request)

    def close(self) -> None:
        for program in self.programs.values():
            program.close()
        self.programs.clear()

    def __enter__(self) -> ExternalSeats:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SeatedProgram(PlaysOut):
    """A robot whose choices are those of the seat's program in `ExternalSeats`, asked as
    `request` says (it plays every card out: the protocol carries no claims)."""

    def __init__(self, seats: ExternalSeats, request: Request | None) -> None:
        self.seats = seats
        self.request = request

    def choose(self, view: Any) -> Any:
        if view.viewer is None:
            raise ExternalRobotError("a program plays from a seat's view, not a kibitzer's")
        return self.seats.program(view.viewer).choose(view, self.request)
