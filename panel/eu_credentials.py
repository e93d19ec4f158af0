"""The account's EU Information System credentials: set, replace, forget. The key is never shown."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from accounts.limits import panel_actions_per_minute, rate_limited
from accounts.models import Plan
from accounts.services import eu_credential_delete, eu_credential_get
from eu_filing.credentials import (
    EuCredentialsRefused,
    LocalFakeUnavailable,
    eu_credential_local_fake,
    eu_credential_store,
)
from eu_filing.outbox import configured_environment
from panel.forms import ENVIRONMENT_LABELS, EuCredentialForm


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("panel-eu-credentials", per_minute=panel_actions_per_minute)
def eu_credentials(request: HttpRequest) -> HttpResponse:
    # The API's plan gate (EuCredentialViewSet.required_feature): filing with the EU is a "dds" feature.
    if not request.user.plan.has_feature("dds"):
        plans = [plan.name for plan in Plan.objects.all() if plan.has_feature("dds")]
        return render(request, "panel/eu_credentials.html", {"not_in_plan": True, "plans": plans}, status=403)
    credential = eu_credential_get(account_id=request.user.pk)
    status = 200
    if request.method == "POST" and request.POST.get("action") == "delete":
        eu_credential_delete(account=request.user)
        messages.success(request, _("Your EU credentials were deleted."))
        return redirect("panel-eu-credentials")
    if request.method == "POST" and request.POST.get("action") == "local_fake":
        _use_local_fake(request)
        return redirect("panel-eu-credentials")
    initial = (
        {
            "username": credential.username,
            "client_id": credential.client_id,
            "environment": credential.environment,
        }
        if credential
        else {"environment": configured_environment()}
    )
    form = EuCredentialForm(request.POST or None, initial=initial)
    if request.method == "POST":
        if form.is_valid():
            try:
                stored = eu_credential_store(account=request.user, **form.cleaned_data)
            except EuCredentialsRefused as exc:
                form.add_error(None, str(exc))
                status = 422
            else:
                if stored.confirmed_at is not None:
                    messages.success(request, _("The EU accepted your credentials; they were saved."))
                elif stored.last_checked_at is None:
                    messages.warning(
                        request,
                        _(
                            "Your EU credentials were saved but not checked: they are for another "
                            "environment than the one this service uses, so they are not used."
                        ),
                    )
                else:
                    messages.warning(
                        request,
                        _(
                            "Your EU credentials were saved but are not yet confirmed: the EU "
                            "Information System did not answer, or not clearly. The first statement "
                            "it accepts with them confirms them."
                        ),
                    )
                return redirect("panel-eu-credentials")
        else:
            status = 400
    environment = configured_environment()
    context = {
        "form": form,
        "credential": credential,
        "service_environment": environment,
        "service_environment_label": ENVIRONMENT_LABELS.get(environment, environment),
        "credential_environment_label": credential and ENVIRONMENT_LABELS.get(credential.environment),
        # make run's local fake EU system: offered to every account, and named as what it is.
        "local_fake_url": settings.EU_IS_URL if settings.EU_FAKE_ACCOUNTS_FILE else None,
    }
    return render(request, "panel/eu_credentials.html", context, status=status)


def _use_local_fake(request: HttpRequest) -> None:
    try:
        stored = eu_credential_local_fake(account=request.user)
    except LocalFakeUnavailable:
        messages.error(request, _("No local fake EU system runs beside this service."))
        return
    except EuCredentialsRefused as exc:
        messages.error(request, str(exc))
        return
    if stored.confirmed_at is not None:
        messages.success(
            request,
            _("Credentials of the local fake EU system were made for your account and saved."),
        )
    else:
        messages.warning(request, _("The local fake EU system did not answer; try again."))
