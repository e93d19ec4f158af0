"""The public certificate page of a statement (HTML, printable)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.decorators import ratelimit

from compliance.services import dds_find_public


@ratelimit(key="ip", rate=lambda group, request: f"{settings.VERIFY_ANON_PER_MINUTE}/m")
def certificate_page(request: HttpRequest, dds_id: str) -> HttpResponse:
    """GET /cert/{dds_id}: printable certificate of a statement."""
    if getattr(request, "limited", False):
        return render(request, "429.html", status=429, headers={"Retry-After": "60"})
    statement = dds_find_public(raw_id=dds_id)
    if statement is None:
        return render(request, "compliance/certificate_not_found.html", {"dds_id": dds_id}, status=404)
    return render(
        request,
        "compliance/certificate.html",
        {
            "statement": statement,
            "status": statement.effective_status(),
            "badge": statement.badge(),
        },
    )
