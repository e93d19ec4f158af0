from django.urls import path

from compliance import certificate, views
from compliance.risk import views as risk_views

urlpatterns = [
    path("api/v1/verify/<str:dds_id>", views.VerifyView.as_view(), name="verify"),
    path("cert/<str:dds_id>", certificate.certificate_page, name="certificate"),
    path("api/eudr/v1/risk-score", risk_views.RiskScoreView.as_view(), name="risk-score"),
    path("api/eudr/v1/risk-score/batch", risk_views.RiskBatchView.as_view(), name="risk-score-batch"),
    path("v1/risk-score", risk_views.DeprecatedRiskScoreView.as_view(), name="risk-score-deprecated"),
]

urlpatterns += [
    path("api/eudr/dds/generate", views.DDSGenerateView.as_view(), name="dds-generate"),
    path("api/eudr/dds/list", views.DDSListView.as_view(), name="dds-list"),
    path("api/eudr/v1/dds/<str:dds_id>", views.DDSDetailView.as_view(), name="dds-detail"),
    path("api/eudr/v1/dds/<str:dds_id>/pdf", views.DDSPdfView.as_view(), name="dds-pdf"),
]
