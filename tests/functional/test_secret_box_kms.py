"""Secrets are sealed with the KMS key the template declares, locally too (moto's key created
from template.yaml like the table): bound to the charity, stable across a restart of the local
stack, and values sealed earlier with local AES-GCM still read."""

from __future__ import annotations

import base64
import os

import boto3
import pytest
from moto import mock_aws

from chalicelocal.resources import create_resources, load_template
from functions.core import aws as core_aws
from functions.core import secret_box


def test_the_template_declares_the_secrets_key_and_gives_it_to_every_function(aws):
    template = load_template()
    assert template["Resources"]["SecretsKey"]["Type"] == "AWS::KMS::Key"
    assert template["Globals"]["Function"]["Environment"]["Variables"]["SECRETS_KEY_ID"] == {
        "Ref": "SecretsKey"
    }
    assert os.environ["SECRETS_KEY_ID"] == aws["SecretsKey"]
    aliases = boto3.client("kms", region_name="eu-west-2").list_aliases()["Aliases"]
    assert any(a["AliasName"] == "alias/almoner-test-secretskey" for a in aliases)


def test_a_secret_is_sealed_by_kms_for_one_charity_only(aws):
    core_aws.reset_clients()
    sealed = secret_box.seal("rk_live_51Secret", "tenant-a")
    assert sealed.startswith("kms:") and "rk_live" not in sealed
    assert secret_box.unseal(sealed, "tenant-a") == "rk_live_51Secret"
    with pytest.raises(Exception, match="InvalidCiphertext"):
        secret_box.unseal(sealed, "tenant-b")


def test_the_local_key_survives_a_restart_and_old_aes_values_still_read(aws):
    core_aws.reset_clients()
    sealed = secret_box.seal("hmrc-password", "tenant-a")
    os.environ.pop("SECRETS_KEY_ID")
    old = secret_box.seal("older-password", "tenant-a")  # as stored before the local KMS key
    assert old.startswith("aesgcm:")
    with mock_aws():  # a restart: moto starts empty, the key is created again from the template
        created = create_resources(prefix="almoner-test", region="eu-west-2")
        os.environ["SECRETS_KEY_ID"] = created["SecretsKey"]
        core_aws.reset_clients()
        assert secret_box.unseal(sealed, "tenant-a") == "hmrc-password"
        assert secret_box.unseal(old, "tenant-a") == "older-password"
    with pytest.raises(ValueError, match="unknown secret format"):
        secret_box.unseal(base64.b64encode(b"x").decode(), "tenant-a")
