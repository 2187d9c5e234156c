"""Functional tests: the whole app through Chalice's test client, AWS mocked by moto in-process,
the table/queues/buckets created from template.yaml like the local stack does."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from typing import Any

import pytest
from moto import mock_aws

from chalicelocal.resources import create_resources, function_environment
from tests.functional.gateway_fakes import providers  # noqa: F401  (the payment providers' stand-in)


@pytest.fixture
def aws() -> Iterator[dict]:
    with mock_aws():
        created = create_resources(prefix="almoner-test", region="eu-west-2")
        environment = function_environment(created, overrides={"ALMONER_STAGE": "local"})
        old = {k: os.environ.get(k) for k in environment}
        os.environ.update(environment)
        try:
            yield created
        finally:
            for key, value in old.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


@pytest.fixture
def client(aws: dict) -> Iterator[Any]:
    """Chalice's test client over the whole app (imported here, after moto is up)."""
    from chalice.test import Client

    from app import app

    with Client(app) as test_client:
        yield test_client


@pytest.fixture
def owner(client: Any) -> Any:
    """The owner of a newly registered charity, signed in."""
    from tests.functional.helpers import sign_up_charity

    return sign_up_charity(client, "Hope Trust")


@pytest.fixture
def still_clock() -> Iterator[dt.datetime]:
    """Time stands still one second into the current hour, so a test that makes several attempts
    against a fixed-window counter (throttling) never sees a window end between two of them, however
    slow the machine. Every window the product uses divides an hour."""
    from functions.core import clock

    real = dt.datetime.now(dt.UTC)
    moment = real.replace(minute=0, second=1, microsecond=0)
    clock.set_clock(lambda: moment)
    yield moment
    clock.set_clock(None)
