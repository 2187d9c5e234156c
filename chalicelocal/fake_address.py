"""A fake UK postcode address lookup for the local stack and the tests (issue 14).

It answers `GET /fake-address/postcodes/<POSTCODE>` (any spacing or case) with
`{"postcode": "BA1 1AA", "addresses": [{house, line1, line2, town, county, postcode}, ...]}`,
the shape `functions.donors.address_lookup` reads; a postcode it does not know answers an empty
list (as a real provider does). The dataset is deterministic: a few dozen real-looking UK postcodes,
among them every postcode of the demo charity's donors, each with a handful of addresses on one
street. `chalicelocal.web` serves it on the stack's own port and `chalicelocal.__main__` points
`ADDRESS_LOOKUP_URL` at it; `serve()` starts it on its own port for the functional tests.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote

PATH = "/fake-address/postcodes"

# postcode: (street, locality (line 2) or "", town, county, house numbers or names)
_STREETS: dict[str, tuple[str, str, str, str, tuple[str, ...]]] = {
    "BA1 1AA": ("Abbey Churchyard", "", "Bath", "Somerset", ("1", "2", "3", "12", "Abbey House")),
    "BA1 2QH": ("Milsom Street", "", "Bath", "Somerset", ("4", "6", "8", "10")),
    "BA2 4AA": ("Pulteney Road", "Bathwick", "Bath", "Somerset", ("21", "23", "25")),
    "BS1 4DJ": ("Queen Square", "", "Bristol", "", ("7", "9", "11", "Flat 2, 13")),
    "BS1 5TR": ("Broad Quay", "Harbourside", "Bristol", "", ("1", "3", "5")),
    "BS8 1TH": ("Park Street", "Clifton", "Bristol", "", ("40", "42", "44", "46")),
    "YO1 7HH": ("Petergate", "", "York", "North Yorkshire", ("15", "17", "19")),
    "YO1 9QL": ("Micklegate", "", "York", "North Yorkshire", ("2", "4", "6")),
    "LS1 4AP": ("Park Row", "", "Leeds", "West Yorkshire", ("10", "12", "14")),
    "LS6 1AN": ("Headingley Lane", "Headingley", "Leeds", "West Yorkshire", ("30", "32", "34")),
    "NR2 1NH": ("Pottergate", "", "Norwich", "Norfolk", ("5", "7", "9", "The Old Forge")),
    "EX1 1HB": ("High Street", "", "Exeter", "Devon", ("100", "102", "104")),
    "CF10 1EP": ("Queen Street", "", "Cardiff", "", ("8", "10", "12")),
    "OX1 2JD": ("Broad Street", "", "Oxford", "Oxfordshire", ("1", "3", "5", "7")),
    "OX4 1YB": ("Cowley Road", "", "Oxford", "Oxfordshire", ("60", "62", "64")),
    "SW1A 1AA": ("The Mall", "", "London", "", ("Buckingham Palace",)),
    "SW1A 2AA": ("Downing Street", "", "London", "", ("10", "11", "12")),
    "EC1A 1BB": ("St Martin's Le Grand", "", "London", "", ("1", "2", "3")),
    "N1 9GU": ("Caledonian Road", "Islington", "London", "", ("5", "7", "9", "11")),
    "SE1 7PB": ("Belvedere Road", "South Bank", "London", "", ("2", "4", "6")),
    "E14 5AB": ("Canada Square", "Canary Wharf", "London", "", ("1", "8", "25")),
    "W1A 1AA": ("Portland Place", "", "London", "", ("Broadcasting House",)),
    "M1 1AE": ("Market Street", "", "Manchester", "Greater Manchester", ("20", "22", "24")),
    "M20 2RN": ("Wilmslow Road", "Didsbury", "Manchester", "Greater Manchester", ("700", "702", "704")),
    "B1 1BB": ("New Street", "", "Birmingham", "West Midlands", ("3", "5", "7")),
    "L1 8JQ": ("Bold Street", "", "Liverpool", "Merseyside", ("16", "18", "20")),
    "NE1 7RU": ("Grey Street", "", "Newcastle upon Tyne", "Tyne and Wear", ("1", "3", "5")),
    "G2 1DY": ("Buchanan Street", "", "Glasgow", "", ("50", "52", "54")),
    "EH1 1YZ": ("Royal Mile", "Old Town", "Edinburgh", "", ("100", "102", "104")),
    "EH3 9QN": ("Lothian Road", "", "Edinburgh", "", ("8", "10", "12")),
    "BT1 5GS": ("Donegall Place", "", "Belfast", "County Antrim", ("2", "4", "6")),
    "CB2 1TN": ("King's Parade", "", "Cambridge", "Cambridgeshire", ("1", "2", "3", "4")),
    "NG1 2BY": ("Long Row", "", "Nottingham", "Nottinghamshire", ("10", "12")),
    "PL1 2AA": ("Royal Parade", "", "Plymouth", "Devon", ("30", "32", "34")),
    "SO14 7DU": ("Above Bar Street", "", "Southampton", "Hampshire", ("60", "62", "64")),
    "BN1 1UG": ("North Street", "", "Brighton", "East Sussex", ("11", "13", "15")),
    "CT1 2EH": ("Burgate", "", "Canterbury", "Kent", ("5", "7", "9")),
    "TR1 2AF": ("Boscawen Street", "", "Truro", "Cornwall", ("1", "2", "3")),
    "GL50 1QA": ("The Promenade", "", "Cheltenham", "Gloucestershire", ("20", "22", "24")),
    "SA1 3QW": ("Wind Street", "", "Swansea", "", ("25", "27", "29")),
    "AB10 1AU": ("Union Street", "", "Aberdeen", "", ("400", "402")),
    "IV1 1QY": ("Church Street", "", "Inverness", "", ("60", "62")),
}


def compact(postcode: str) -> str:
    return re.sub(r"\s+", "", postcode or "").upper()


_BY_COMPACT = {compact(pc): pc for pc in _STREETS}


def addresses(postcode: str) -> list[dict[str, str]]:
    """The addresses at `postcode` (any spacing or case); [] for a postcode it does not know."""
    known = _BY_COMPACT.get(compact(postcode))
    if known is None:
        return []
    street, locality, town, county, houses = _STREETS[known]
    return [
        {
            "house": house,
            "line1": street,
            "line2": locality,
            "town": town,
            "county": county,
            "postcode": known,
        }
        for house in houses
    ]


def postcodes() -> list[str]:
    return list(_STREETS)


def answer(path: str) -> tuple[int, bytes]:
    """(status, JSON body) for a GET of `path`."""
    path = path.split("?", 1)[0]
    prefix = PATH + "/"
    if not path.startswith(prefix) or len(path) == len(prefix):
        return 404, json.dumps({"message": "Not found"}).encode()
    wanted = unquote(path[len(prefix) :])
    body: dict[str, Any] = {"postcode": wanted, "addresses": addresses(wanted)}
    return 200, json.dumps(body).encode()


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        status, body = answer(self.path)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(host: str = "127.0.0.1", port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start the fake on its own port in a daemon thread: (server, base URL for ADDRESS_LOOKUP_URL)."""
    server = ThreadingHTTPServer((host, port), _Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}{PATH}"
