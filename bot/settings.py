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

PREFIX = "CARAVAN_"
PLAIN_NAMES = ("discord_token", "database_path", "dev_guild_id", "log_level")


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
    dev_guild_id: int | None = Field(default=None, validation_alias=_names("dev_guild_id"))
    log_level: str = Field(default="INFO", validation_alias=_names("log_level"))
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
    game_threads: bool = Field(default=True, validation_alias=_names("game_threads"))
    ai_workers: int = Field(default=1, ge=0, validation_alias=_names("ai_workers"))
    ai_pause_seconds: float = Field(default=1.5, ge=0, validation_alias=_names("ai_pause_seconds"))
    max_presses_per_second: int = Field(
        default=5, gt=0, validation_alias=_names("max_presses_per_second")
    )
    max_challenges_per_minute: int = Field(
        default=10, gt=0, validation_alias=_names("max_challenges_per_minute")
    )

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError("use DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if value == "" else value


class SettingsError(Exception):
    """A setting that is missing or malformed, in one sentence."""


def load_settings(**overrides: Any) -> Settings:
    """The settings from the environment and `.env`, or `SettingsError` saying what is wrong."""
    try:
        return Settings(**overrides)
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "a setting"
        name = field.upper() if field in PLAIN_NAMES else PREFIX + field.upper()
        given = first.get("input")
        shown = "" if field == "discord_token" or given is None else f" (got {given!r})"
        raise SettingsError(f"setting {name} is not valid{shown}: {first['msg']}") from None
