"""DATABASE_URL: which database a URL names, its path for SQLite, and its redacted form for logs.

The store opens what these functions accept; the settings check a URL with them at start-up,
so a wrong URL stops the bot with one line before any connection is tried.
"""

from __future__ import annotations

from urllib.parse import urlsplit

_URL_HELP = (
    "use sqlite:///relative/path.sqlite3, sqlite:////absolute/path.sqlite3 or sqlite:///:memory:"
)
_PG_HELP = "use postgresql://user:password@host:5432/database"
_PG_SCHEMES = ("postgresql", "postgres")



def is_postgresql_url(url: str) -> bool:
    """Whether the URL names a PostgreSQL database (postgresql:// or postgres://)."""
    return urlsplit(url.strip()).scheme.lower() in _PG_SCHEMES and "://" in url


def redact_url(url: str) -> str:
    """The URL with its password replaced by ***, fit for a log line or an error message."""
    parts = urlsplit(url.strip())
    if parts.password is None:
        return url.strip()
    host = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return parts._replace(netloc=f"{user}:***@{host}").geturl()


def check_database_url(url: str) -> str:
    """Check a DATABASE_URL (SQLite or PostgreSQL) and return it stripped; ValueError with one
    line saying what to write otherwise."""
    url = url.strip()
    if not is_postgresql_url(url):
        database_path(url)
        return url
    parts = urlsplit(url)
    if parts.fragment:
        raise ValueError(f"{redact_url(url)!r} has a fragment (#...); {_PG_HELP}")
    try:
        parts.port  # noqa: B018  # raises ValueError on a port that is not a number
    except ValueError:
        raise ValueError(f"{redact_url(url)!r} has a bad port; {_PG_HELP}") from None
    if not parts.hostname and "host=" not in parts.query:
        raise ValueError(f"{redact_url(url)!r} names no host; {_PG_HELP}")
    return url


def database_path(url: str) -> str:
    """Turn a SQLAlchemy-style SQLite URL into a filesystem path or ":memory:".

    Three slashes mean a path relative to the working directory, four an absolute one, as in
    SQLAlchemy, so an operator's existing habits carry over. Raises ValueError otherwise.
    """
    url = url.strip()
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if "://" not in url or not (scheme == "sqlite" or scheme.startswith("sqlite+")):
        shown = scheme or url
        if scheme in _PG_SCHEMES:
            raise ValueError(f"{shown!r} is a PostgreSQL URL, not a SQLite file; {_URL_HELP}")
        raise ValueError(
            f"unsupported database URL {shown!r}: only SQLite and PostgreSQL are supported;"
            f" {_URL_HELP}, or {_PG_HELP}"
        )
    if parts.query or parts.fragment:
        raise ValueError(f"query strings are not supported in {url!r}; {_URL_HELP}")
    if parts.netloc:
        raise ValueError(f"{url!r} has a host part ({parts.netloc!r}); {_URL_HELP}")
    path = url.split("://", 1)[1]
    if path in ("", "/:memory:"):
        return ":memory:"
    if not path.startswith("/") or path.endswith("/"):
        raise ValueError(f"{url!r} names no file; {_URL_HELP}")
    # "sqlite:///data/x" -> "/data/x" -> "data/x"; "sqlite:////abs/x" -> "//abs/x" -> "/abs/x".
    return path[1:]
