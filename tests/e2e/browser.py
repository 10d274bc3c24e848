"""A real headless browser for the web pages' tests: Debian's chromium, driven by Playwright for
Python with `executable_path` (Playwright cannot download its own browsers here). The Makefile's
CHROMIUM_STAMP installs chromium where it can; where none is found, the tests that need one are
skipped with one line saying why."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from playwright.async_api import Page, async_playwright

NAMES = ("chromium", "chromium-browser", "google-chrome")
PHONE = {"width": 390, "height": 844}


def find_chromium() -> Path | None:
    """`CHROMIUM` if set, else the first of the usual names on the PATH, or None."""
    if os.environ.get("CHROMIUM"):
        return Path(os.environ["CHROMIUM"])
    for name in NAMES:
        if found := shutil.which(name):
            return Path(found)
    return None


@asynccontextmanager
async def headless_page(timezone: str = "Asia/Tokyo") -> AsyncIterator[Page]:
    """A phone-sized page of a fresh headless chromium, in `timezone`; skips the test, saying why,
    where there is no chromium."""
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no chromium found (install Debian's chromium, or set CHROMIUM): the browser tests need one")
    async with async_playwright() as playwright:
        # --no-sandbox: CI and containers run as root, where chromium's sandbox refuses to start
        browser = await playwright.chromium.launch(executable_path=str(chromium), args=["--no-sandbox"])
        try:
            context = await browser.new_context(viewport=PHONE, timezone_id=timezone)
            yield await context.new_page()
        finally:
            await browser.close()
