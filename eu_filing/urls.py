from eu_filing import views
from eudr_service.lib.routers import ApiRouter

router = ApiRouter()
# A statement's withdraw and amend are answered at its own address, which compliance
# registers (compliance.views): they reach the outbox through compliance.hooks.
router.register("api/eudr/v1/eu-is/credentials", views.EuCredentialViewSet, basename="eu-credentials")
router.register(
    "api/eudr/v1/upstream-references", views.UpstreamReferenceViewSet, basename="upstream-references"
)

urlpatterns = router.urls
