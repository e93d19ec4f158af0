"""OpenAPI: security schemes, the problem+json schema, and the responses and
headers every protected operation shares, added in one post-processing hook."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True, help_text="Path in the request, e.g. parcels[3].lat")
    code = serializers.CharField()
    message = serializers.CharField()


class ProblemSerializer(serializers.Serializer):
    """RFC 9457 problem details; `code` is stable and meant for programs."""

    type = serializers.CharField()
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.CharField()
    errors = FieldErrorSerializer(many=True)


def _problem(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ProblemSerializer, description=description)


PROBLEM_RESPONSES: dict[int, OpenApiResponse] = {
    400: _problem(
        "Invalid input; every field error is listed in `errors` "
        "(`unsupported_api_version`: the API-Version header names a version not served)."
    ),
    401: _problem("Missing, malformed, unknown, revoked or expired key."),
    403: _problem("`plan_required`: the plan lacks this feature; `plans` names those that have it."),
    404: _problem("Not found (also for another account's objects)."),
    406: _problem("`not_acceptable`: no representation matches the Accept header."),
    413: _problem("Request body too large."),
    415: _problem("`unsupported_media_type`: the body must be application/json."),
    422: _problem("`idempotency_key_reused`: the key was used with a different body."),
    429: _problem("`quota_exceeded` (daily, Retry-After: 86400) or `rate_limited` (burst)."),
    503: _problem("An upstream service is unavailable; see Retry-After."),
}

_RATE_LIMIT_HEADERS = {
    "X-RateLimit-Limit": "Requests allowed per day (absent on unlimited plans).",
    "X-RateLimit-Remaining": "Requests left today.",
    "X-RateLimit-Reset": "Unix time of the next reset (midnight UTC).",
    "RateLimit-Policy": "IETF draft: the day and minute policies.",
    "RateLimit": "IETF draft: remaining requests and seconds to reset per policy.",
}

# Which data answered (accounts.authentication.LIVEMODE_HEADER). Responses given
# before the key is looked at (a refused key, an unacceptable Accept header, an
# oversized body) carry no mode.
_LIVEMODE_HEADER = "Livemode"
_LIVEMODE_DESCRIPTION = (
    "`true` when live data answered, `false` when test (sandbox) data did: the mode of the key "
    "(`eudr_live_` or `eudr_test_`); a signed-in panel session acts in live mode. The public "
    "verify endpoint always answers `true`: only live data is public. Absent from answers given "
    "before the key was checked (a refused key, an unacceptable Accept header or `format`, an "
    "oversized body)."
)
_ANSWERED_BEFORE_AUTHENTICATION = {"401", "406", "413"}

# The request header that picks the answers' version (eudr_service.lib.versioning). The
# schema describes the latest; without the header the service answers 1.0, so a client
# generated from this schema sends it (the Python client does on every request).
_VERSION_PARAMETER = {
    "name": "API-Version",
    "in": "header",
    "required": False,
    "schema": {"$ref": "#/components/schemas/ApiVersion"},
    "description": (
        f"The version of the answer. This document describes {settings.LATEST_API_VERSION}; "
        f"without the header the answer is {settings.API_VERSION}, whose changed forms "
        "(decimal strings, relative links, Polish commodity names, numbered webhook pages) "
        "carry Deprecation and Sunset headers (docs/api-conventions.md)."
    ),
}


SECURITY_SCHEMES = {
    "ApiKeyBearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "Authorization: Bearer eudr_live_...",
    },
    "ApiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-API-Key", "description": "Legacy form"},
}


class APIKeyAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "accounts.authentication.APIKeyAuthentication"
    name = list(SECURITY_SCHEMES)

    def get_security_definition(self, auto_schema: Any) -> list[dict[str, str]]:
        return list(SECURITY_SCHEMES.values())


def add_common_responses(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Every API operation: rate-limit headers on success, problem answers on error,
    and on every answer to a key or a session the mode that answered (`Livemode`)."""
    components = result.setdefault("components", {})
    # Public-only schemas would otherwise omit the schemes they mention.
    components.setdefault("securitySchemes", {}).update(SECURITY_SCHEMES)
    headers = components.setdefault("headers", {})
    for name, description in _RATE_LIMIT_HEADERS.items():
        headers[name] = {"schema": {"type": "string"}, "description": description}
    headers[_LIVEMODE_HEADER] = {
        "schema": {"type": "string", "enum": ["true", "false"]},
        "description": _LIVEMODE_DESCRIPTION,
    }
    components.setdefault("responses", {})
    # One named type for the header's values, not one per operation in generated clients.
    schemas = components.setdefault("schemas", {})
    schemas["ApiVersion"] = {"type": "string", "enum": list(settings.API_VERSIONS)}
    endpoints = getattr(generator, "endpoints", None) or []
    unthrottled = {
        (path, method.lower())
        for path, _regex, method, view in endpoints
        if not getattr(view.cls, "throttle_classes", True)
    }
    # Views that negotiate the Accept header answer 406 when nothing matches.
    negotiating = {
        (path, method.lower())
        for path, _regex, method, view in endpoints
        if issubclass(getattr(view.cls, "content_negotiation_class", object), DefaultContentNegotiation)
    }
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            parameters = operation.setdefault("parameters", [])
            if not any(p.get("name") == _VERSION_PARAMETER["name"] for p in parameters):
                parameters.append(dict(_VERSION_PARAMETER))
            responses = operation.setdefault("responses", {})
            protected = any(req for req in operation.get("security", [{}]) if req)
            limited = (path, method) not in unthrottled
            for status, response in responses.items():
                _problem_media_type(response)
                if limited and str(status).startswith("2"):
                    response.setdefault("headers", {}).update(
                        {name: {"$ref": f"#/components/headers/{name}"} for name in _RATE_LIMIT_HEADERS}
                    )
                if protected and str(status) not in _ANSWERED_BEFORE_AUTHENTICATION:
                    _declare_livemode(response)
            # 400 on every operation: `unsupported_api_version` for an API-Version not served.
            wanted = ([429] if limited else []) + ([401] if protected else []) + [400]
            wanted += [406] if (path, method) in negotiating else []
            # Every API body passes the size limit (413) and the JSON-only parsers (415).
            wanted += [413, 415] if "requestBody" in operation else []
            for status in wanted:
                if str(status) not in responses:
                    responses[str(status)] = _problem_ref(status)
                    if protected and str(status) not in _ANSWERED_BEFORE_AUTHENTICATION:
                        _declare_livemode(responses[str(status)])
    return result


def _declare_livemode(response: dict[str, Any]) -> None:
    response.setdefault("headers", {})[_LIVEMODE_HEADER] = {
        "$ref": f"#/components/headers/{_LIVEMODE_HEADER}"
    }


def _problem_media_type(response: dict[str, Any]) -> None:
    # drf-spectacular labels every body application/json; problems are not.
    content = response.get("content", {})
    body = content.get("application/json")
    if body and body.get("schema", {}).get("$ref", "").endswith("/Problem"):
        content["application/problem+json"] = content.pop("application/json")


def _problem_ref(status: int) -> dict[str, Any]:
    return {
        "description": PROBLEM_RESPONSES[status].description,
        "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }


# One table for the operations' groups in the documentation: the first matching
# path prefix names the tag. A path no row matches is tagged "untagged", which the
# schema test refuses, so a new endpoint cannot land ungrouped.
OPERATION_TAGS: tuple[tuple[str, str], ...] = (
    ("/api/v1/verify/", "verify"),
    ("/api/eudr/v1/risk-score", "risk"),
    ("/v1/risk-score", "risk"),
    ("/api/eudr/v1/dds", "dds"),
    ("/api/eudr/dds/", "dds"),
    ("/api/eudr/v1/simplified-declarations", "simplified-declarations"),
    ("/api/eudr/v1/eu-is/", "eu-is"),
    ("/api/eudr/v1/upstream-references", "eu-is"),
    ("/api/eudr/v1/organisation/roles", "downstream"),
    ("/api/eudr/v1/trading-partners", "downstream"),
    ("/api/eudr/v1/substantiated-concerns", "downstream"),
    ("/api/eudr/v1/suppliers", "suppliers"),
    ("/api/eudr/v1/supplier-filings", "suppliers"),
    ("/api/eudr/v1/annual-reports", "annual-report"),
    ("/api/eudr/v1/system-reviews", "annual-report"),
    ("/api/eudr/v1/webhooks", "webhooks"),
    ("/api/csrd/", "csrd"),
    ("/api/widget", "widget"),
    ("/api/eudr/v1/evidence", "evidence"),
    ("/api/v1/evidence", "evidence"),
)
TAG_DESCRIPTIONS: dict[str, str] = {
    "verify": "Public verification of a due diligence statement (no key).",
    "risk": "Deforestation risk for a location, a batch of locations, or a parcel and a commodity.",
    "dds": "Due diligence statements: filing, retrieval, listing and PDF.",
    "simplified-declarations": "Simplified declarations of micro and small primary operators (Art. 4a).",
    "eu-is": "The EU Information System: your credentials, and the upstream statements you keep.",
    "downstream": (
        "Your organisation's roles and their obligations; downstream operators' and traders' "
        "supplier and customer records (kept five years) and substantiated concerns (Art. 5 as amended)."
    ),
    "suppliers": (
        "A buyer's roster of the primary operators it files simplified declarations for as "
        "authorised representative (Art. 6): uploaded as CSV or XLSX, checked offline."
    ),
    "annual-report": (
        "The yearly public report on the due diligence system (Art. 12(3)), figures computed from your "
        "records, and the record of the system's yearly reviews (Art. 12(2), kept five years)."
    ),
    "webhooks": "Webhook endpoints, their deliveries and signing secrets.",
    "csrd": "CSRD reports rendered as PDF.",
    "widget": "The embeddable badge widget script.",
    "evidence": (
        "Signed, permanent evidence records of verdicts (docs/evidence.md): the owner's full form, "
        "the public form, the signed bytes. The public keys are at /.well-known/jwks.json."
    ),
}


def tag_for_path(path: str) -> str | None:
    for prefix, tag in OPERATION_TAGS:
        if path.startswith(prefix):
            return tag
    return None


def group_operations(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Tag every operation from OPERATION_TAGS and declare the tags with descriptions."""
    for path, operations in result.get("paths", {}).items():
        tag = tag_for_path(path) or "untagged"
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["tags"] = [tag]
    result["tags"] = [{"name": tag, "description": text} for tag, text in TAG_DESCRIPTIONS.items()]
    return result


# DRF's cursor pagination answers a cursor it did not issue with 404 `not_found`;
# every cursor-paginated list declares it.
INVALID_CURSOR = OpenApiResponse(ProblemSerializer, description="`not_found`: invalid cursor")
