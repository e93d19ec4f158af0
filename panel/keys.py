"""API keys: create (the plaintext shown once), list, revoke.

The same services as the `create_api_key` command. The plaintext exists
only in the response to the creating POST: it is never stored, not even in
the session, and that response must not be cached anywhere.
"""

from __future__ import annotations

from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from accounts.models import APIKey
from accounts.services import TooManyKeys, api_key_create
from panel.forms import APIKeyCreateForm


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-keys", per_minute=panel_actions_per_minute)
def keys(request: HttpRequest) -> HttpResponse:
    form = APIKeyCreateForm(request.POST or None)
    created = plaintext = None
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                created, plaintext = api_key_create(
                    user=request.user,
                    name=form.cleaned_data["name"],
                    livemode=form.cleaned_data["mode"] == "live",
                )
                form = APIKeyCreateForm()
            except TooManyKeys:
                form.add_error(
                    None,
                    _("You have reached the maximum of %(max)d keys; revoke one first.")
                    % {"max": settings.API_KEYS_MAX_PER_ACCOUNT},
                )
                status = 400
        else:
            status = 400
    context = {
        "form": form,
        "keys": request.user.api_keys.all(),
        "created": created,
        "plaintext": plaintext,
    }
    return render(request, "panel/keys.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-keys", per_minute=panel_actions_per_minute)
def key_revoke(request: HttpRequest, key_id: UUID) -> HttpResponse:
    api_key = get_object_or_404(APIKey, public_id=key_id, user=request.user)
    if request.method == "POST":
        api_key.revoke()
        messages.success(request, _("The key “%(name)s” was revoked.") % {"name": api_key.name})
        return redirect("panel-keys")
    return render(request, "panel/key_revoke.html", {"key": api_key})
