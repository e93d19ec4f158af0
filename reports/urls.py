from eudr_service.lib.routers import ApiRouter
from reports import views

router = ApiRouter()
router.register("api/csrd", views.CsrdReportFilingViewSet, basename="csrd")
router.register("api/csrd/reports", views.CsrdReportViewSet, basename="csrd-report")

urlpatterns = router.urls
