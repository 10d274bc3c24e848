"""Every request body the bot sent during the session, checked against Discord's official
OpenAPI description (npm package discord-api-spec, pinned in tests/e2e/node/) by one node process.

The session-wide check is marked `contract_check`, which conftest.py moves after every other test,
so it sees the requests of all e2e tests that ran before it.
"""

from __future__ import annotations

import json

import pytest

from .fakediscord import contract
from .fakediscord.contract import Recorded


@pytest.fixture
def validator() -> None:
    reason = contract.unavailable_reason()
    if reason:
        pytest.skip(reason)


def sample(method: str, path: str, body) -> Recorded:
    return Recorded(method, path, json.dumps(body), where="sample")


def test_the_validator_tells_good_bodies_from_bad_ones(validator):
    button = {"type": 2, "style": 1, "custom_id": "join"}
    good = sample(
        "POST",
        "/channels/{channel_id}/messages",
        {"content": "hi", "components": [{"type": 1, "components": [{**button, "label": "Join"}]}]},
    )
    long_label = sample(
        "POST",
        "/channels/{channel_id}/messages",
        {"components": [{"type": 1, "components": [{**button, "label": "x" * 81}]}]},
    )
    wrong_type = sample(
        "POST", "/interactions/{interaction_id}/{interaction_token}/callback", {"type": 4, "data": {"content": 5}}
    )
    nowhere = sample("GET", "/nowhere", None)
    no_body = sample("GET", "/users/@me", None)
    failures = contract.validate([good, long_label, wrong_type, nowhere, no_body])
    found = {(f["method"], f["path"]): f["problems"] for f in failures}
    assert set(found) == {("POST", long_label.path), ("POST", wrong_type.path), ("GET", "/nowhere")}
    assert found["POST", long_label.path][0].startswith("components.0.components.0.label:")
    assert found["POST", wrong_type.path][0].startswith("data.content:")


@pytest.mark.contract_check
def test_every_request_the_bot_sent_matches_discords_openapi_description(validator):
    requests = contract.recorded()
    if not requests:
        pytest.skip("no requests were recorded: run this with the other e2e tests (pytest tests/e2e)")
    failures = contract.validate(requests)
    report = "\n".join(
        f"{f['method']} {f['path']} (from {f['where']}):\n    " + "\n    ".join(f["problems"]) for f in failures
    )
    assert not failures, f"{len(failures)} of {len(requests)} requests break Discord's API description:\n{report}"
