"""Throwaway PostgreSQL databases on the loopback server, for the multi-process tests."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import asyncpg

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


async def fetch(dsn: str, sql: str, *args: Any) -> list[Any]:
    connection = await asyncpg.connect(dsn)
    try:
        return list(await connection.fetch(sql, *args))
    finally:
        await connection.close()


def create() -> str:
    name = f"vaza_test_{secrets.token_hex(4)}"
    asyncio.run(fetch(ADMIN, f'CREATE DATABASE "{name}"'))
    return name


def drop(name: str) -> None:
    asyncio.run(fetch(ADMIN, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def query(name: str, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    dsn = f"postgresql://postgres@127.0.0.1:5432/{name}"
    sql = sql.replace("%s", "$1")
    return [tuple(row) for row in asyncio.run(fetch(dsn, sql, *args))]
