"""The throwaway PostgreSQL server the PostgreSQL tests run on (`tests/postgres.py`)."""

from __future__ import annotations

import subprocess

import pytest

from tests.postgres import Unavailable, throwaway_server


def test_a_throwaway_server_starts_serves_and_is_removed() -> None:
    try:
        server = throwaway_server()
        opened = server.__enter__()
    except Unavailable as missing:
        pytest.skip(str(missing))
    try:
        url = opened.create_database("caravan_probe")
        assert opened.sql("SELECT 1 + 1", "caravan_probe") == "2"
        assert url.startswith("postgresql://caravan@127.0.0.1:") and url.endswith("/caravan_probe")
        assert opened.sql("SHOW listen_addresses") == "127.0.0.1"
        assert opened.root.exists()
    finally:
        server.__exit__(None, None, None)
    assert not opened.root.exists(), "the server's directory is removed"
    with pytest.raises(subprocess.CalledProcessError):
        opened.sql("SELECT 1")
