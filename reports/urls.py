from django.urls import path

from reports import views

urlpatterns = [
    path("api/csrd/report", views.CsrdReportCreateView.as_view(), name="csrd-report"),
    path(
        "api/csrd/reports/<uuid:report_id>", views.CsrdReportDetailView.as_view(), name="csrd-report-detail"
    ),
    path("api/csrd/reports/<uuid:report_id>/pdf", views.CsrdReportPdfView.as_view(), name="csrd-report-pdf"),
]
