"""The database a bot uses, from one setting: `CARAVAN_DATABASE_URL`.

    sqlite:///caravan.db              a file beside the bot (relative path)
    sqlite:////var/lib/caravan.db     an absolute path (four slashes)
    postgresql://user:pass@host:5432/caravan   (also postgres://, and ?sslmode=... etc.)

`DatabaseUrl.shown` is the URL with its password replaced by `***`: the only form that goes
into a log line or an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

SQLITE, POSTGRESQL = "sqlite", "postgresql"


class BadUrl(ValueError):
    """A database URL this bot cannot use; the sentence never contains its password."""


@dataclass(frozen=True)
class DatabaseUrl:
    kind: str  # SQLITE or POSTGRESQL
    url: str  # as given (secret: may hold a password)
    path: Path | None = None  # SQLite's file

    @property
    def shown(self) -> str:
        return redact(self.url)

    @property
    def shared(self) -> bool:
        """Whether other processes may write the same database (PostgreSQL)."""
        return self.kind == POSTGRESQL

    def __repr__(self) -> str:
        return f"DatabaseUrl({self.shown!r})"

    __str__ = __repr__


def parse(url: str) -> DatabaseUrl:
    """The database `url` names, or `BadUrl` saying what is wrong with it."""
    text = url.strip()
    scheme, _, rest = text.partition("://")
    scheme = scheme.lower()
    if not rest:
        raise BadUrl(
            f"the database URL {redact(text)!r} is not a URL: use sqlite:///FILE or "
            "postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
        )
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise BadUrl(
                f"the SQLite URL {text!r} names no file: write sqlite:///caravan.db (a path "
                "relative to the bot's directory) or sqlite:////absolute/path.db"
            )
        return DatabaseUrl(SQLITE, text, Path(unquote(rest[1:])))
    if scheme in ("postgresql", "postgres"):
        try:
            parts = urlsplit(text)
            parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
        except ValueError:
            raise BadUrl(f"the PostgreSQL URL {redact(text)!r} is malformed (its port?)") from None
        if not parts.hostname and "host=" not in parts.query:
            raise BadUrl(f"the PostgreSQL URL {redact(text)!r} names no host")
        if not parts.path.strip("/"):
            raise BadUrl(f"the PostgreSQL URL {redact(text)!r} names no database (…/caravan)")
        return DatabaseUrl(POSTGRESQL, text)
    raise BadUrl(
        f"the database URL {redact(text)!r} is neither sqlite:// nor postgresql:// "
        f"(got {scheme or 'nothing'}://)"
    )


def sqlite_url(path: Path | str) -> str:
    """The URL of the SQLite file at `path` (relative or absolute)."""
    return f"sqlite:///{path}"


def redact(url: str) -> str:
    """`url` with any password shown as ***: in the user-info part and in `password=`."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url.split("://", 1)[0] + "://***"
    netloc, query = parts.netloc, parts.query
    if "@" in netloc:
        user_info, _, host = netloc.rpartition("@")
        if ":" in user_info:
            netloc = user_info.split(":", 1)[0] + ":***@" + host
    if "password" in query.lower():
        query = "&".join(
            f"{key}=***" if key.lower() == "password" else item
            for item in query.split("&")
            for key in [item.partition("=")[0]]
        )
    if (netloc, query) == (parts.netloc, parts.query):
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
