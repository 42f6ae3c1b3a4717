"""Fixtures for running a suite on both backends: `database_url` is a fresh SQLite file, and
(its second parameter) a fresh database on a throwaway PostgreSQL server this test process
starts itself (`tests/postgres.py`; one server per xdist worker, one database per test).
Without PostgreSQL's binaries the PostgreSQL half skips, saying in one line how to install
them."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store.url import sqlite_url
from tests.postgres import Server, Unavailable, throwaway_server

BACKENDS = ["sqlite", "postgresql"]
_names = itertools.count(1)


def server_or_skip(**options: Any) -> Iterator[Server]:
    """A throwaway server for a fixture to yield (`throwaway_server(**options)`), or the
    test skipped with the one line saying how to install PostgreSQL."""
    try:
        server = throwaway_server(**options)
        opened = server.__enter__()
    except Unavailable as missing:
        pytest.skip(str(missing))
    try:
        yield opened
    finally:
        server.__exit__(None, None, None)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    yield from server_or_skip()


def fresh_database(server: Server) -> str:
    """A new, empty database on `server`; its URL."""
    import psycopg

    name = f"caravan_{next(_names)}"
    with psycopg.connect(server.url(), autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
    return server.url(name)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on each backend: SQLite, then PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "caravan.db")
    return fresh_database(request.getfixturevalue("pg_server"))


@pytest.fixture
def pg_url(pg_server: Server) -> str:
    """A fresh PostgreSQL database (for tests of what only PostgreSQL does)."""
    return fresh_database(pg_server)
