from django.urls import path

from compliance import certificate, downstream_views, views
from eudr_service.lib.routers import ApiRouter

router = ApiRouter()
router.register("api/v1/verify", views.VerifyViewSet, basename="verify")
# The specification's paths for filing and listing; a statement itself is under v1. The
# statements' addresses are registered here only, withdraw and amend included (compliance.views).
router.register("api/eudr/dds", views.DDSFilingViewSet, basename="dds-filing")
router.register("api/eudr/v1/dds", views.DDSViewSet, basename="dds")
router.register("api/eudr/v1/simplified-declarations", views.SDViewSet, basename="sd")
router.register(
    "api/eudr/v1/organisation/roles", downstream_views.OrganisationRolesViewSet, basename="organisation-roles"
)
router.register(
    "api/eudr/v1/trading-partners", downstream_views.TradingPartnerViewSet, basename="trading-partners"
)
router.register(
    "api/eudr/v1/substantiated-concerns",
    downstream_views.SubstantiatedConcernViewSet,
    basename="substantiated-concerns",
)

urlpatterns = [
    path("cert/<str:dds_id>", certificate.certificate_page, name="certificate"),
    *router.urls,
]
