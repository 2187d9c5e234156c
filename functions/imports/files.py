"""Reading an uploaded file: its layout (from the first 64 kB of a CSV, or the first rows of an
XLSX's first sheet) and its rows, streamed.

A CSV is never read whole: the csv module reads from a text wrapper over the S3 body, so memory
stays flat however long the file is; quoted line breaks stay inside their cell and each record
gets the row number a spreadsheet shows. Bytes that are not valid in the detected encoding
become U+FFFD, which the row check reports. An XLSX is a zip and needs random access, so it is
downloaded to a temporary file (at most 50 MB) and read by `functions.domain.imports.workbook`
(openpyxl in read-only mode, which also streams its rows).
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator
from typing import Any

from functions.domain.imports import detection, workbook
from functions.domain.imports.detection import Detected
from functions.domain.imports.fields import detect_preset
from functions.imports import repository

HEAD_BYTES = 64 * 1024


class _BodyReader(io.RawIOBase):
    """A raw binary stream over anything with `read(n)` (boto3's StreamingBody), so that
    io.BufferedReader and io.TextIOWrapper can decode it piece by piece."""

    def __init__(self, body: Any) -> None:
        self._body = body

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._body.read(len(buffer))
        size = len(data)
        buffer[:size] = data
        return size

    def close(self) -> None:
        closer = getattr(self._body, "close", None)
        if closer is not None:
            closer()
        super().close()


def detect(kind: str, key: str, size: int) -> Detected:
    if kind == "xlsx":
        with tempfile.TemporaryFile() as local:
            repository.download(key, local)
            local.seek(0)
            found = workbook.detect(local)
    else:
        found = detection.detect_csv(repository.read_head(key, min(size, HEAD_BYTES)), size)
    found.preset = detect_preset(found.columns)
    return found


def rows(kind: str, key: str, detected: dict[str, Any]) -> Iterator[tuple[int, list[str]]]:
    """Every row of the file with its spreadsheet row number, header and preamble included."""
    if kind == "xlsx":
        yield from _xlsx_rows(key)
        return
    body = repository.open_stream(key)
    raw = io.BufferedReader(_BodyReader(body), buffer_size=256 * 1024)
    try:
        yield from detection.csv_rows(
            raw, detected.get("encoding") or "utf-8", detected.get("delimiter") or ","
        )
    finally:
        raw.close()


def _xlsx_rows(key: str) -> Iterator[tuple[int, list[str]]]:
    with tempfile.TemporaryFile() as local:
        repository.download(key, local)
        local.seek(0)
        yield from workbook.rows(local)
