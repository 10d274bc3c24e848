"""A table's unguessable link: `/t/<table id>-<signature>`, the signature an HMAC-SHA256 of the id
with BOT_WEB_SECRET, cut to 16 bytes and written in URL-safe base64 (22 characters). Whoever holds
the link may watch the table; without the secret nobody can make one for another table."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections import OrderedDict

SIGNATURE_BYTES = 16
SIGNATURES_KEPT = 4096  # tables whose signature is kept, the latest made
LARGEST_ID = 2**63 - 1  # a table id fits a signed 64-bit integer
_TOKEN = re.compile(r"([1-9][0-9]{0,18})-([A-Za-z0-9_-]{22})")


class Links:
    def __init__(self, secret: str, base_url: str) -> None:
        self._key = secret.encode()
        self.base_url = base_url.rstrip("/")
        self._signed: OrderedDict[int, str] = OrderedDict()  # every viewer's request checks one

    def signature(self, table_id: int) -> str:
        signed = self._signed.get(table_id)
        if signed is None:
            digest = hmac.new(self._key, f"table:{table_id}".encode(), hashlib.sha256).digest()
            signed = self._signed[table_id] = base64.urlsafe_b64encode(digest[:SIGNATURE_BYTES]).rstrip(b"=").decode()
            if len(self._signed) > SIGNATURES_KEPT:
                self._signed.popitem(last=False)
        return signed

    def token(self, table_id: int) -> str:
        """The table's part of its link's path: `<id>-<signature>`."""
        return f"{table_id}-{self.signature(table_id)}"

    def url(self, table_id: int) -> str:
        """The table's page at the public address."""
        return f"{self.base_url}/t/{self.token(table_id)}"

    def table_of(self, token: str) -> int | None:
        """The table a token names, if its signature is right (compared in constant time)."""
        found = _TOKEN.fullmatch(token)
        if found is None:
            return None
        table_id = int(found[1])
        if table_id > LARGEST_ID:
            return None
        if not hmac.compare_digest(found[2].encode(), self.signature(table_id).encode()):
            return None
        return table_id
