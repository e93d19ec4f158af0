from django.urls import path

from annual import pages, views
from eudr_service.lib.routers import ApiRouter

router = ApiRouter()
router.register("api/eudr/v1/annual-reports", views.AnnualReportViewSet, basename="annual-reports")
router.register("api/eudr/v1/system-reviews", views.SystemReviewViewSet, basename="system-reviews")

urlpatterns = [
    path("annual-report/<str:public_id>/", pages.annual_report_page, name="annual-report-public"),
    *router.urls,
]
