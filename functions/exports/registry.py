"""Which tables can be exported: table name → required permission, row source, default columns.

Areas register their tables in `functions/exports/exporters.py` (donors and donations join when
those areas exist). Rows are produced lazily, so a large table streams into the file.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from functions.core.errors import NotFound

RowSource = Callable[[str, dict[str, Any]], Iterable[Mapping[str, Any]]]  # (tenant id, table meta) → rows


@dataclass(frozen=True)
class Exporter:
    table: str
    permission: str
    columns: tuple[tuple[str, str], ...]  # (key, default label) in the table's order
    rows: RowSource
    # The row source reads `meta["ids"]` ("Export selected": just those rows).
    by_ids: bool = False

    @property
    def column_keys(self) -> frozenset[str]:
        return frozenset(key for key, _ in self.columns)


_EXPORTERS: dict[str, Exporter] = {}


def register(exporter: Exporter) -> Exporter:
    _EXPORTERS[exporter.table] = exporter
    return exporter


def exporter_for(table: str) -> Exporter:
    importlib.import_module("functions.exports.exporters")  # registers the known tables once
    try:
        return _EXPORTERS[table]
    except KeyError as exc:
        raise NotFound("exports.unknown_table") from exc
