"""A throwaway PostgreSQL server for tests: `initdb` and `pg_ctl` (Debian's `postgresql`
package) start one in a temporary directory, on a free loopback port, and remove it after.
Never a server already running. As root, the server runs as the unprivileged `nobody`
(PostgreSQL refuses to run as root).

    with throwaway_server() as server:
        url = server.create_database("caravan_gw0")   # postgresql://caravan@127.0.0.1:PORT/...

Without the binaries, `Unavailable` says in one line how to install them (the tests that
need a server skip with it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

USER = "caravan"
INSTALL = (
    "PostgreSQL's initdb and pg_ctl are not on PATH: install them (Debian: apt-get install "
    "postgresql, then put /usr/lib/postgresql/*/bin on PATH) to run the PostgreSQL tests"
)


class Unavailable(Exception):
    """No PostgreSQL binaries here; the sentence says how to install them."""


@dataclass(frozen=True)
class Server:
    root: Path
    port: int
    as_user: tuple[str, ...]
    password: str | None = None  # asked of TCP connections when set
    options: str = ""  # the server's own (port, socket, fsync), to start it again

    def url(self, database: str = "postgres") -> str:
        secret = f":{self.password}" if self.password else ""
        return f"postgresql://{USER}{secret}@127.0.0.1:{self.port}/{database}"

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement with psql; its output, unaligned."""
        psql = ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"]
        done = subprocess.run(
            [*psql, self.url(database), "-c", statement],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        return done.stdout.strip()

    def stop(self) -> None:
        """Stop the server now, as an outage would: every connection drops. A fast stop
        (sessions ended, the WAL written), not an immediate one: the tests' servers run with
        `synchronous_commit=off`, so a crash would lose the last moves they had accepted
        (by that setting, not the bot) and a test would see the game go back."""
        _, pg_ctl = binaries()
        data = str(self.root / "data")
        _run([*self.as_user, pg_ctl, "-D", data, "-m", "fast", "-w", "stop"])

    def start(self) -> None:
        """Start the stopped server again, on the same port with the same options."""
        _, pg_ctl = binaries()
        data, log = str(self.root / "data"), str(self.root / "log")
        _run([*self.as_user, pg_ctl, "-D", data, "-l", log, "-o", self.options, "-w", "start"])

    def create_database(self, name: str) -> str:
        """A new, empty database on this server (`name`: letters, digits, _); its URL."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a plain database name: {name!r}")
        self.sql(f"CREATE DATABASE {name}")
        return self.url(name)


def binaries() -> tuple[str, str]:
    """The paths of initdb and pg_ctl, on PATH or in Debian's versioned directory."""
    found = [shutil.which(name) for name in ("initdb", "pg_ctl")]
    if not all(found):
        debian = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
        found = [str(d / name) for d in debian[:1] for name in ("initdb", "pg_ctl")]
    if len(found) != 2 or not all(f and Path(f).exists() for f in found):
        raise Unavailable(INSTALL)
    return found[0] or "", found[1] or ""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def throwaway_server(durable: bool = False, password: str | None = None) -> Iterator[Server]:
    """A new PostgreSQL server in a temporary directory, stopped and removed on exit.
    `durable=False` (tests) turns fsync off; benchmarks keep it on. With `password`, TCP
    connections must give it (scram-sha-256)."""
    initdb, pg_ctl = binaries()
    root = Path(tempfile.mkdtemp(prefix="caravan-pg-"))
    as_user: tuple[str, ...] = ()
    if os.geteuid() == 0:
        as_user = ("runuser", "-u", "nobody", "--")
        shutil.chown(root, "nobody", "nogroup")
    data = root / "data"
    port = free_port()
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    server = Server(root, port, as_user, password, options)
    started = False
    try:
        locale = "--locale=C.UTF-8" if _has_c_utf8() else "--no-locale"
        setup = ["-U", USER, "--auth=trust", "-E", "UTF8", locale, "--no-sync"]
        if password is not None:
            secret = root / "password"
            secret.write_text(password)
            if as_user:
                shutil.chown(secret, "nobody", "nogroup")
            setup += ["--auth-host=scram-sha-256", f"--pwfile={secret}"]
        _run([*as_user, initdb, "-D", str(data), *setup])
        log = str(root / "log")
        _run([*as_user, pg_ctl, "-D", str(data), "-l", log, "-o", options, "-w", "start"])
        started = True
        yield server
    finally:
        if started:
            _run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"], check=False)
        shutil.rmtree(root, ignore_errors=True)


def _run(command: list[str], check: bool = True) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        said = done.stderr.strip() or done.stdout.strip()
        raise RuntimeError(f"{' '.join(command)} failed: {said}")


def _has_c_utf8() -> bool:
    return Path("/usr/lib/locale/C.utf8").exists() or Path("/usr/lib/locale/C.UTF-8").exists()
