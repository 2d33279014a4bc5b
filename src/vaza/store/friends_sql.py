"""The friends store port over SQLAlchemy (SQLite or PostgreSQL), beside `SqlStore`."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from vaza.store import models
from vaza.store.db import Database
from vaza.store.friends_port import FriendRecord


class SqlFriendStore:
    def __init__(self, database: Database) -> None:
        self._sessions = database.sessions

    async def friends_of(self, user_id: int) -> list[FriendRecord]:
        query = (
            select(models.User.id, models.User.name, models.User.is_guest)
            .join(models.Friendship, models.Friendship.friend_id == models.User.id)
            .where(models.Friendship.user_id == user_id)
            .order_by(models.User.name_key)
        )
        async with self._sessions() as session:
            rows = (await session.execute(query)).all()
        return [FriendRecord(row.id, row.name, row.is_guest) for row in rows]

    async def count_friends(self, user_id: int) -> int:
        query = (
            select(func.count())
            .select_from(models.Friendship)
            .where(models.Friendship.user_id == user_id)
        )
        async with self._sessions() as session:
            return int((await session.execute(query)).scalar_one())

    async def add_friend(self, user_id: int, friend_id: int) -> bool:
        async with self._sessions() as session:
            if await session.get(models.Friendship, (user_id, friend_id)) is not None:
                return False
            session.add(models.Friendship(user_id=user_id, friend_id=friend_id))
            try:
                await session.commit()
            except IntegrityError:  # added meanwhile by another request (or the friend is gone)
                await session.rollback()
                return False
            return True

    async def remove_friend(self, user_id: int, friend_id: int) -> bool:
        statement = delete(models.Friendship).where(
            models.Friendship.user_id == user_id, models.Friendship.friend_id == friend_id
        )
        async with self._sessions() as session:
            result = await session.execute(statement)
            await session.commit()
        return bool(result.rowcount)  # type: ignore[attr-defined]
