"""The web page of every table (docs/web.md): a small aiohttp server in the bot's own process that
shows a table's public view, picture and log to anyone who holds its signed link. Discord-free: it
reads tables through the TableService, and only what the public sees."""
