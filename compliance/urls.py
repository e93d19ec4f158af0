from django.urls import path

from compliance import certificate, downstream_views, eu_views, sd_views, views

urlpatterns = [
    path("api/v1/verify/<str:dds_id>", views.VerifyView.as_view(), name="verify"),
    path("cert/<str:dds_id>", certificate.certificate_page, name="certificate"),
    path("api/eudr/dds/generate", views.DDSGenerateView.as_view(), name="dds-generate"),
    path("api/eudr/dds/list", views.DDSListView.as_view(), name="dds-list"),
    path("api/eudr/v1/dds/<str:dds_id>", views.DDSDetailView.as_view(), name="dds-detail"),
    path("api/eudr/v1/dds/<str:dds_id>/pdf", views.DDSPdfView.as_view(), name="dds-pdf"),
    path("api/eudr/v1/dds/<str:dds_id>/withdraw", eu_views.DDSWithdrawView.as_view(), name="dds-withdraw"),
    path("api/eudr/v1/dds/<str:dds_id>/amend", eu_views.DDSAmendView.as_view(), name="dds-amend"),
    path(
        "api/eudr/v1/upstream-references",
        eu_views.UpstreamReferenceView.as_view(),
        name="upstream-references",
    ),
    path(
        "api/eudr/v1/organisation/roles",
        downstream_views.OrganisationRolesView.as_view(),
        name="organisation-roles",
    ),
    path(
        "api/eudr/v1/trading-partners",
        downstream_views.TradingPartnerListView.as_view(),
        name="trading-partners",
    ),
    path(
        "api/eudr/v1/trading-partners/export.csv",
        downstream_views.TradingPartnerExportCsvView.as_view(),
        name="trading-partners-csv",
    ),
    path(
        "api/eudr/v1/trading-partners/export.json",
        downstream_views.TradingPartnerExportJsonView.as_view(),
        name="trading-partners-json",
    ),
    path(
        "api/eudr/v1/trading-partners/<str:record_id>",
        downstream_views.TradingPartnerDetailView.as_view(),
        name="trading-partner",
    ),
    path(
        "api/eudr/v1/substantiated-concerns",
        downstream_views.SubstantiatedConcernView.as_view(),
        name="substantiated-concerns",
    ),
    path("api/eudr/v1/eu-is/credentials", eu_views.EuCredentialView.as_view(), name="eu-credentials"),
    path("api/eudr/v1/simplified-declarations", sd_views.SDListCreateView.as_view(), name="sd-list"),
    path(
        "api/eudr/v1/simplified-declarations/<str:sd_id>", sd_views.SDDetailView.as_view(), name="sd-detail"
    ),
    path("api/eudr/v1/simplified-declarations/<str:sd_id>/pdf", sd_views.SDPdfView.as_view(), name="sd-pdf"),
    path(
        "api/eudr/v1/simplified-declarations/<str:sd_id>/amend",
        sd_views.SDAmendView.as_view(),
        name="sd-amend",
    ),
    path(
        "api/eudr/v1/simplified-declarations/<str:sd_id>/withdraw",
        sd_views.SDWithdrawView.as_view(),
        name="sd-withdraw",
    ),
]
