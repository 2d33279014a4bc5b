"""What the WebSocket transport alone costs a server per action: the floor under
`vaza bench server`'s `server_cpu_ms_per_action`.

A bare Starlette app on uvicorn (uvloop, the websockets library, no compression: as `vaza
serve` runs) with N tables of four clients.  The client whose turn it is sends a small JSON
command; the server parses it and sends each of the table's four clients a text of about the
size of a patched update (about 410 bytes: `bytes_per_action` / 4); the turn passes once that
client has its copy.  No rules, no views, no store: what is left of an action's cost is
the frames, the system calls and the event loop's wake-ups.

    python experiments/transport_floor.py 500 30 2    # tables, seconds, think (0: flat out)

Prints the server's CPU per action (user and system, from /proc) and the actions a second.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from typing import Any

import orjson
import uvicorn
import uvloop
import websockets
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from vaza.bench.ports import free_port

PAYLOAD = "x" * 360


def serve(port: int) -> None:
    tables: dict[str, list[WebSocket]] = {}

    async def table_socket(socket: WebSocket) -> None:
        await socket.accept()
        table = socket.query_params["t"]
        tables.setdefault(table, []).append(socket)
        try:
            while True:
                command = orjson.loads(await socket.receive_text())
                update = {"type": "update", "table": table, "version": command["v"], "p": PAYLOAD}
                text = orjson.dumps(update).decode()
                for other in list(tables[table]):
                    await other.send_text(text)
        except Exception:
            tables[table].remove(socket)

    app = Starlette(routes=[WebSocketRoute("/ws", table_socket)])
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
    )


def _cpu_seconds(pid: int) -> tuple[float, float]:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


async def measure(tables: int, seconds: float, think: float) -> dict[str, Any]:
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "serve", str(port)])
    try:
        await asyncio.sleep(2.0)
        done = [0]

        async def table(number: int) -> None:
            url = f"ws://127.0.0.1:{port}/ws?t={number}"
            sockets = [await websockets.connect(url, compression=None) for _ in range(4)]
            arrived = asyncio.Event()

            async def read(seat: int) -> None:
                async for _ in sockets[seat]:
                    if seat == 0:
                        done[0] += 1
                        arrived.set()

            readers = [asyncio.ensure_future(read(seat)) for seat in range(4)]  # noqa: F841 (held)
            version = 0
            while True:
                await asyncio.sleep(random.expovariate(1 / think) if think else 0)
                version += 1
                arrived.clear()
                await sockets[version % 4].send(orjson.dumps({"v": version}).decode())
                await arrived.wait()

        started = [asyncio.ensure_future(table(n)) for n in range(tables)]
        await asyncio.sleep(3.0 + tables / 100)
        user0, system0 = _cpu_seconds(server.pid)
        actions0 = done[0]
        await asyncio.sleep(seconds)
        user1, system1 = _cpu_seconds(server.pid)
        actions = max(1, done[0] - actions0)
        user, system = 1000 * (user1 - user0) / actions, 1000 * (system1 - system0) / actions
        for task in started:
            task.cancel()
        return {
            "tables": tables,
            "think_seconds": think,
            "actions_per_second": round(actions / seconds, 1),
            "server_cpu_ms_per_action": round(user + system, 3),
            "user_ms_per_action": round(user, 3),
            "system_ms_per_action": round(system, 3),
        }
    finally:
        server.kill()


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(int(sys.argv[2]))
    else:
        figures = uvloop.run(measure(int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])))
        print(json.dumps(figures))
        os._exit(0)  # the clients' connections close with the process
