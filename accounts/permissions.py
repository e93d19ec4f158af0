"""Plan features as a DRF permission: views declare `required_feature`."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from accounts.models import Plan
from eudr_service.lib.problems import Problem


class PlanRequired(Problem):
    def __init__(self, feature: str) -> None:
        plans = [p.code for p in Plan.objects.all() if p.has_feature(feature)]
        super().__init__(
            403,
            "plan_required",
            f"Your plan does not include '{feature}'. Plans that do: {', '.join(plans)}.",
            extra={"feature": feature, "plans": plans},
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
