"""What kind of file an import is (functions/domain/imports/detection.py, workbook.py): encoding,
delimiter, header row, and the rows with the numbers a spreadsheet shows. Pure: files are bytes
written here."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from openpyxl import Workbook

from functions.domain.imports import workbook
from functions.domain.imports.detection import NotReadable, csv_rows, detect_csv

HEADER = "Name,Email,Amount,Date\r\n"
ROW = "Zoë Brown,zoe@example.org,£12.50,06/04/2025\r\n"


def detect(data: bytes):
    return detect_csv(data, len(data))


def read_all(data: bytes, encoding: str, delimiter: str = ","):
    return list(csv_rows(io.BytesIO(data), encoding, delimiter))


# ------------------------------------------------------------------ encoding
@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ((HEADER + ROW).encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + (HEADER + ROW).encode("utf-8"), "utf-8-sig"),
        ((HEADER + ROW).encode("cp1252"), "cp1252"),
    ],
    ids=["utf-8", "utf-8 with BOM", "windows-1252"],
)
def test_the_encoding_is_found_and_names_with_accents_and_pounds_read_back(data, encoding):
    # GIVEN the same file saved as UTF-8, UTF-8 with a BOM (Excel's "CSV UTF-8") and Windows-1252
    # WHEN it is detected and read
    found = detect(data)
    rows = read_all(data, found.encoding)
    # THEN the encoding is named, the first column has no stray BOM, and é and £ read back
    assert found.encoding == encoding
    assert found.columns == ["Name", "Email", "Amount", "Date"]
    assert found.sample == [["Zoë Brown", "zoe@example.org", "£12.50", "06/04/2025"]]
    assert rows[1] == (2, ["Zoë Brown", "zoe@example.org", "£12.50", "06/04/2025"])


def test_a_utf8_character_cut_at_the_end_of_the_sample_still_reads_as_utf8():
    # GIVEN a UTF-8 file whose first 64 kB end in the middle of "ë" (two bytes)
    data = (HEADER + ROW * 4000).encode("utf-8")
    head = data[: data.index("ë".encode(), 60_000) + 1]
    # WHEN only that head is detected THEN it is still UTF-8 (not mistaken for Windows-1252)
    assert detect_csv(head, len(data)).encoding == "utf-8"


# ------------------------------------------------------------------ delimiter
@pytest.mark.parametrize("delimiter", [",", ";", "\t"], ids=["comma", "semicolon", "tab"])
def test_the_delimiter_is_found(delimiter):
    # GIVEN a file whose amounts and notes hold the other delimiters inside quoted cells
    rows = [
        ["Name", "Amount", "Date", "Notes"],
        ["Jane Smith", "1,234.50", "06/04/2025", "cash; at the door"],
        ["Ann Lee", "12,50", "07/04/2025", "tab\there"],
    ]
    text = "\r\n".join(delimiter.join(f'"{cell}"' for cell in row) for row in rows) + "\r\n"
    # WHEN detected THEN the delimiter is found and the cells keep their commas and semicolons
    found = detect(text.encode())
    assert found.delimiter == delimiter
    assert found.columns == ["Name", "Amount", "Date", "Notes"]
    assert found.sample[0] == ["Jane Smith", "1,234.50", "06/04/2025", "cash; at the door"]


def test_a_semicolon_file_with_decimal_commas_is_not_taken_for_a_comma_file():
    data = b"Name;Amount;Date\r\nJane Smith;12,50;06/04/2025\r\nAnn Lee;7,00;07/04/2025\r\n"
    found = detect(data)
    assert found.delimiter == ";"
    assert found.sample[0] == ["Jane Smith", "12,50", "06/04/2025"]


# ------------------------------------------------------------------ header row
def test_a_title_and_blank_lines_above_the_header_are_skipped_and_rows_keep_their_line_numbers():
    # GIVEN a bank statement style file: a title, a summary line, a blank line, then the table
    data = (
        "St Mary's Church - donations 2025\r\n"
        "Exported on 06/04/2025,,,\r\n"
        "\r\n" + HEADER + ROW + "\r\n" + "Ann Lee,ann@example.org,5.00,07/04/2025\r\n"
    ).encode()
    # WHEN detected and read
    found = detect(data)
    rows = read_all(data, found.encoding)
    # THEN the header is row 4, the data rows are the file's rows 5 and 7 (row 6 is blank)
    assert found.header_row == 4
    assert found.columns == ["Name", "Email", "Amount", "Date"]
    assert [name for name in (r[0] for r in found.sample)] == ["Zoë Brown", "Ann Lee"]
    assert found.rows_estimate == 2
    numbered = {number: cells for number, cells in rows}
    assert numbered[5][0] == "Zoë Brown" and numbered[6] == [] and numbered[7][0] == "Ann Lee"


def test_a_file_without_a_header_row_uses_its_first_row():
    # GIVEN a file of values only (nothing looks like a header)
    data = b"Jane Smith,12.50,06/04/2025\r\nAnn Lee,7.00,07/04/2025\r\n"
    found = detect(data)
    # THEN its first row is taken as the header (the user sees the columns named by its values)
    assert found.header_row == 1
    assert found.columns == ["Jane Smith", "12.50", "06/04/2025"]


def test_blank_and_repeated_header_cells_get_names_a_person_can_map():
    data = b"Name,,Amount,Amount,Date,\r\nJane,x,1.00,2.00,06/04/2025,\r\n"
    assert detect(data).columns == ["Name", "Column 2", "Amount", "Amount (2)", "Date"]


# ------------------------------------------------------------------ rows
def test_a_quoted_line_break_stays_in_its_cell_and_the_row_numbers_follow_the_spreadsheet():
    # GIVEN a note over two lines in a quoted cell, then a blank line, then another row
    data = b'Name,Amount,Notes\r\nJane,5.00,"first line\r\nsecond line"\r\n\r\nAnn,6.00,short\r\n'
    # WHEN read
    rows = read_all(data, "utf-8")
    # THEN the note is one cell with its line break, and Ann is on row 4 as a spreadsheet shows
    assert rows == [
        (1, ["Name", "Amount", "Notes"]),
        (2, ["Jane", "5.00", "first line\r\nsecond line"]),
        (3, []),
        (4, ["Ann", "6.00", "short"]),
    ]


def test_a_windows_1252_file_whose_first_accent_comes_late_still_reads_its_accents():
    # GIVEN a Windows-1252 file whose first 64 kB are plain ASCII (so it is detected as UTF-8)
    plain = HEADER + "Jane Smith,jane@example.org,12.50,06/04/2025\r\n" * 2000
    data = (plain + "Seán Ó Brien,sean@example.org,£1,06/04/2025\r\n").encode("cp1252")
    found = detect_csv(data[:65536], len(data))
    assert found.encoding == "utf-8"
    # WHEN it is read THEN the late row keeps its accents and its pound sign
    last = read_all(data, found.encoding)[-1]
    assert last == (2002, ["Seán Ó Brien", "sean@example.org", "£1", "06/04/2025"])


def test_bytes_that_no_encoding_explains_become_replacement_characters():
    # 0x81 is not a character in Windows-1252 either: the row check reports the row
    data = HEADER.encode() + b"Se\x81n,x@example.org,1,06/04/2025\r\n"
    assert read_all(data, "utf-8")[1][1][0] == "Se\ufffdn"
    assert read_all(data, "cp1252")[1][1][0] == "Se\ufffdn"


@pytest.mark.parametrize(
    ("data", "key"),
    [
        (b"", "imports.file_empty"),
        (b"  \r\n\r\n", "imports.file_empty"),
        (b"PK\x03\x04\x00\x00", "imports.file_not_text"),
    ],
    ids=["empty", "blank lines only", "binary"],
)
def test_a_file_that_is_not_a_table_is_refused_with_its_reason(data, key):
    with pytest.raises(NotReadable) as refused:
        detect_csv(data, max(len(data), 1))
    assert refused.value.key == key


# ------------------------------------------------------------------ XLSX
def _xlsx(rows, *, title_rows=0) -> io.BytesIO:
    book = Workbook()
    sheet = book.active
    for _ in range(title_rows):
        sheet.append(["Gift Aid donations"])
    for row in rows:
        sheet.append(row)
    stream = io.BytesIO()
    book.save(stream)
    stream.seek(0)
    return stream


def test_an_xlsx_sheet_is_read_as_its_csv_would_be():
    # GIVEN a workbook as Excel saves it: a title row, real dates, numbers and text
    rows = [
        ["Name", "Amount", "Date", "Gift Aid"],
        ["Zoë Brown", 1234.5, dt.datetime(2025, 4, 6), "Yes"],
        ["Seán O'Brien", 10, dt.date(2025, 4, 7), True],
    ]
    # WHEN detected and read
    found = workbook.detect(_xlsx(rows, title_rows=1))
    read = list(workbook.rows(_xlsx(rows, title_rows=1)))
    # THEN the header is row 2 and the cells are the text a CSV would hold
    assert found.encoding is None and found.delimiter is None
    assert found.header_row == 2
    assert found.columns == ["Name", "Amount", "Date", "Gift Aid"]
    assert found.sample == [
        ["Zoë Brown", "1234.5", "2025-04-06", "Yes"],
        ["Seán O'Brien", "10", "2025-04-07", "yes"],
    ]
    assert read[2] == (3, ["Zoë Brown", "1234.5", "2025-04-06", "Yes"])


def test_an_xlsx_keeps_the_row_numbers_excel_shows_across_empty_rows():
    book = Workbook()
    sheet = book.active
    sheet["A1"], sheet["B1"] = "Name", "Amount"
    sheet["A2"], sheet["B2"] = "Jane", 5
    sheet["A5"], sheet["B5"] = "Ann", 6
    stream = io.BytesIO()
    book.save(stream)
    stream.seek(0)
    numbered = {number: cells for number, cells in workbook.rows(stream) if any(cells)}
    assert numbered == {1: ["Name", "Amount"], 2: ["Jane", "5"], 5: ["Ann", "6"]}


def test_a_file_that_is_not_a_workbook_is_refused():
    with pytest.raises(NotReadable) as refused:
        workbook.detect(io.BytesIO(b"Name,Amount\r\nJane,5\r\n"))
    assert refused.value.key == "imports.xlsx_unreadable"
