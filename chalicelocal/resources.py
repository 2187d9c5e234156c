"""Create the data resources that `template.yaml` declares (table + GSIs + TTL, queues + DLQs +
redrive, buckets, the SES sender) on whatever AWS endpoint boto3 points at: the embedded moto
server of the local stack, or moto's in-process mock in tests. The template is the only list.

It also resolves the functions' environment (`Globals.Function.Environment`) against the created
names, so local code reads exactly the variables Lambda would.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import uuid
from functools import lru_cache
from pathlib import Path
from typing import Any

import boto3
import yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "template.yaml"


# libyaml's parser when the wheel has it (pure-Python YAML took ~1 s per parse of the template).
_SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _CfnLoader(_SafeLoader):  # type: ignore[misc, valid-type]
    """YAML loader that keeps CloudFormation short-form tags (!Ref, !GetAtt, !Sub ...) as dicts."""


def _tag(loader: yaml.Loader, suffix: str, node: yaml.Node) -> Any:
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
        if suffix == "GetAtt" and isinstance(value, str):
            value = value.split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    return {name: value}


_CfnLoader.add_multi_constructor("!", _tag)


def load_template(path: Path = TEMPLATE) -> dict[str, Any]:
    """The template as data: parsed once per file version (path, size, mtime) in a process, and a
    fresh copy for each caller, which may change it."""
    stat = Path(path).stat()
    return copy.deepcopy(_parsed(str(path), stat.st_size, stat.st_mtime_ns))


@lru_cache(maxsize=8)
def _parsed(path: str, _size: int, _mtime_ns: int) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_CfnLoader)  # noqa: S506 (our own loader, safe-based)


def physical_name(prefix: str, logical_id: str) -> str:
    return f"{prefix}-{logical_id}".lower()


def create_resources(
    prefix: str = "almoner-local",
    template: dict[str, Any] | None = None,
    region: str | None = None,
    parameters: dict[str, str] | None = None,
    extra_cors_origins: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Create (or find) every data resource; return {logical id: physical name or queue URL}.
    `parameters` override the template's parameter defaults (the local stack's `AppUrl`);
    `extra_cors_origins` join every bucket CORS rule (the Vite dev server, locally)."""
    template = template or load_template()
    values = parameter_values(template, parameters)
    resources: dict[str, Any] = template["Resources"]
    session = _Session(region)
    created: dict[str, Any] = {}
    queue_arns: dict[str, str] = {}
    sqs = session.client("sqs")
    # Dead-letter queues first: the main queues' redrive policies point at them.
    ordered = sorted(resources.items(), key=lambda item: "RedrivePolicy" in item[1].get("Properties", {}))
    for logical_id, resource in ordered:
        kind, props = resource["Type"], resource.get("Properties", {})
        if kind == "AWS::DynamoDB::Table":
            created[logical_id] = _create_table(session, physical_name(prefix, logical_id), props)
        elif kind == "AWS::SQS::Queue":
            url, arn = _create_queue(sqs, physical_name(prefix, logical_id), props, queue_arns)
            created[logical_id] = url
            queue_arns[logical_id] = arn
        elif kind == "AWS::S3::Bucket":
            name = physical_name(prefix, logical_id)
            created[logical_id] = _create_bucket(session, name, props, values, extra_cors_origins)
        elif kind == "AWS::KMS::Key":
            created[logical_id] = _create_kms_key(session, physical_name(prefix, logical_id), props)
        elif kind == "AWS::SES::EmailIdentity":
            sender = _resolve(props["EmailIdentity"], values)
            session.client("ses").verify_email_identity(EmailAddress=sender)
            created[logical_id] = sender
    created["__queue_arns__"] = queue_arns
    return created


class _Session:
    """The clients `create_resources` uses, for one region. A botocore session and its clients
    cost ~0.2 s each to make (their JSON models), and the tests create the resources for every
    test: clients are made once per process for a region and endpoint. (Reusable across moto
    mocks: moto intercepts every botocore client while a mock is active.)"""

    def __init__(self, region: str | None) -> None:
        self.region_name = region or boto3.session.Session().region_name

    def client(self, service: str) -> Any:
        return _client(service, self.region_name, os.environ.get("AWS_ENDPOINT_URL"))


@lru_cache(maxsize=32)
def _client(service: str, region: str | None, endpoint: str | None) -> Any:
    return _session(region).client(service, endpoint_url=endpoint)  # type: ignore[call-overload]


@lru_cache(maxsize=8)
def _session(region: str | None) -> Any:
    return boto3.session.Session(region_name=region)


def parameter_values(template: dict[str, Any], overrides: dict[str, str] | None = None) -> dict[str, str]:
    """Every template parameter's default, with `overrides` applied."""
    values = {k: str(v.get("Default", "")) for k, v in template.get("Parameters", {}).items()}
    values.update(overrides or {})
    return values


def _resolve(value: Any, parameters: dict[str, str]) -> str:
    """A literal, or a !Ref to a parameter."""
    if isinstance(value, dict) and "Ref" in value:
        return parameters[value["Ref"]]
    return str(value)


def _create_table(session: Any, name: str, props: dict[str, Any]) -> str:
    dynamodb = session.client("dynamodb")
    if name in dynamodb.list_tables().get("TableNames", []):
        return name
    dynamodb.create_table(
        TableName=name,
        BillingMode=props.get("BillingMode", "PAY_PER_REQUEST"),
        AttributeDefinitions=props["AttributeDefinitions"],
        KeySchema=props["KeySchema"],
        GlobalSecondaryIndexes=props.get("GlobalSecondaryIndexes", []),
    )
    ttl = props.get("TimeToLiveSpecification")
    if ttl and ttl.get("Enabled"):
        dynamodb.update_time_to_live(
            TableName=name,
            TimeToLiveSpecification={"Enabled": True, "AttributeName": ttl["AttributeName"]},
        )
    return name


def _create_kms_key(session: Any, name: str, props: dict[str, Any]) -> str:
    """The key (found by its alias `alias/<name>`, or created with it); its id."""
    kms = session.client("kms")
    alias = f"alias/{name}"
    for entry in kms.list_aliases().get("Aliases", []):
        if entry["AliasName"] == alias and entry.get("TargetKeyId"):
            return str(entry["TargetKeyId"])
    key_id = kms.create_key(Description=str(props.get("Description", "")), KeyUsage="ENCRYPT_DECRYPT")
    stable = _stable_local_key(key_id["KeyMetadata"]["KeyId"], name)
    kms.create_alias(AliasName=alias, TargetKeyId=stable)
    return stable


def _stable_local_key(key_id: str, name: str) -> str:
    """moto makes a new random key on every start, while the local stack's persisted items
    (chalicelocal/state.py) hold ciphertexts sealed by the previous one: when moto runs in this
    process (the embedded server, the tests' mock), the key gets an id and key material derived
    from its name, so a restart decrypts what was sealed before. A development key only."""
    try:
        from moto.kms.models import kms_backends
    except ImportError:  # pragma: no cover (moto is a dev dependency of the local stack)
        return key_id
    stable_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"almoner-local-kms:{name}"))
    material = hashlib.sha256(f"almoner-local-kms:{name}".encode()).digest()
    for account in list(kms_backends.values()):
        for backend in list(account.values()):
            key = backend.keys.pop(key_id, None)
            if key is None:
                continue
            key.id, key.key_material, key.arn = stable_id, material, key.arn.replace(key_id, stable_id)
            backend.keys[stable_id] = key
            return stable_id
    return key_id


def _create_queue(sqs: Any, name: str, props: dict[str, Any], arns: dict[str, str]) -> tuple[str, str]:
    attributes: dict[str, str] = {}
    for key in ("VisibilityTimeout", "MessageRetentionPeriod", "DelaySeconds"):
        if key in props:
            attributes[key] = str(props[key])
    redrive = props.get("RedrivePolicy")
    if redrive:
        target = redrive["deadLetterTargetArn"]["Fn::GetAtt"][0]
        attributes["RedrivePolicy"] = json.dumps(
            {"deadLetterTargetArn": arns[target], "maxReceiveCount": int(redrive["maxReceiveCount"])}
        )
    url = sqs.create_queue(QueueName=name, Attributes=attributes)["QueueUrl"]
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    return url, arn


def _create_bucket(
    session: Any, name: str, props: dict[str, Any], parameters: dict[str, str], extra_origins: tuple[str, ...]
) -> str:
    s3 = session.client("s3")
    region = session.region_name or "us-east-1"
    try:
        if region == "us-east-1":
            s3.create_bucket(Bucket=name)
        else:
            s3.create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": region})
    except s3.exceptions.BucketAlreadyOwnedByYou:
        pass
    cors = props.get("CorsConfiguration")
    if cors:
        # Applied on every start: the local AppUrl (its port) may differ from the last run's.
        s3.put_bucket_cors(Bucket=name, CORSConfiguration=cors_rules(cors, parameters, extra_origins))
    return name


# CloudFormation's CorsRule property names → the S3 API's (PutBucketCors).
_CORS_FIELDS = {
    "AllowedHeaders": "AllowedHeaders",
    "AllowedMethods": "AllowedMethods",
    "AllowedOrigins": "AllowedOrigins",
    "ExposedHeaders": "ExposeHeaders",
    "Id": "ID",
    "MaxAge": "MaxAgeSeconds",
}


def cors_rules(
    cors: dict[str, Any], parameters: dict[str, str], extra_origins: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A template `CorsConfiguration` as the S3 API's `CORSConfiguration`, !Ref resolved."""
    rules = []
    for rule in cors["CorsRules"]:
        converted: dict[str, Any] = {}
        for cfn_name, value in rule.items():
            api_name = _CORS_FIELDS[cfn_name]
            if isinstance(value, list):
                converted[api_name] = [_resolve(item, parameters) for item in value]
            elif cfn_name == "MaxAge":
                converted[api_name] = int(value)
            else:
                converted[api_name] = _resolve(value, parameters)
        if extra_origins:
            converted["AllowedOrigins"] = [*converted.get("AllowedOrigins", []), *extra_origins]
        rules.append(converted)
    return {"CORSRules": rules}


def function_environment(
    created: dict[str, Any], template: dict[str, Any] | None = None, overrides: dict[str, str] | None = None
) -> dict[str, str]:
    """The Globals environment of the template, with !Ref resolved to the local resources (other
    intrinsics, resolved only by CloudFormation, are left unset)."""
    template = template or load_template()
    variables = template["Globals"]["Function"]["Environment"]["Variables"]
    parameters = {k: str(v.get("Default", "")) for k, v in template.get("Parameters", {}).items()}
    environment: dict[str, str] = {}
    for name, value in variables.items():
        if isinstance(value, dict) and "Ref" in value:
            ref = value["Ref"]
            environment[name] = str(created.get(ref, parameters.get(ref, "")))
        elif isinstance(value, dict):
            continue  # resolved only at deploy (e.g. a Secrets Manager reference): code has a local default
        else:
            environment[name] = str(value)
    environment.update(overrides or {})
    return environment
