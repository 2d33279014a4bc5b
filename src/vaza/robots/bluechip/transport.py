"""Lines over TCP for the Blue Chip protocol: ASCII, one message per CRLF-ended line.

Both sides use `Channel`: it reads a line (skipping blank ones), writes a line with CRLF, and
tells an optional listener every line that passes, for transcripts and tests.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from vaza.core.errors import VazaError

Listener = Callable[[str, str], None]
"""Called with ("in" or "out", the line) for every line that passes."""


class BlueChipError(VazaError):
    """The other side broke the protocol, refused us, or went away."""

    code = "bluechip_error"


class Channel:
    """One TCP connection carrying protocol lines."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        timeout: float | None = None,
        listener: Listener | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.timeout = timeout
        self.listener = listener

    async def read(self) -> str:
        """The next non-blank line, without its line end; `BlueChipError` at the end of the
        stream or after the timeout."""
        while True:
            try:
                data = await asyncio.wait_for(self.reader.readline(), self.timeout)
            except TimeoutError:
                raise BlueChipError(f"no message within {self.timeout:g} seconds") from None
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                raise BlueChipError(f"the connection broke: {error}") from None
            if not data:
                raise BlueChipError("the other side closed the connection")
            line = data.decode("ascii", "replace").rstrip("\r\n")
            if line.strip():
                if self.listener is not None:
                    self.listener("in", line)
                return line

    async def send(self, line: str) -> None:
        """Write `line` and CRLF (characters outside ASCII become ``?``, as the spec allows
        only ASCII)."""
        if self.listener is not None:
            self.listener("out", line)
        self.writer.write(line.encode("ascii", "replace") + b"\r\n")
        try:
            await self.writer.drain()
        except ConnectionError as error:
            raise BlueChipError(f"the connection broke: {error}") from None

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
