"""Permissions on the fake guild: what members, moderators and the bot may do."""

import discord

MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, use_application_commands=True,
    embed_links=True, attach_files=True, add_reactions=True, create_public_threads=True,
    send_messages_in_threads=True)
MODERATOR_PERMISSIONS = discord.Permissions(manage_channels=True, manage_messages=True, manage_threads=True)
BOT_PERMISSIONS = discord.Permissions.text() | MEMBER_PERMISSIONS
