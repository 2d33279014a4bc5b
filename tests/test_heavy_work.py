"""No request handler does heavy work on the event loop (issue 47, finding 1): a 2 MB PBN
upload to `POST /api/events` was parsed on the loop, and another client's ping waited 2.1 s.

The server here reads PBN files through a gate: the parse starts, says so in a file, and
finishes only when the test opens the gate.  While it is held, a client's pings are answered,
each before the next is sent; a parse on the event loop would hold every answer until the gate
opened, and the test would fail on the first ping (ordering, not time: the waits are bounds for
a loaded machine).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from serverkit import Client, Server
from vaza.core import Board, ContractDeal, Deal
from vaza.formats import pbn

LAUNCHER = """
import sys
import time
from pathlib import Path


def main() -> None:
    import uvicorn

    import vaza.tournaments.request as request
    from vaza.robots.registry import set_table_robot
    from vaza.server.app import ServerConfig, create_app

    gate = Path(sys.argv[2])
    read = request.pbn_boards

    def gated(text, count=None):
        (gate / "started").touch()
        deadline = time.monotonic() + 120
        while not (gate / "open").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return read(text, count)

    request.pbn_boards = gated
    set_table_robot("standard")
    config = ServerConfig(data_dir=Path(sys.argv[2]), away_after=1.0)
    uvicorn.run(create_app(config), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")


if __name__ == "__main__":
    main()
"""


class GatedServer(Server):
    def start(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        script = self.data_dir / "launch_gated.py"
        script.write_text(LAUNCHER)
        command = [sys.executable, str(script), str(self.port), str(self.data_dir)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ}
            )
        self.wait_ready()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = GatedServer(tmp_path / "gated")
    running.start()
    try:
        yield running
    finally:
        running.stop()


def large_pbn() -> str:
    """A PBN file near the upload's limit: 32 boards, each with a long commentary."""
    rng = random.Random(47)
    games = [ContractDeal(Board.numbered(n, Deal.random(rng))).record() for n in range(1, 33)]
    text = pbn.dumps(games)
    comment = "{" + "a remark on the board " * 2_500 + "}\n"
    return text.replace('[Board "', comment + '[Board "')


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never came"
        time.sleep(0.01)


def test_pings_are_answered_while_an_upload_is_parsed(server: Server) -> None:
    organiser = Client(server).guest()
    watcher = Client(server).guest().connect()
    text = large_pbn()
    assert len(text) > 1_000_000
    answer: list[httpx.Response] = []
    body = {"kind": "robot", "name": "Big", "source": "pbn", "pbn": text, "robot_tables": 1}
    upload = threading.Thread(
        target=lambda: answer.append(organiser.http.post("/api/events", json=body, timeout=120))
    )
    upload.start()
    try:
        wait_for(server.data_dir / "started")  # the parse has begun and is held
        for n in range(5):
            watcher.send(type="ping", ref=f"p{n}")
            assert watcher.recv(timeout=30) == {"type": "pong", "ref": f"p{n}"}
        assert not answer, "the upload was answered while its parse was held"
    finally:
        (server.data_dir / "open").touch()
        upload.join(timeout=120)
    assert answer and answer[0].status_code == 201, answer[0].text if answer else "no answer"
    assert len(answer[0].json()["boards"]) == 32
    organiser.close()
    watcher.close()
