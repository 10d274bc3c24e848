# The bot as a non-root user; the SQLite database lives on a volume.
# Build: docker build -t philosophers-table .   Run: docker run -e DISCORD_TOKEN=... -v tables:/data philosophers-table
# (add -e BOT_WEB_PORT=8080 -p 127.0.0.1:8080:8080 for the tables' web pages at http://127.0.0.1:8080)
FROM python:3.11.7-slim-bookworm

# The tables' web pages (off unless BOT_WEB_PORT is set) listen on every interface of the container,
# so that a published port reaches them: `-e BOT_WEB_PORT=8080 -p 127.0.0.1:8080:8080` (docs/web.md).
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    BOT_DB_PATH=/data/bot.sqlite3 BOT_WEB_HOST=0.0.0.0
RUN useradd --create-home --uid 10001 bot && mkdir /data && chown bot:bot /data
WORKDIR /app

# The dependencies first, from the lock file (exact versions and hashes, the build backend
# setuptools too): this layer is cached until requirements.lock changes, so a code change does not
# reinstall them.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock

# Then the bot itself (the rules pages of docs/ ship inside the package), built with the locked
# setuptools rather than whatever an isolated build would fetch; `pip check` stops the build if the
# lock no longer meets pyproject.toml's ranges.
COPY pyproject.toml README.md ./
COPY docs ./docs
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
RUN pip install --no-deps --no-build-isolation . && pip check

USER bot
VOLUME ["/data"]
EXPOSE 8080
# Healthy when the database opens and the bot has been connected to Discord in the last 90 s.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["philosophers-table", "health"]
CMD ["philosophers-table", "run"]
