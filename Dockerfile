# The bot as a non-root user; the SQLite database lives on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 BOT_DB_PATH=/data/bot.sqlite3
RUN useradd --create-home --uid 10001 bot && mkdir /data && chown bot:bot /data
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
COPY docs ./docs
RUN pip install --no-cache-dir .
USER bot
VOLUME ["/data"]
CMD ["python", "-m", "bot", "run"]
