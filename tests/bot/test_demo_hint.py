"""The last lines of `demo --db` name the command the user ran: the console script
(`philosophers-table replay ...`) or `python -m bot replay ...` (tests/test_install.py checks the
installed script end to end)."""

import sys

from bot.cli.demo import command


def a_script(folder, name="philosophers-table"):
    folder.mkdir(exist_ok=True)
    script = folder / name
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    return script


def test_the_console_script_found_on_path_is_named_alone(tmp_path, monkeypatch):
    script = a_script(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(script.parent))
    monkeypatch.setattr(sys, "argv", [str(script), "demo"])
    assert command() == "philosophers-table"


def test_a_console_script_path_does_not_find_is_named_by_its_path(tmp_path, monkeypatch):
    script = a_script(tmp_path / "bin")
    other = a_script(tmp_path / "elsewhere")  # what PATH finds is another install
    monkeypatch.setenv("PATH", str(other.parent))
    monkeypatch.setattr(sys, "argv", [str(script), "demo"])
    assert command() == str(script)


def test_python_dash_m_bot_is_named_so(monkeypatch):
    import bot.__main__

    monkeypatch.setattr(sys, "argv", [bot.__main__.__file__, "demo"])
    assert command() == "python -m bot"
