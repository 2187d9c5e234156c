"""The local stage's outbox: every email sent, so reset and verification links can be followed
without a mail server."""

from __future__ import annotations

from typing import Any

from functions.core import clock, config, email
from functions.core.errors import NotFound


def outbox() -> list[dict[str, Any]]:
    if not config.dev_outbox_enabled():
        raise NotFound()
    return [
        {
            "id": m.email_id,
            "to": m.to,
            "subject": m.subject,
            "text": m.text,
            "html": m.html,
            "sent_at": clock.iso(m.created_at),
        }
        for m in email.outbox()
    ]
