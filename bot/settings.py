"""Settings from the environment (or a .env file), with the defaults a server starts with."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting may be given as an environment variable prefixed `CARAVAN_`."""

    model_config = SettingsConfigDict(env_prefix="CARAVAN_", env_file=".env", extra="ignore")

    discord_token: str = Field(default="", repr=False)
    database_path: Path = Path("caravan.db")
    challenge_expiry_seconds: int = 15 * 60
    default_turn_seconds: int = 24 * 60 * 60
    max_open_challenges: int = 3
    max_active_games: int = 10
