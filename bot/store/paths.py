"""Folders for the files the bot writes (its database, a backup), with a plain reason when one cannot be made."""

from __future__ import annotations

from pathlib import Path


class FolderProblem(Exception):
    """A folder cannot be made or used; the message says why in one line."""


def prepare_folder(folder: Path) -> None:
    """Make `folder` (and its parents) unless it exists; raise FolderProblem naming what is in the way."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        # mkdir says "File exists" or "Not a directory": name the file that stands where a folder must be
        for ancestor in (folder, *folder.parents):
            if ancestor.exists() or ancestor.is_symlink():
                if not ancestor.is_dir():
                    raise FolderProblem(f"{ancestor} is a file, not a folder") from None
                break
        raise FolderProblem(f"the folder {folder} cannot be made ({error.strerror or error})") from None
