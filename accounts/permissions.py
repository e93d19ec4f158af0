"""Plan features and key modes as DRF permissions: views declare `required_feature`
and `test_key_policy`."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from accounts.authentication import request_livemode
from accounts.models import Plan, plan_ladder
from eudr_service.lib.problems import Problem


class PlanRequired(Problem):
    def __init__(self, feature: str) -> None:
        plans = [p.code for p in plan_ladder(list(Plan.objects.all())) if p.has_feature(feature)]
        upgrade_url = settings.PUBLIC_BASE_URL.rstrip("/") + reverse("panel-plan")
        super().__init__(
            403,
            "plan_required",
            f"Your plan does not include '{feature}'. Plans that do: {', '.join(plans)}. "
            f"Change your plan at {upgrade_url}",
            extra={"feature": feature, "plans": plans, "upgrade_url": upgrade_url},
        )


class PlanFeaturePermission(BasePermission):
    """Allows the call when the account's plan includes the view's feature."""

    def has_permission(self, request: Request, view: Any) -> bool:
        feature = getattr(view, "required_feature", None)
        if feature is None or not request.user.is_authenticated:
            return True
        if not request.user.plan.has_feature(feature):
            raise PlanRequired(feature)
        return True


# What a test (sandbox) key may do on a view: every API view declares one of these
# as `test_key_policy` (tests/security/test_mode_policy.py walks every route).
TEST_OBJECTS = "test_objects"  # per mode: a test key reads and changes test objects only
LIVE_ONLY = "refuse"  # an account-wide live setting: a test key gets 403 live_key_required
PUBLIC = "public"  # the same public, live answer whatever key asks (verify)
TEST_KEY_POLICIES = (TEST_OBJECTS, LIVE_ONLY, PUBLIC)


class LiveKeyRequired(Problem):
    def __init__(self) -> None:
        super().__init__(
            403,
            "live_key_required",
            _(
                "Test keys cannot read or change this account-wide live setting. "
                "Use a live key (eudr_live_), or the panel."
            ),
        )


class ModePolicyPermission(BasePermission):
    """The mode is a capability of the key: a test key passes only views whose
    `test_key_policy` keeps it to test objects (or public data). A view that declares
    no policy refuses test keys, so a new view is live-only until it says otherwise.
    Live keys, panel sessions (the panel acts in live mode) and anonymous callers pass."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if request_livemode(request):
            return True
        if getattr(view, "test_key_policy", None) in (TEST_OBJECTS, PUBLIC):
            return True
        raise LiveKeyRequired()
