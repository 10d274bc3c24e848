"""The Discord side: the discord.py bot (start-up, shutdown, health), what it needs in a channel, and the
delivery of boards, events and DMs."""
