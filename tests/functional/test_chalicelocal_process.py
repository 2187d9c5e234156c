"""The real `python -m chalicelocal`: it starts, answers the API and the SPA, seeds the demo, and
saves its state when stopped."""

from __future__ import annotations

import http.client
import json
from pathlib import Path

from chalicelocal import with_stack
from chalicelocal.embedded import free_port


def test_the_local_stack_serves_api_and_spa(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = tmp_path / "stack.log"
    with open(log_path, "wb") as log:
        process = with_stack.start(str(tmp_path), port, log.fileno())
        try:
            try:
                with_stack.wait_until_up(url, process)  # i.e. GET /api/user answered 401
            except (RuntimeError, TimeoutError) as exc:
                raise AssertionError(f"{exc}\n{log_path.read_text()[-5000:]}") from exc

            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/donors/1")
            page = connection.getresponse()
            assert page.status == 200 and page.headers["Content-Type"].startswith("text/html")
            assert b"<html" in page.read().lower()

            body = json.dumps(
                {"email": "owner@riverside.example", "password": "almoner-demo", "remember": False}
            )
            connection.request("POST", "/api/login", body=body, headers={"Content-Type": "application/json"})
            answer = connection.getresponse()
            payload = answer.read()
            assert answer.status == 200, payload
            cookies = answer.headers.get_all("Set-Cookie")
            user = json.loads(payload)["user"]
            assert user["tenant"]["name"] == "Riverside Animal Rescue" and user["role"] == "owner"
            assert len(cookies) == 2
        finally:
            status = with_stack.stop(process)
    assert status == 0
    assert (tmp_path / "state.json").is_file()
    assert "Almoner is running at" in log_path.read_text()
