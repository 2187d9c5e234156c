"""Powertools logger and metrics shared by every function (JSON logs with request/tenant/user)."""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics

logger = Logger(service="almoner")
metrics = Metrics(namespace="Almoner", service="almoner")
