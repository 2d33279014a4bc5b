"""Who is online and where (`server/presence.py`): a person connected here is online, with the
tables they sit at (connected or not) and those they watch; the hub's connections are indexed
by person, so a friends' list never looks at everyone's; what one process writes to the shared
board reads back the same in another."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace as Ns
from typing import Any

from vaza.app.friends import Spot, Whereabouts
from vaza.server.clients import Client, Connections
from vaza.server.presence import ClubPresence, _Seen
from vaza.store.port import UserRecord


def table(table_id: str, public: bool, seated: dict[str, int]) -> Any:
    occupants = {s: Ns(user_id=seated[s], kind="human") if s in seated else None for s in "NESW"}
    options = Ns(public=public, game="contract")
    return Ns(state=Ns(id=table_id, occupants=occupants, finished=False, options=options))


def client(user_id: int, *tables: str) -> Client:
    connection = Client(None, UserRecord(user_id, f"p{user_id}", False, {}))  # type: ignore[arg-type]
    connection.tables.update(tables)
    return connection


def test_connections_are_indexed_by_person() -> None:
    clients = Connections()
    first, second, third = client(1), client(1), client(2)
    for each in (first, second, third):
        clients.add(each)
    assert len(clients) == 3 and set(clients.of(1)) == {first, second}
    clients.discard(first)
    clients.discard(first)  # twice: nothing more
    assert clients.of(1) == [second] and first not in clients
    clients.discard(second)
    assert clients.of(1) == [] and len(clients) == 1


def test_online_with_the_tables_sat_at_and_watched() -> None:
    tables = {
        "pub": table("pub", True, {"N": 1, "S": 3}),
        "priv": table("priv", False, {"E": 1}),
        "other": table("other", True, {"W": 4}),
    }
    clients = Connections()
    for each in (client(1, "pub"), client(2, "other")):  # 3 sits at pub, not connected
        clients.add(each)
    cluster = Ns(state_of=tables.get, service=Ns(tables=tables), replicas={})
    presence = ClubPresence(Ns(clients=clients, tables=cluster))  # type: ignore[arg-type]
    seen = asyncio.run(presence.where([1, 2, 3, 5]))
    assert seen[1] == Whereabouts(
        True, (Spot("pub", True, True, "contract"), Spot("priv", False, True, "contract"))
    )
    assert seen[2] == Whereabouts(True, (Spot("other", True, False, "contract"),))
    assert seen[3] == Whereabouts(False, (Spot("pub", True, True, "contract"),))
    assert 5 not in seen and 4 not in seen  # nobody asked about 4


def test_what_the_board_holds_reads_back_the_same() -> None:
    person = _Seen()
    person.online = True
    person.add(("pub", True, False, "contract"))
    person.add(("pub", True, True, "contract"))  # seated wins over watching
    again = _Seen()
    again.read(person.to_json())
    assert again.whereabouts() == person.whereabouts()
    assert person.whereabouts().spots == (Spot("pub", True, True, "contract"),)
