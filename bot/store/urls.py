"""DATABASE_URL: which database a URL names, its path for SQLite, and the form shown in logs.

The store opens what these functions accept; the settings check a URL with them at start-up,
so a wrong URL stops the bot with one line before any connection is tried.

A URL is never echoed: `describe_url` rebuilds what may be shown (scheme, user, host, port,
database or file) from the parsed parts, so no password, no query parameter (``?password=``,
``?sslpassword=``) and no fragment reaches a terminal, a log line or an error message, even
when a password holds an unencoded ``#``, ``/``, ``?`` or ``@`` and the URL splits in the wrong
place.
"""

from __future__ import annotations

import re
from typing import NamedTuple
from urllib.parse import urlsplit

_URL_HELP = (
    "use sqlite:///relative/path.sqlite3, sqlite:////absolute/path.sqlite3 or sqlite:///:memory:"
)
_PG_HELP = "use postgresql://user:password@host:5432/database"
_PG_SCHEMES = ("postgresql", "postgres")
_ENCODE_HELP = (
    "a # / ? @ or : in the user name or password must be percent-encoded"
    " (%23 %2F %3F %40 %3A)"
)
_UNREADABLE = "(a URL that could not be read)"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")
# One host of the host part: [IPv6] or a name, then perhaps ":port".
_HOST = re.compile(r"(\[[^\]]*\]|[^:\[\]]*)(?::(.*))?", re.DOTALL)


class _Parts(NamedTuple):
    """What may be shown of a URL: never its password, query or fragment."""

    scheme: str
    user: str | None  # None: no user given
    password_given: bool
    hosts: str  # host[:port], or several, comma-separated; "" for none
    path: str  # "/database" (the file for SQLite); "" for none


def _parts(url: str) -> _Parts | None:
    """The showable parts of `url` (stripped), or None when it cannot be read without the risk
    of taking a piece of the password for a host, a port or a database.

    Only the user name and password come before the host's '@' and only the password may hold
    one, so a host part with two '@', or an '@' after the host part (in what urllib took for
    the path, query or fragment), means a '#', '/', '?' or '@' unencoded in the password:
    urllib and asyncpg then split the URL differently, either of them inside the password."""
    scheme, sep, _ = url.partition("://")
    if not sep or not _SCHEME.fullmatch(scheme):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:  # an unbalanced '[' in the host part
        return None
    if parts.scheme != scheme.lower():
        return None
    if parts.netloc.count("@") > 1 or "@" in parts.path + parts.query + parts.fragment:
        return None
    userinfo, at, hosts = parts.netloc.rpartition("@")
    user, colon, _ = userinfo.partition(":")
    shown = ",".join(_host(spec) for spec in hosts.split(",")) if hosts else ""
    return _Parts(scheme, user if at else None, bool(at and colon), shown, parts.path)


def _host(spec: str) -> str:
    """One host[:port] as shown; a port that is not a number is not shown (with no '@' in
    the URL at all, "user:password" would read as a host and a port)."""
    match = _HOST.fullmatch(spec)
    if match is None:
        return "(a host that could not be read)"
    address, port = match.groups()
    if port is None:
        return address
    return f"{address}:{port if port.isdigit() else '(not a number)'}"


def describe_url(url: str) -> str:
    """What may be shown of a database URL in a log line or an error message, rebuilt from its
    parsed parts: ``postgresql://user@host:port/database`` (``user:***@`` when a password was
    given), ``sqlite:///path``. Never the password, the query parameters or the fragment;
    when the URL cannot be read safely, only its scheme and that it could not be read."""
    url = url.strip()
    if "://" not in url:
        # Not a URL: a file path (migrate's --from) is shown; what might hold a user and a
        # password (an '@') is not.
        return url if "@" not in url else _UNREADABLE
    parts = _parts(url)
    if parts is None:
        scheme = url.partition("://")[0]
        return f"{scheme}://{_UNREADABLE}" if _SCHEME.fullmatch(scheme) else _UNREADABLE
    user = "" if parts.user is None else parts.user + (":***" * parts.password_given) + "@"
    return f"{parts.scheme}://{user}{parts.hosts}{parts.path}"


def is_postgresql_url(url: str) -> bool:
    """Whether the URL names a PostgreSQL database (postgresql:// or postgres://)."""
    return urlsplit(url.strip()).scheme.lower() in _PG_SCHEMES and "://" in url


def check_database_url(url: str) -> str:
    """Check a DATABASE_URL (SQLite or PostgreSQL) and return it stripped; ValueError with one
    line saying what to write otherwise (the URL in it as `describe_url` shows it)."""
    url = url.strip()
    if not is_postgresql_url(url):
        database_path(url)
        return url
    shown = describe_url(url)
    if _parts(url) is None:
        raise ValueError(f"{shown!r}: {_ENCODE_HELP}; {_PG_HELP}")
    parts = urlsplit(url)
    if parts.fragment:
        raise ValueError(f"{shown!r} has a fragment (#...); {_ENCODE_HELP}; {_PG_HELP}")
    try:
        parts.port  # noqa: B018  # raises ValueError on a port that is not a number
    except ValueError:
        raise ValueError(f"{shown!r} has a bad port; {_PG_HELP}") from None
    if not parts.hostname and "host=" not in parts.query:
        raise ValueError(f"{shown!r} names no host; {_PG_HELP}")
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
        shown = scheme or describe_url(url)
        if scheme in _PG_SCHEMES:
            raise ValueError(f"{shown!r} is a PostgreSQL URL, not a SQLite file; {_URL_HELP}")
        raise ValueError(
            f"unsupported database URL {shown!r}: only SQLite and PostgreSQL are supported;"
            f" {_URL_HELP}, or {_PG_HELP}"
        )
    shown = describe_url(url)
    if parts.query or parts.fragment:
        raise ValueError(
            f"query strings (?...) and fragments (#...) are not supported in {shown!r};"
            f" {_URL_HELP}"
        )
    if parts.netloc:
        raise ValueError(f"{shown!r} has a host part; {_URL_HELP}")
    path = url.split("://", 1)[1]
    if path in ("", "/:memory:"):
        return ":memory:"
    if not path.startswith("/") or path.endswith("/"):
        raise ValueError(f"{shown!r} names no file; {_URL_HELP}")
    # "sqlite:///data/x" -> "/data/x" -> "data/x"; "sqlite:////abs/x" -> "//abs/x" -> "/abs/x".
    return path[1:]
