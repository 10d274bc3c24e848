"""The Docker image's web pages (docs/web.md, "Docker"): the image listens on every interface of the
container, and the README's `docker run` line sets the port it publishes on the host's loopback,
whose address the links then name. Read as text: Docker cannot run here (tests/test_install.py)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_s_docker_line_publishes_the_web_port_on_the_host_s_loopback():
    dockerfile = (ROOT / "Dockerfile").read_text()
    environment = dict(re.findall(r"\b(BOT_[A-Z_]+)=(\S+)", dockerfile.split("ENV ", 1)[1].split("\nRUN", 1)[0]))
    assert environment["BOT_WEB_HOST"] == "0.0.0.0" and "BOT_WEB_PORT" not in environment  # off by default
    (line,) = [line for line in (ROOT / "README.md").read_text().splitlines() if "docker run" in line]
    (port,) = re.findall(r"-e BOT_WEB_PORT=(\d+)", line)
    assert f"-p 127.0.0.1:{port}:{port}" in line and f"EXPOSE {port}" in dockerfile
    settings = load_settings(bot_web_port=int(port), bot_web_host=environment["BOT_WEB_HOST"])
    assert settings.web_base_url == f"http://127.0.0.1:{port}"  # what the host's browser reaches
