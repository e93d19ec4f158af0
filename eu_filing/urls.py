from eu_filing import views
from eudr_service.lib.routers import ApiRouter

router = ApiRouter()
# Withdraw and amend at the statements' own addresses, beside compliance's viewsets for the
# record and its PDF: the same prefixes and route names (dds-withdraw, sd-amend, ...), and
# no path of one matches a path of the other.
router.register("api/eudr/v1/dds", views.DDSEuViewSet, basename="dds")
router.register("api/eudr/v1/simplified-declarations", views.SDEuViewSet, basename="sd")
router.register("api/eudr/v1/eu-is/credentials", views.EuCredentialViewSet, basename="eu-credentials")
router.register(
    "api/eudr/v1/upstream-references", views.UpstreamReferenceViewSet, basename="upstream-references"
)

urlpatterns = router.urls
