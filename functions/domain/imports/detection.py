"""What kind of file this is, from its first bytes (CSV) or first rows (XLSX): the encoding,
the delimiter, the header row, the columns and a sample of the data.

Rules:
- encoding: a UTF-8 byte-order mark → `utf-8-sig`; bytes that decode as UTF-8 → `utf-8`;
  anything else is read as Windows-1252 (what Excel on Windows writes: `£` is 0xA3, `é` 0xE9).
  Only the first 64 kB are looked at, so a Windows-1252 file whose first accent comes later is
  taken for UTF-8: when a UTF-8 file is read, a byte that is not UTF-8 is read as Windows-1252
  (ASCII is the same in both, and Windows-1252 text is almost never valid UTF-8 by chance);
  a byte that is neither becomes U+FFFD, which the row check reports;
- delimiter: comma, semicolon or tab, whichever splits the first lines into the most columns
  most consistently (quoted cells are respected);
- header row: the first of the first 10 rows that has at least two filled cells, none of which
  looks like a number, a date or an amount, and at least 60% as many filled cells as the widest
  row seen (so a title line or an account summary above the header is skipped);
- rows are numbered as a spreadsheet shows them (row 1 is the first line; a quoted cell with a
  line break stays one row; blank lines count).
"""

from __future__ import annotations

import codecs
import csv
import io
import math
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO

DELIMITERS = (",", ";", "\t")
HEADER_SCAN = 10
SAMPLE_ROWS = 5
UTF8_BOM = codecs.BOM_UTF8
WINDOWS_FALLBACK = "almoner-cp1252-fallback"
csv.field_size_limit(min(sys.maxsize, 2**31 - 1))  # one cell may hold a long note; the file is ≤ 50 MB


class NotReadable(ValueError):
    """The file cannot be read as a table (message key + params)."""

    def __init__(self, key: str, **params: str) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass
class Detected:
    encoding: str | None
    delimiter: str | None
    header_row: int
    columns: list[str]
    sample: list[list[str]]
    rows_estimate: int
    preset: str | None = None
    kinds: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "encoding": self.encoding,
            "delimiter": self.delimiter,
            "header_row": self.header_row,
            "columns": list(self.columns),
            "sample": [list(row) for row in self.sample],
            "rows_estimate": self.rows_estimate,
            "preset": self.preset,
        }


def _cp1252_fallback(problem: UnicodeError) -> tuple[str, int]:
    """Codec error handler: the bytes UTF-8 could not decode, decoded as Windows-1252."""
    if not isinstance(problem, UnicodeDecodeError):
        raise problem
    bad = problem.object[problem.start : problem.end]
    return bytes(bad).decode("cp1252", errors="replace"), problem.end


codecs.register_error(WINDOWS_FALLBACK, _cp1252_fallback)


def decode_errors(encoding: str) -> str:
    """How bytes invalid in `encoding` are read (see the encoding rule above)."""
    return WINDOWS_FALLBACK if encoding.startswith("utf-8") else "replace"


def detect_encoding(head: bytes) -> str:
    if head.startswith(UTF8_BOM):
        return "utf-8-sig"
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        decoder.decode(head, final=False)  # a character cut at the end of the sample is fine
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def _complete_lines(text: str, whole_file: bool) -> str:
    """Drop a line cut in half at the end of a sample (unless the sample is the whole file)."""
    if whole_file or "\n" not in text:
        return text
    return text[: text.rfind("\n") + 1]


def detect_delimiter(text: str) -> str:
    best: tuple[float, str] = (-1.0, ",")
    for delimiter in DELIMITERS:
        rows = [
            row for row in csv.reader(io.StringIO(text), delimiter=delimiter) if any(c.strip() for c in row)
        ]
        rows = rows[:30]
        if not rows:
            continue
        widths = Counter(len(row) for row in rows)
        width, agreeing = widths.most_common(1)[0]
        if width < 2:
            continue
        score = width * (agreeing / len(rows))
        if score > best[0]:
            best = (score, delimiter)
    return best[1]


_NUMBERISH = re.compile(r"^[-+(£$€]*\s*\d[\d,. ]*\)?\s*$|^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}")


def _looks_like_value(cell: str) -> bool:
    text = cell.strip()
    return bool(_NUMBERISH.match(text)) or ("@" in text and "." in text and " " not in text)


def find_header(rows: Sequence[Sequence[str]]) -> int:
    """Index (0-based) of the header among `rows` (the first rows of the file)."""
    scan = list(rows[:HEADER_SCAN])
    widest = max(
        (sum(1 for c in row if str(c).strip()) for row in rows[: HEADER_SCAN + SAMPLE_ROWS]), default=0
    )
    for position, row in enumerate(scan):
        filled = [str(c) for c in row if str(c).strip()]
        if len(filled) < 2 or len(filled) < math.ceil(0.6 * widest):
            continue
        if any(_looks_like_value(c) for c in filled):
            continue
        return position
    return 0


def column_names(header: Sequence[str]) -> list[str]:
    """Header cells as column names: trimmed; a blank one is `Column N`; a repeat gets ` (2)`."""
    names: list[str] = []
    seen: Counter[str] = Counter()
    for position, cell in enumerate(header, start=1):
        name = " ".join(str(cell or "").split()) or f"Column {position}"
        seen[name] += 1
        names.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    while names and names[-1].startswith("Column ") and not str(header[len(names) - 1] or "").strip():
        names.pop()  # trailing empty header cells (a separator at the end of the line)
    return names


def detect_csv(head: bytes, total_size: int) -> Detected:
    """Detection from the first bytes of a CSV file (`head`, the whole file when it is small)."""
    if not head.strip():
        raise NotReadable("imports.file_empty")
    if b"\x00" in head[:4096]:
        raise NotReadable("imports.file_not_text")
    encoding = detect_encoding(head)
    whole = len(head) >= total_size
    text = _complete_lines(head.decode(encoding, errors=decode_errors(encoding)), whole)
    delimiter = detect_delimiter(text)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    header_index = find_header(rows)
    if header_index >= len(rows):
        raise NotReadable("imports.no_header")
    columns = column_names(rows[header_index])
    data = [row for row in rows[header_index + 1 :] if any(c.strip() for c in row)]
    sample = [list(row[: len(columns)]) + [""] * (len(columns) - len(row)) for row in data[:SAMPLE_ROWS]]
    body_bytes = len(text.encode(encoding, errors="replace"))
    per_row = body_bytes / max(1, len(rows))
    estimate = len(data) if whole else int(total_size / max(per_row, 1.0)) - header_index - 1
    return Detected(encoding, delimiter, header_index + 1, columns, sample, max(estimate, len(data)))


def csv_rows(stream: IO[bytes], encoding: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of every record of a CSV byte stream, decoded piece by piece (memory
    stays flat however long the file is); bytes not valid in `encoding` are read as the
    encoding rule says. A file that breaks the CSV rules is refused with the row it broke after."""
    text = io.TextIOWrapper(stream, encoding=encoding, errors=decode_errors(encoding), newline="")
    reader = csv.reader(text, delimiter=delimiter)
    number = 0
    try:
        for number, row in enumerate(reader, start=1):  # noqa: B007 (read after the loop)
            yield number, row
    except csv.Error as exc:
        raise NotReadable("imports.file_read_failed", row=str(number), detail=str(exc)) from exc
    finally:
        text.detach()


def detect_rows(rows: Iterable[Sequence[object]], rows_estimate: int) -> Detected:
    """Detection from the first rows of a worksheet (cells already as text)."""
    first = [[_cell_text(c) for c in row] for row in rows]
    if not any(any(c.strip() for c in row) for row in first):
        raise NotReadable("imports.file_empty")
    header_index = find_header(first)
    columns = column_names(first[header_index])
    data = [row for row in first[header_index + 1 :] if any(c.strip() for c in row)]
    sample = [list(row[: len(columns)]) + [""] * (len(columns) - len(row)) for row in data[:SAMPLE_ROWS]]
    return Detected(
        None, None, header_index + 1, columns, sample, max(rows_estimate - header_index - 1, len(data))
    )


def _cell_text(value: object) -> str:
    return cell_text(value)


def cell_text(value: object) -> str:
    """A worksheet cell as the text a CSV would hold: dates as ISO dates, whole numbers without
    `.0`, other numbers as written."""
    import datetime as dt

    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)
