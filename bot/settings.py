"""Settings from the environment (or a `.env` file), with the defaults a server starts with.

Each setting may be given as `CARAVAN_<NAME>` or, for the four everyone sets, by its plain
name too: `DISCORD_TOKEN`, `DATABASE_PATH`, `DEV_GUILD_ID`, `LOG_LEVEL`. `.env.example`
documents every one. `load_settings()` turns a bad value into one sentence naming the
variable (`SettingsError`), for the command line to print.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from pydantic import AliasChoices, Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store.rows import Shards
from bot.store.url import BadUrl, DatabaseUrl, parse, sqlite_url

PREFIX = "CARAVAN_"


class SettingsError(Exception):
    """A setting that is missing or malformed, in one sentence."""


def shard_ids(text: str) -> frozenset[int]:
    """The shard ids in "0-3", "5", or "0-1,4" (ValueError saying what is wrong)."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"shards are a range like 0-3, or ids like 0,2,5 (got {text!r})")
        first, last = int(low), int(high) if dash else int(low)
        if last < first or last - first > 100_000:
            raise ValueError(f"the shard range {part!r} is empty or too long")
        ids.update(range(first, last + 1))
    return frozenset(ids)


PLAIN_NAMES = (
    "discord_token",
    "database_path",
    "database_url",
    "dev_guild_id",
    "log_level",
)


def _names(field: str) -> AliasChoices:
    choices = [field, PREFIX + field.upper()]
    if field in PLAIN_NAMES:
        choices.append(field.upper())
    return AliasChoices(*choices)


class Settings(BaseSettings):
    """Every setting; the field's name, `CARAVAN_` + its name, or (for the first four) its
    plain upper-case name."""

    model_config = SettingsConfigDict(
        env_file=".env", extra="ignore", populate_by_name=True, case_sensitive=False
    )

    discord_token: str = Field(default="", repr=False, validation_alias=_names("discord_token"))
    database_path: Path = Field(
        default=Path("caravan.db"), validation_alias=_names("database_path")
    )
    # Which database: sqlite:///FILE (the default, from database_path) or postgresql://...
    # Secret (it may hold a password): shown only through `bot.store.url.redact`.
    database_url: str | None = Field(
        default=None, repr=False, validation_alias=_names("database_url")
    )
    database_pool_size: int = Field(
        default=10, gt=0, le=1000, validation_alias=_names("database_pool_size")
    )
    shard_count: int | None = Field(default=None, gt=0, validation_alias=_names("shard_count"))
    shards: str | None = Field(default=None, validation_alias=_names("shards"))
    dev_guild_id: int | None = Field(default=None, validation_alias=_names("dev_guild_id"))
    log_level: str = Field(default="INFO", validation_alias=_names("log_level"))
    # text (as always) or json: one JSON object a line, with the shard, server, game and
    # interaction where known (`bot.logs`)
    log_format: str = Field(default="text", validation_alias=_names("log_format"))
    # A stop (SIGTERM, SIGINT) waits this long at most for the interactions, computer's
    # moves and sweep under way before it closes (then up to 2 s to close the gateway): keep
    # it 3 s under the orchestrator's grace (Compose's stop_grace_period, 10 s; Kubernetes's
    # terminationGracePeriodSeconds, 30 s by default)
    stop_grace_seconds: float = Field(
        default=7.0, ge=0, le=600, validation_alias=_names("stop_grace_seconds")
    )
    challenge_expiry_seconds: int = Field(
        default=15 * 60, gt=0, validation_alias=_names("challenge_expiry_seconds")
    )
    default_turn_seconds: int = Field(
        default=24 * 60 * 60, gt=0, validation_alias=_names("default_turn_seconds")
    )
    max_open_challenges: int = Field(
        default=3, gt=0, validation_alias=_names("max_open_challenges")
    )
    max_active_games: int = Field(default=10, gt=0, validation_alias=_names("max_active_games"))
    # tournaments open or running at once in one server (their games do not count as a
    # player's games in progress)
    max_open_events: int = Field(default=5, gt=0, validation_alias=_names("max_open_events"))
    game_threads: bool = Field(default=True, validation_alias=_names("game_threads"))
    ai_workers: int = Field(default=1, ge=0, validation_alias=_names("ai_workers"))
    ai_pause_seconds: float = Field(default=1.5, ge=0, validation_alias=_names("ai_pause_seconds"))
    # Game reviews (`/caravan review`): computed in worker processes of their own, at most
    # this many at once in this process (0: in a thread, one at a time: tests)
    review_workers: int = Field(default=1, ge=0, validation_alias=_names("review_workers"))
    # the reviews one member may ask for in an hour, and how many may wait at once
    reviews_per_hour: int = Field(default=5, gt=0, validation_alias=_names("reviews_per_hour"))
    review_queue: int = Field(default=20, gt=0, validation_alias=_names("review_queue"))
    # the search's iterations a move (unset: the engine's default, ~0.5 s a move; a review
    # is the same on any machine for the same budget)
    review_iterations: int | None = Field(
        default=None, gt=0, validation_alias=_names("review_iterations")
    )
    max_presses_per_second: int = Field(
        default=5, gt=0, validation_alias=_names("max_presses_per_second")
    )
    max_challenges_per_minute: int = Field(
        default=10, gt=0, validation_alias=_names("max_challenges_per_minute")
    )
    # Prometheus metrics and the health probes (/metrics, /healthz, /readyz) on this port
    # (0: any free port, for tests); unset, no server and nothing measured
    metrics_port: int | None = Field(
        default=None, ge=0, le=65535, validation_alias=_names("metrics_port")
    )
    # The address it listens on: this machine only by default; 0.0.0.0 in a container
    # (the Dockerfile sets it), where only the ports published are reachable from outside
    metrics_host: str = Field(default="127.0.0.1", validation_alias=_names("metrics_host"))

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("use DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("log_format")
    @classmethod
    def _known_format(cls, value: str) -> str:
        form = value.strip().lower()
        if form not in ("text", "json"):
            raise ValueError("use text or json")
        return form

    @field_validator("database_url")
    @classmethod
    def _usable_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        try:
            parse(value)
        except BadUrl as error:
            raise ValueError(str(error)) from None
        return value.strip()

    @field_validator("shards")
    @classmethod
    def _shard_ids(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        shard_ids(value)
        return value.strip()

    @property
    def database(self) -> DatabaseUrl:
        """The database to use: `database_url`, or the SQLite file at `database_path`."""
        return parse(self.database_url or sqlite_url(self.database_path))

    def shard_set(self) -> Shards:
        """The shards this process serves (every one, unless `shards` names some)."""
        count = self.shard_count or 1
        if self.shards is None:
            return Shards(count, frozenset(range(count)))
        ids = shard_ids(self.shards)
        if max(ids) >= count:
            raise SettingsError(
                f"shard {max(ids)} does not exist with {count} shard{'s' * (count != 1)}: "
                "shards are numbered from 0 (set the shard count too)"
            )
        shards = Shards(count, ids)
        if not shards.everything and not self.database.shared:
            raise SettingsError(
                "a process serving some of the shards shares its database with the processes "
                "serving the others: set CARAVAN_DATABASE_URL to a PostgreSQL database (SQLite "
                "is for one process)"
            )
        return shards

    @field_validator("dev_guild_id", "shard_count", "metrics_port", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if value == "" else value


def load_settings(**overrides: Any) -> Settings:
    """The settings from the environment and `.env`, or `SettingsError` saying what is wrong."""
    try:
        return Settings(**overrides)
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "a setting"
        name = field.upper() if field in PLAIN_NAMES else PREFIX + field.upper()
        given = first.get("input")
        secret = field in ("discord_token", "database_url")  # the URL's error shows it redacted
        shown = "" if secret or given is None else f" (got {given!r})"
        why = first["msg"].removeprefix("Value error, ")
        raise SettingsError(f"setting {name} is not valid{shown}: {why}") from None
