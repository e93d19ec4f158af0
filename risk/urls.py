from django.urls import re_path

from eudr_service.lib.routers import ApiRouter
from risk import views as risk_views
from risk.admin import MOVED_ADMIN_PAGES, moved_admin_page

router = ApiRouter()
router.register("api/eudr/v1/risk-score/jobs", risk_views.RiskJobViewSet, basename="risk-job")
router.register("api/eudr/v1/risk-score", risk_views.RiskScoreViewSet, basename="risk-score")
# The second presentation's path, kept as a deprecated alias.
router.register("v1/risk-score", risk_views.DeprecatedRiskScoreViewSet, basename="risk-score-deprecated")

urlpatterns = router.urls

# Mounted under the admin's prefix, before the admin itself (eudr_service/urls.py).
moved_admin_urlpatterns = [
    re_path(
        rf"^(?P<app>{app})/(?P<model>{'|'.join(models)})/(?P<rest>.*)$",
        moved_admin_page,
        name=f"{app}-admin-moved",
    )
    for app, models in MOVED_ADMIN_PAGES.items()
]
