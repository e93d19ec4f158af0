from eudr_service.lib.routers import ApiRouter
from suppliers import views

router = ApiRouter()
router.register("api/eudr/v1/suppliers", views.SupplierViewSet, basename="suppliers")

urlpatterns = router.urls
