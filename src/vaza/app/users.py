"""People: registration, log-in with argon2-hashed passwords, guests, settings."""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from vaza.core.errors import VazaError
from vaza.i18n import LANGUAGES
from vaza.store.port import NameTaken, Store, UserRecord

_NAME: Final = re.compile(r"[A-Za-zÀ-ÿ0-9_.-]{3,24}")
DEFAULT_SETTINGS: Final[dict[str, Any]] = {
    "language": "pt-BR",
    "accept_invitations": True,
    "sound": True,
    "compact_cards": False,
    "four_colours": False,
    "confirm_cards": None,
}
"""`confirm_cards` None: never chosen, so the browser decides (on for a phone, off at a desk)."""
_GUEST_WORDS: Final = (
    "Ás", "Rei", "Dama", "Valete", "Trunfo", "Vaza", "Naipe", "Leilão", "Morto", "Slam",
)  # fmt: skip


class AccountError(VazaError):
    code = "account"


def _checked_name(name: str) -> str:
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise AccountError("a name has 3 to 24 letters, digits, dots, dashes or underscores")
    return name


class UserService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.hasher = PasswordHasher()

    async def register(self, name: str, password: str, language: str | None = None) -> UserRecord:
        name = _checked_name(name)
        if len(password) < 8:
            raise AccountError("a password has at least 8 characters")
        if len(password) > 256:
            raise AccountError("a password has at most 256 characters")
        hashed = await asyncio.to_thread(self.hasher.hash, password)
        settings = dict(DEFAULT_SETTINGS)
        if language in LANGUAGES:
            settings["language"] = language
        try:
            return await self.store.create_user(name, hashed, False, settings)
        except NameTaken:
            raise AccountError(f"the name {name} is taken") from None

    async def login(self, name: str, password: str) -> UserRecord:
        user = await self.store.user_by_name(name.strip())
        refusal = AccountError("wrong name or password")
        if user is None or user.password_hash is None:
            # Hash anyway so a missing name takes as long as a wrong password.
            await asyncio.to_thread(self.hasher.hash, password or "-")
            raise refusal
        try:
            await asyncio.to_thread(self.hasher.verify, user.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise refusal from None
        return user

    async def guest(self, language: str | None = None) -> UserRecord:
        settings = dict(DEFAULT_SETTINGS)
        if language in LANGUAGES:
            settings["language"] = language
        for _ in range(20):
            name = f"{secrets.choice(_GUEST_WORDS)}{secrets.randbelow(9000) + 1000}"
            try:
                return await self.store.create_user(name, None, True, settings)
            except NameTaken:
                continue
        raise AccountError("could not find a free guest name; try again")

    async def rename_guest(self, user: UserRecord, name: str) -> UserRecord:
        """A guest chooses its name (a registered name is kept: others know it by it), checked
        as a registration checks one, unique whatever its case."""
        if not user.is_guest:
            raise AccountError("only a guest may change its name")
        name = _checked_name(name)
        try:
            return await self.store.rename_user(user.id, name)
        except NameTaken:
            raise AccountError(f"the name {name} is taken") from None

    async def update_settings(self, user: UserRecord, changes: dict[str, Any]) -> UserRecord:
        for key, value in changes.items():
            if key not in DEFAULT_SETTINGS:
                raise AccountError(f"unknown setting {key!r}")
            if key == "language":
                if value not in LANGUAGES:
                    raise AccountError(f"language is one of {', '.join(LANGUAGES)}")
            elif not isinstance(value, bool):
                raise AccountError(f"{key} is true or false")
        return await self.store.update_settings(user.id, changes, DEFAULT_SETTINGS)
