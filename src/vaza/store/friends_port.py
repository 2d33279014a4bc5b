"""The friends store port: each person's list of friends, by account (`SqlFriendStore`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class FriendRecord:
    """A friend as the store knows them: the account (for the server alone: its id is never
    sent to anyone but its owner) and the name it has now."""

    user_id: int
    name: str
    is_guest: bool


class FriendStore(Protocol):
    async def friends_of(self, user_id: int) -> list[FriendRecord]:
        """The person's friends, by name (case aside)."""
        ...

    async def count_friends(self, user_id: int) -> int: ...

    async def add_friend(self, user_id: int, friend_id: int) -> bool:
        """Adds the tie; False when it was there already (nothing changes)."""
        ...

    async def remove_friend(self, user_id: int, friend_id: int) -> bool:
        """Removes the tie; False when there was none."""
        ...
