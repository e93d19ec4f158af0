"""The account's organisations and mandates, and how to get them verified.

Read-only: staff create and verify organisations and mandates in the admin
after checking the documents; this page says what they check and what to send.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from accounts.models import Mandate, Organisation


@login_required
@require_safe  # a page, no form: POST answers 405 (tests/security/test_route_walk.py)
def organisations(request: HttpRequest) -> HttpResponse:
    context = {
        "organisations": Organisation.objects.filter(account=request.user),
        "mandates": Mandate.objects.filter(account=request.user).select_related("organisation"),
        "contact": settings.ORGANISATION_VERIFICATION_EMAIL,
    }
    return render(request, "panel/organisations.html", context)
