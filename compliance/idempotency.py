"""Idempotent filing: the one way a filing endpoint honours `Idempotency-Key`.

A retry with the same key and the same body answers with the statement the first
request filed (`Idempotent-Replayed: true`); the same key with another body, or from
the other mode (live or test), is a 422. The service (`dds_file`) keeps the records;
this mixin reads the header and speaks HTTP.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from rest_framework.request import Request

from accounts.authentication import request_livemode
from compliance.models import DueDiligenceStatement
from compliance.services import IdempotencyConflict, dds_file
from eudr_service.lib.problems import Problem

MAX_KEY_LENGTH = 255


class IdempotentFilingMixin:
    # For viewsets whose action files a statement or a declaration. (A comment: a
    # docstring here would become the description of every operation of the viewset.)

    def file_once(
        self, request: Request, data: dict[str, Any], **options: Any
    ) -> tuple[DueDiligenceStatement, bool]:
        """File `data` (validated) once per Idempotency-Key; returns (statement, replayed)."""
        key = request.headers.get("Idempotency-Key", "").strip() or None
        if key is not None and len(key) > MAX_KEY_LENGTH:
            raise Problem(
                400, "invalid_idempotency_key", f"Idempotency-Key is at most {MAX_KEY_LENGTH} characters."
            )
        try:
            return dds_file(
                owner=request.user,
                data=data,
                raw_body=request.data,
                idempotency_key=key,
                livemode=request_livemode(request),
                **options,
            )
        except IdempotencyConflict as exc:
            raise Problem(
                422, "idempotency_key_reused", "This Idempotency-Key was used with a different request body."
            ) from exc

    @staticmethod
    def replay_mark(response: HttpResponse, replayed: bool) -> HttpResponse:
        if replayed:
            response["Idempotent-Replayed"] = "true"
        return response
