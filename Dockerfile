# The bot in a container (README, "Running it on a server"):
#
#   docker build -t gametable .
#   docker run -d --env-file .env -v gametable-data:/data gametable
#
# The image holds the installed package (the fonts, catalogs and migrations are package data);
# it runs as a user of its own, with the SQLite database in the volume at /data. compose.yaml
# runs it alone on SQLite, or as two shard processes on PostgreSQL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The bot needs no root: a user of its own, who alone may read /data (every hand and code is
# in the database).
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin gametable \
    && install -d -o gametable -g gametable -m 0700 /data \
    && install -d -o gametable -g gametable /home/gametable/src

USER gametable
WORKDIR /home/gametable/src
COPY --chown=gametable:gametable pyproject.toml ./
COPY --chown=gametable:gametable requirements/lock.txt requirements/lock.txt
COPY --chown=gametable:gametable games games
COPY --chown=gametable:gametable bot bot

# The exact versions of requirements/lock.txt (only what the bot needs from it), into a
# virtual environment the user owns. The bot runs from that installed package, not from these
# sources (its working directory is /data).
RUN python -m venv /home/gametable/venv \
    && /home/gametable/venv/bin/pip install -c requirements/lock.txt .

ENV PATH=/home/gametable/venv/bin:$PATH \
    DATABASE_URL=sqlite:////data/bot.sqlite3
VOLUME ["/data"]
# /data is also the working directory, so a relative DATABASE_URL (the one .env.example
# writes, sqlite:///data/bot.sqlite3) still lands in the volume.
WORKDIR /data

# `docker stop` sends SIGTERM: the bot answers what is under way (3 seconds at most), closes
# the database and exits 0, well within the 10 seconds Docker waits.
CMD ["python", "-m", "bot"]
