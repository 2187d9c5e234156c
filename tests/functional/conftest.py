"""Functional tests: the whole app through Chalice's test client, AWS mocked by moto in-process,
the table/queues/buckets created from template.yaml like the local stack does."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from moto import mock_aws

from chalicelocal.resources import create_resources, function_environment


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
