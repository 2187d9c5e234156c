"""PynamoDB's connection whose botocore client writes item requests and reads item answers
directly (`functions.core.item_requests`, `functions.core.item_answers`): the same requests and the
same parsed answers as botocore's shape walks, without their cost (most of a claim's, a list's and
an export's own CPU was botocore parsing Query and BatchGetItem answers)."""

from __future__ import annotations

from typing import Any

from pynamodb.connection import Connection
from pynamodb.connection.table import TableConnection


class ItemConnection(Connection):
    _installed_on: Any = None  # the botocore client the direct paths were installed on

    @property
    def client(self) -> Any:
        client = super().client  # PynamoDB makes a new one when the old lost its credentials
        if client is not self._installed_on:
            # imported with the first client, not on a cold start's import path
            from functions.core import item_answers, item_requests

            item_answers.use_for(item_requests.use_for(client))
            self._installed_on = client
        return client


_shared: Connection | None = None


def shared() -> Connection:
    """The process's one connection for transactions and other calls made outside a model: the
    models' own (`Entity`'s, an `ItemConnection`), so a process creates one DynamoDB client
    whatever it calls first. A new Connection builds a new botocore client (tens of milliseconds
    each time: a connection made per transaction was 8 % of a claim's own CPU, and a second one
    in a cold start is a fifth of a bare client's cold start)."""
    global _shared
    if _shared is None:
        from functions.core.table import Entity  # the table module imports this one

        _shared = Entity._get_connection().connection  # noqa: SLF001
    return _shared


def direct(table_connection: TableConnection) -> TableConnection:
    """A model's table connection, its plain PynamoDB connection made an `ItemConnection` (it
    holds no state of its own: only the client it hands out differs)."""
    connection = table_connection.connection
    if type(connection) is Connection:
        connection.__class__ = ItemConnection
    return table_connection
