from django.urls import path, re_path

from risk import views as risk_views
from risk.admin import MOVED_ADMIN_PAGES, moved_admin_page

urlpatterns = [
    path("api/eudr/v1/risk-score", risk_views.RiskScoreView.as_view(), name="risk-score"),
    path("api/eudr/v1/risk-score/batch", risk_views.RiskBatchView.as_view(), name="risk-score-batch"),
    path("v1/risk-score", risk_views.DeprecatedRiskScoreView.as_view(), name="risk-score-deprecated"),
    path("api/eudr/v1/risk-score/jobs", risk_views.RiskJobsView.as_view(), name="risk-jobs"),
    path("api/eudr/v1/risk-score/jobs/<str:job_id>", risk_views.RiskJobView.as_view(), name="risk-job"),
    path(
        "api/eudr/v1/risk-score/jobs/<str:job_id>/cancel",
        risk_views.RiskJobCancelView.as_view(),
        name="risk-job-cancel",
    ),
    path(
        "api/eudr/v1/risk-score/jobs/<str:job_id>/results.<str:fmt>",
        risk_views.RiskJobResultsView.as_view(),
        name="risk-job-results",
    ),
]

# Mounted under the admin's prefix, before the admin itself (eudr_service/urls.py).
moved_admin_urlpatterns = [
    re_path(
        rf"^(?P<app>{app})/(?P<model>{'|'.join(models)})/(?P<rest>.*)$",
        moved_admin_page,
        name=f"{app}-admin-moved",
    )
    for app, models in MOVED_ADMIN_PAGES.items()
]
